import * as E from '@peis/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Modal, Result, Spin, Tabs, theme } from 'antd';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { ApiError } from '../../app/http';
import { freshOnOpen } from '../fresh-on-open';
import { useDiscardGuard } from '../list/form-dialog';
import { FamilyHistoryForm } from './forms/family-history-form';
import { HealthInfoForm } from './forms/health-info-form';
import { LifeInfoForm } from './forms/life-info-form';
import { blankEntry } from './forms/past-history-group';
import { PatientInfoForm } from './forms/patient-info-form';
import { fetchPhrDetail, phrKeys, postPhrForm } from './phr-api';
import {
  codeList,
  FAMILY_MEMBERS,
  PAST_GROUPS,
  type PhrTabKey,
  pathLabel,
  TAB_LABELS,
  TAB_OF_SECTION,
} from './phr-labels';
import type { PhrDetail, PhrRecordData, PhrSaveAnswer } from './phr-types';

export interface PhrEditDialogProps {
  open: boolean;
  /** The employee whose record is edited; absent = a new record (添加). */
  employeeId?: number | null;
  /** Preselected unit of a new record (the dialog asks for it). */
  unitId?: number | null;
  /** The record as GET /phr/{id} sent it, when the parent has it; otherwise the dialog loads it. */
  initial?: PhrDetail | null;
  onClose: () => void;
  /** After a successful save (the dialog is already closing); the parent refreshes. */
  onSaved?: (saved: { id: number; version: number } | undefined) => void;
}

type Path = (string | number)[];
interface PathError {
  path: Path;
  message: string;
}
type FormValues = Record<string, unknown>;

/** null → undefined all the way down, so empty selects show their placeholder. */
function withoutNulls(value: unknown): unknown {
  if (value === null) return undefined;
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (typeof value === 'object' && value !== undefined) {
    return Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, withoutNulls(v)]));
  }
  return value;
}

/** Sex, birthday and age from a valid ID number (GB 11643-1999), else nothing. */
function fromIdCard(idCard: unknown): { sex?: number; birthday?: string; age?: number } | null {
  if (typeof idCard !== 'string' || E.idCardProblem(idCard) !== null) return null;
  const info = E.idCardInfo(idCard);
  return { sex: info.sex, birthday: info.birthday, age: E.ageOn(info.birthday) };
}

const bmiOf = (height: unknown, weight: unknown): number | undefined =>
  typeof height === 'number' && typeof weight === 'number' && height > 0 && weight > 0
    ? E.bmi(height, weight)
    : undefined;

/** Form values of a record: every section present, lists as lists, derived values filled in. */
function toFormValues(record: PhrRecordData | undefined, unitId: number | null | undefined): FormValues {
  const r = (withoutNulls(record ?? {}) ?? {}) as PhrRecordData;
  const patientInfo = { ...(r.patientInfo ?? {}) } as Record<string, unknown>;
  patientInfo.payType = codeList(patientInfo.payType);
  Object.assign(patientInfo, fromIdCard(patientInfo.idCard) ?? {});
  const healthInfo = { ...(r.healthInfo ?? {}) } as Record<string, unknown>;
  healthInfo.BMI = bmiOf(healthInfo.height, healthInfo.weight) ?? healthInfo.BMI;
  const pastHistory: Record<string, unknown> = {};
  for (const g of PAST_GROUPS) {
    const group = r.pastHistory?.[g.key];
    const has = Number(group?.has) === 1 ? 1 : 0;
    const list = Array.isArray(group?.list) ? group.list : [];
    pastHistory[g.key] = { has, list: has === 1 && list.length === 0 ? [blankEntry(g.key)] : list };
  }
  const o = r.other ?? {};
  const other = {
    ...o,
    heredity: Number(o.heredity) === 1 ? 1 : 0,
    disability: { value: codeList(o.disability?.value), remark: o.disability?.remark },
    drugIrritability: { value: codeList(o.drugIrritability?.value), remark: o.drugIrritability?.remark },
    expose: codeList(o.expose),
  };
  const familyHistory = Object.fromEntries(
    FAMILY_MEMBERS.map((m) => {
      const member = r.familyHistory?.[m.key];
      return [m.key, { value: codeList(member?.value), remark: member?.remark }];
    }),
  );
  // Life answers are codes or free text (SPEC §3): kept as they are, the inputs show both.
  const lifeInfo = { ...(r.lifeInfo ?? {}) };
  return {
    unitId: unitId ?? undefined,
    patientInfo,
    healthInfo,
    pastHistory,
    other,
    familyHistory,
    lifeInfo,
    environment: { ...(r.environment ?? {}) },
  };
}

/** 'pastHistory.illness.list.0.remark' → ['pastHistory', 'illness', 'list', 0, 'remark']. */
const toPath = (path: string | readonly PropertyKey[]): Path =>
  (typeof path === 'string' ? path.split(/[./]/).filter(Boolean) : path.map(String)).map((p) =>
    /^\d+$/.test(String(p)) ? Number(p) : String(p),
  );

/** A group-level list error ('请填写疾病史') is shown on the group's 有/无 choice. */
const fieldPathOf = (path: Path): Path =>
  path.length === 3 && path[0] === 'pastHistory' && path[2] === 'list' ? [path[0], path[1], 'has'] : path;

const tabOf = (path: Path): PhrTabKey => TAB_OF_SECTION[String(path[0])] ?? 'patient';

/**
 * SPEC §2 edit dialog 添加/修改基础信息: four tabs (个人信息, 健康信息, 家庭信息, 生活信息), buttons 取 消 / 提 交,
 * not closed by clicking outside or by Esc. Every tab is validated before sending (the dialog opens the tab of
 * the first error); the answer's status sets the message level and only success closes it (SPEC §4/§8).
 */
export const PhrEditDialog = freshOnOpen(function PhrEditDialog({
  open,
  employeeId,
  unitId,
  initial,
  onClose,
  onSaved,
}: PhrEditDialogProps) {
  const editing = employeeId !== undefined && employeeId !== null;
  const [saving, setSaving] = useState(false);
  const { markDirty, guardClose, leaveGuard } = useDiscardGuard(open);
  const [opening, setOpening] = useState(0);
  const formId = `phr-form-${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;

  // Without a record from the parent, the dialog loads the current one (and its version) on every opening.
  const loaded = useQuery({
    queryKey: [...phrKeys.detail(employeeId ?? 0), 'edit', opening],
    queryFn: ({ signal }) => fetchPhrDetail(employeeId as number, signal),
    enabled: open && editing && !initial,
    gcTime: 0,
  });
  const detail = editing ? (initial ?? loaded.data) : undefined;
  const ready = !editing || Boolean(detail);

  let body: ReactNode;
  if (editing && !initial && loaded.isError) {
    body = <Result status="warning" title="档案加载失败" subTitle="请关闭后重试" />;
  } else if (!ready) {
    body = (
      <div style={{ padding: '64px 0', textAlign: 'center' }}>
        <Spin />
      </div>
    );
  } else {
    body = (
      <PhrEditForm
        // A fresh form per opening and per loaded version: never the values of a previous record.
        key={`${opening}:${employeeId ?? 'new'}:${detail?.version ?? 'none'}:${detail?.updatedAt ?? ''}`}
        formId={formId}
        employeeId={editing ? employeeId : undefined}
        detail={detail}
        unitId={unitId}
        saving={saving}
        setSaving={setSaving}
        onChange={markDirty}
        onDone={(saved) => {
          onClose();
          onSaved?.(saved);
        }}
      />
    );
  }

  return (
    <Modal
      title="添加/修改基础信息"
      open={open}
      onCancel={() => {
        if (!saving) guardClose(onClose);
      }}
      afterOpenChange={(visible) => {
        if (!visible) setOpening((n) => n + 1);
      }}
      mask={{ closable: false }}
      keyboard={false}
      destroyOnHidden
      width={{ xs: '100%', md: 880, xl: 1040 }}
      styles={{ body: { minHeight: 360, maxHeight: 'calc(100vh - 220px)', overflowY: 'auto', overflowX: 'hidden' } }}
      modalRender={(node) => <div data-testid="phr-dialog">{node}</div>}
      footer={[
        <Button key="cancel" onClick={() => guardClose(onClose)} disabled={saving} data-testid="phr-cancel">
          取 消
        </Button>,
        <Button
          key="submit"
          type="primary"
          htmlType="submit"
          form={formId}
          loading={saving}
          disabled={!ready || (editing && !initial && loaded.isError)}
          data-testid="phr-submit"
        >
          提 交
        </Button>,
      ]}
    >
      {leaveGuard}
      {body}
    </Modal>
  );
});

interface PhrEditFormProps {
  formId: string;
  saving: boolean;
  employeeId?: number;
  detail?: PhrDetail;
  unitId?: number | null;
  setSaving: (saving: boolean) => void;
  /** The user changed a value (the dialog then asks before dropping the changes). */
  onChange: () => void;
  onDone: (saved: { id: number; version: number } | undefined) => void;
}

function PhrEditForm({ formId, saving, employeeId, detail, unitId, setSaving, onChange, onDone }: PhrEditFormProps) {
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const [form] = Form.useForm<FormValues>();
  const queryClient = useQueryClient();
  const adding = employeeId === undefined;
  const [tab, setTab] = useState<PhrTabKey>('patient');
  const [unplaced, setUnplaced] = useState<PathError[]>([]);
  const [errorTabs, setErrorTabs] = useState<Set<PhrTabKey>>(new Set());
  const initialValues = useMemo(() => toFormValues(detail?.record, unitId), [detail, unitId]);

  /** Opens the tab of a field and scrolls to it once the tab is shown. */
  const reveal = (path: Path) => {
    setTab(tabOf(path));
    setTimeout(() => form.scrollToField(path, { block: 'center' }), 50);
  };

  /** Puts errors on their fields; those without a field are listed above the tabs. */
  const showErrors = (errors: PathError[]) => {
    const byField = new Map<string, { path: Path; messages: string[] }>();
    for (const e of errors) {
      const path = fieldPathOf(e.path);
      const key = JSON.stringify(path);
      const entry = byField.get(key) ?? { path, messages: [] };
      if (!entry.messages.includes(e.message)) entry.messages.push(e.message);
      byField.set(key, entry);
    }
    const entries = [...byField.values()];
    form.setFields(entries.map((e) => ({ name: e.path, errors: e.messages })));
    const placed = entries.filter((e) => form.getFieldError(e.path).length > 0);
    setUnplaced(
      entries
        .filter((e) => !placed.includes(e))
        .flatMap((e) => e.messages.map((message) => ({ path: e.path, message }))),
    );
    setErrorTabs(new Set(entries.map((e) => tabOf(e.path))));
    const first = placed[0] ?? entries[0];
    if (first) reveal(first.path);
  };

  const buildBody = (values: FormValues): Record<string, unknown> => {
    const record = {
      patientInfo: values.patientInfo,
      healthInfo: values.healthInfo,
      pastHistory: values.pastHistory,
      other: values.other,
      familyHistory: values.familyHistory,
      lifeInfo: values.lifeInfo,
      environment: values.environment,
    };
    if (adding) return { type: 'add', unitId: values.unitId, ...record };
    // A record not yet created is sent without a version: if someone creates it meanwhile, this save is
    // stale (409) instead of silently replacing theirs as "version 1".
    return { type: 'edit', id: employeeId, version: detail?.version ?? undefined, ...record };
  };

  /** Form validation failed on some tab: open the tab of the first error. */
  const onInvalid = (fields: { name: Path }[]) => {
    setUnplaced([]);
    setErrorTabs(new Set(fields.map((f) => tabOf(f.name))));
    if (fields[0]) reveal(fields[0].name);
  };

  /** Every tab passed form validation (antd validates all registered fields, on every tab). */
  const submit = async () => {
    setUnplaced([]);
    setErrorTabs(new Set());
    // The whole store, including values of fields hidden by a condition (the schema drops what does not apply).
    const body = buildBody(form.getFieldsValue(true) as FormValues);
    // The server validates with exactly this schema: check here first so every error shows before sending.
    const parsed = E.phrFormSchema.safeParse(body);
    if (!parsed.success) {
      const issues = parsed.error.issues
        .map((i) => ({ path: toPath(i.path), message: i.message }))
        // The ID number of an existing record cannot be changed here; the server judges it.
        .filter((i) => adding || i.path.join('.') !== 'patientInfo.idCard');
      if (issues.length > 0) {
        showErrors(issues);
        return;
      }
    }
    setSaving(true);
    let answer: PhrSaveAnswer;
    try {
      answer = await postPhrForm(body);
    } catch (e) {
      setSaving(false);
      if (!(e instanceof ApiError)) return;
      if (e.status === 400) {
        message.error(e.msg || '提交失败');
        showErrors(e.errors.map((err) => ({ path: toPath(err.path), message: err.message })));
      } else if (e.status === 409) {
        message.warning(e.msg || '数据已被他人修改，请刷新后重试');
      } else if (e.msg && e.status > 400 && e.status < 500 && ![401, 403, 404].includes(e.status)) {
        // Statuses the catalogue leaves to the caller (413, 422…): the server's own text.
        message.error(e.msg);
      }
      return;
    }
    setSaving(false);
    const level = answer.status ?? 'success';
    const text = answer.msg || (level === 'success' ? '提交成功！' : '提交失败');
    message[level](text);
    if (level !== 'success') return;
    void queryClient.invalidateQueries({ queryKey: phrKeys.all });
    onDone(answer.data);
  };

  const onValuesChange = (changed: FormValues) => {
    onChange();
    const patient = changed.patientInfo as Record<string, unknown> | undefined;
    if (adding && patient && 'idCard' in patient) {
      const derived = fromIdCard(patient.idCard);
      form.setFieldValue(['patientInfo', 'sex'], derived?.sex);
      form.setFieldValue(['patientInfo', 'birthday'], derived?.birthday);
      form.setFieldValue(['patientInfo', 'age'], derived?.age);
    }
    const health = changed.healthInfo as Record<string, unknown> | undefined;
    if (health && ('height' in health || 'weight' in health)) {
      form.setFieldValue(
        ['healthInfo', 'BMI'],
        bmiOf(form.getFieldValue(['healthInfo', 'height']), form.getFieldValue(['healthInfo', 'weight'])),
      );
    }
    const past = changed.pastHistory as Record<string, { has?: unknown }> | undefined;
    for (const g of PAST_GROUPS) {
      // SPEC §4: choosing 有 with an empty list adds one blank entry.
      if (past?.[g.key] && 'has' in past[g.key] && Number(past[g.key].has) === 1) {
        const list = form.getFieldValue(['pastHistory', g.key, 'list']) as unknown[] | undefined;
        if (!list || list.length === 0) form.setFieldValue(['pastHistory', g.key, 'list'], [blankEntry(g.key)]);
      }
    }
  };

  const label = (key: PhrTabKey) => (
    <span style={errorTabs.has(key) ? { color: token.colorError } : undefined}>{TAB_LABELS[key]}</span>
  );

  return (
    <Form
      id={formId}
      name={formId}
      form={form}
      disabled={saving}
      layout="vertical"
      initialValues={initialValues}
      onFinish={submit}
      onFinishFailed={({ errorFields }) => onInvalid(errorFields.map((f) => ({ name: f.name as Path })))}
      scrollToFirstError={false}
      onValuesChange={onValuesChange}
      // A long four-tab record is sent with 提 交 only: Enter in a field (confirming a typed date, say) must not
      // submit it half-filled.
      onKeyDown={(e) => {
        if (e.key === 'Enter' && e.target instanceof HTMLInputElement) e.preventDefault();
      }}
      data-testid="phr-form"
    >
      {unplaced.length > 0 ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title="请检查以下内容"
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {unplaced.map((e) => (
                <li key={`${e.path.join('.')}:${e.message}`}>
                  {pathLabel(e.path.join('.'))}：{e.message}
                </li>
              ))}
            </ul>
          }
        />
      ) : null}
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as PhrTabKey)}
        items={[
          { key: 'patient', label: label('patient'), forceRender: true, children: <PatientInfoForm adding={adding} /> },
          { key: 'health', label: label('health'), forceRender: true, children: <HealthInfoForm /> },
          { key: 'family', label: label('family'), forceRender: true, children: <FamilyHistoryForm /> },
          { key: 'life', label: label('life'), forceRender: true, children: <LifeInfoForm /> },
        ]}
      />
    </Form>
  );
}

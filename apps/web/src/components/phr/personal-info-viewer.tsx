import { EditOutlined } from '@ant-design/icons';
import * as E from '@peis/shared';
import { Button, Descriptions, type DescriptionsProps, Empty, Flex, Table, Tabs, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Digits } from '../list/digits';
import {
  codeList,
  ENVIRONMENT_LABELS,
  FAMILY_MEMBERS,
  HEALTH_LABELS,
  HEALTH_UNITS,
  LIFE_LABELS,
  OTHER_LABELS,
  PAST_GROUPS,
  PATIENT_LABELS,
  type PhrTabKey,
  TAB_LABELS,
} from './phr-labels';
import type { CodesWithRemark, HistoryGroupData, PhrRecordData } from './phr-types';

export interface PersonalInfoViewerProps {
  /** The record (GET /phr/{id} data.record). */
  data: PhrRecordData | null | undefined;
  /** SPEC §2/§6: the edit button appears only when the parent enables editing. */
  editable?: boolean;
  onEdit?: () => void;
  /** The tab open first. */
  defaultTab?: PhrTabKey;
}

const EMPTY = '-';

const show = (v: unknown): ReactNode => {
  if (v === null || v === undefined || v === '') return EMPTY;
  if (Array.isArray(v)) return v.length ? v.join('、') : EMPTY;
  return String(v);
};
const showEnum = (e: E.Enum, v: unknown): ReactNode => show(E.enumLabel(e, v)) || EMPTY;
const withUnit = (v: unknown, unit?: string): ReactNode =>
  v === null || v === undefined || v === '' ? EMPTY : `${String(v)}${unit ? ` ${unit}` : ''}`;

/** Codes with their "other" text: 青霉素、其他（某药）. */
function codesWithRemark(e: E.Enum, group: CodesWithRemark | null | undefined, otherCode: number): ReactNode {
  const codes = codeList(group?.value);
  if (codes.length === 0) return EMPTY;
  return codes
    .map((c) => (c === otherCode && group?.remark ? `${E.enumLabel(e, c)}（${group.remark}）` : E.enumLabel(e, c)))
    .join('、');
}

const descProps: DescriptionsProps = {
  bordered: true,
  size: 'small',
  column: { xs: 1, sm: 2, lg: 3 },
  styles: { label: { width: 130, whiteSpace: 'nowrap' } },
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="phr-viewer-section">
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

function PatientTab({ data }: { data: PhrRecordData }) {
  const p = data.patientInfo ?? {};
  const L = PATIENT_LABELS;
  const items: DescriptionsProps['items'] = [
    { key: 'name', label: L.name, children: show(p.name) },
    { key: 'sex', label: L.sex, children: showEnum(E.SEX, p.sex) },
    { key: 'age', label: L.age, children: withUnit(p.age, '岁') },
    { key: 'idCard', label: L.idCard, children: <Digits>{show(p.idCard)}</Digits> },
    { key: 'birthday', label: L.birthday, children: show(p.birthday) },
    { key: 'nation', label: L.nation, children: show(p.nation) },
    { key: 'mobile', label: L.mobile, children: <Digits>{show(p.mobile)}</Digits> },
    { key: 'permanent', label: L.permanent, children: showEnum(E.PERMANENT, p.permanent) },
    { key: 'guardian', label: L.guardian, children: show(p.guardian) },
    { key: 'ecmobile', label: L.ecmobile, children: <Digits>{show(p.ecmobile)}</Digits> },
    { key: 'educationLevel', label: L.educationLevel, children: showEnum(E.EDUCATION, p.educationLevel) },
    { key: 'professional', label: L.professional, children: showEnum(E.OCCUPATION, p.professional) },
    { key: 'marital', label: L.marital, children: showEnum(E.MARITAL, p.marital) },
    { key: 'fertility', label: L.fertility, children: showEnum(E.FERTILITY, p.fertility) },
    { key: 'payType', label: L.payType, children: showEnum(E.PAY_TYPE, codeList(p.payType)) },
    { key: 'companyName', label: L.companyName, children: show(p.companyName) },
    { key: 'companyLevel', label: L.companyLevel, children: show(p.companyLevel) },
    { key: 'companyJobTitle', label: L.companyJobTitle, children: show(p.companyJobTitle) },
    { key: 'salaryNumber', label: L.salaryNumber, children: show(p.salaryNumber) },
    { key: 'companyJob', label: L.companyJob, children: show(p.companyJob) },
    { key: 'workType', label: L.workType, children: show(p.workType) },
  ];
  return <Descriptions {...descProps} items={items} />;
}

interface HistoryRow {
  key: number;
  time: string;
  name: string;
}

function HistoryTable({
  group,
  timeLabel,
  nameLabel,
  rowsOf,
}: {
  group: HistoryGroupData<Record<string, unknown>> | null | undefined;
  timeLabel: string;
  nameLabel: string;
  rowsOf: (entry: Record<string, unknown>) => string;
}) {
  const list = group?.list ?? [];
  const has = group?.has === null || group?.has === undefined ? null : Number(group.has);
  if (has === null && list.length === 0) return <Typography.Text>{EMPTY}</Typography.Text>;
  if (has === 0 || list.length === 0) return <Typography.Text>{has === 1 ? '有' : '无'}</Typography.Text>;
  const rows: HistoryRow[] = list.map((entry, i) => ({
    key: i,
    time: String(entry.time ?? EMPTY),
    name: rowsOf(entry),
  }));
  return (
    <Table<HistoryRow>
      size="small"
      bordered
      pagination={false}
      dataSource={rows}
      columns={[
        { key: 'index', title: '序号', width: 64, render: (_, __, i) => i + 1 },
        { key: 'time', dataIndex: 'time', title: timeLabel, width: 140 },
        { key: 'name', dataIndex: 'name', title: nameLabel },
      ]}
    />
  );
}

function HealthTab({ data }: { data: PhrRecordData }) {
  const h = data.healthInfo ?? {};
  const o = data.other ?? {};
  const past = data.pastHistory ?? {};
  const healthItems: DescriptionsProps['items'] = (Object.keys(HEALTH_LABELS) as (keyof typeof HEALTH_LABELS)[]).map(
    (k) => ({
      key: k,
      label: HEALTH_LABELS[k],
      children: k === 'blood' ? showEnum(E.BLOOD, h.blood) : withUnit(h[k], HEALTH_UNITS[k]),
    }),
  );
  const O = OTHER_LABELS;
  const otherItems: DescriptionsProps['items'] = [
    {
      key: 'heredity',
      label: O.heredity,
      children:
        o.heredity === 1 ? `有${o.heredityDetail ? `（${o.heredityDetail}）` : ''}` : o.heredity === 0 ? '无' : EMPTY,
    },
    {
      key: 'disability',
      label: O.disability,
      children: codesWithRemark(E.DISABILITY, o.disability, E.OTHER_DISABILITY_CODE),
    },
    {
      key: 'drugIrritability',
      label: O.drugIrritability,
      children: codesWithRemark(E.DRUG_ALLERGY, o.drugIrritability, E.OTHER_DRUG_ALLERGY_CODE),
    },
    { key: 'foodsIrritability', label: O.foodsIrritability, children: show(o.foodsIrritability) },
    { key: 'expose', label: O.expose, children: showEnum(E.EXPOSURE, codeList(o.expose)) },
    { key: 'illnessHostory', label: O.illnessHostory, children: show(o.illnessHostory), span: 'filled' },
    { key: 'frist', label: O.frist, children: show(o.frist), span: 'filled' },
    { key: 'all', label: O.all, children: show(o.all), span: 'filled' },
  ];
  return (
    <>
      <Section title="健康数据">
        <Descriptions {...descProps} items={healthItems} />
      </Section>
      <Section title="既往史">
        <Flex vertical gap={12}>
          {PAST_GROUPS.map((g) => (
            <div key={g.key} data-testid={`phr-viewer-${g.key}`}>
              <Typography.Text strong>{g.label}：</Typography.Text>
              <div style={{ marginTop: 4 }}>
                <HistoryTable
                  group={past[g.key] as HistoryGroupData<Record<string, unknown>> | null | undefined}
                  timeLabel={g.timeLabel}
                  nameLabel={g.nameLabel}
                  rowsOf={(entry) => {
                    const value = entry[g.nameKey];
                    if (g.key !== 'illness') return String(value ?? EMPTY);
                    const label = E.enumLabel(E.PAST_ILLNESS, value) || EMPTY;
                    return Number(value) === E.OTHER_ILLNESS_CODE && entry.remark
                      ? `${label}（${String(entry.remark)}）`
                      : label;
                  }}
                />
              </div>
            </div>
          ))}
        </Flex>
      </Section>
      <Section title="其他">
        <Descriptions {...descProps} items={otherItems} />
      </Section>
    </>
  );
}

function FamilyTab({ data }: { data: PhrRecordData }) {
  const f = data.familyHistory ?? {};
  const items: DescriptionsProps['items'] = FAMILY_MEMBERS.map((m) => ({
    key: m.key,
    label: m.label,
    children: codesWithRemark(E.FAMILY_DISEASE, f[m.key], E.OTHER_FAMILY_DISEASE_CODE),
  }));
  return (
    <Section title="家族史">
      <Descriptions {...descProps} column={1} items={items} />
    </Section>
  );
}

function LifeTab({ data }: { data: PhrRecordData }) {
  const l = data.lifeInfo ?? {};
  const env = data.environment ?? {};
  const lifeItems: DescriptionsProps['items'] = [
    // Answers are codes of the usual list or free text (SPEC §3); enumLabel shows text as it is.
    { key: 'foods', label: LIFE_LABELS.foods, children: showEnum(E.FOODS, l.foods) },
    { key: 'sleep', label: LIFE_LABELS.sleep, children: showEnum(E.SLEEP, l.sleep) },
    { key: 'smoke', label: LIFE_LABELS.smoke, children: showEnum(E.SMOKE, l.smoke) },
    { key: 'drink', label: LIFE_LABELS.drink, children: showEnum(E.DRINK, l.drink) },
    { key: 'daily', label: LIFE_LABELS.daily, children: showEnum(E.DAILY, l.daily) },
    { key: 'style', label: LIFE_LABELS.style, children: show(l.style), span: 'filled' },
  ];
  const envEnums: Record<keyof typeof ENVIRONMENT_LABELS, E.Enum> = {
    exhaust: E.EXHAUST,
    energy: E.ENERGY,
    water: E.WATER,
    toilet: E.TOILET,
    acorral: E.ACORRAL,
  };
  const envItems: DescriptionsProps['items'] = (
    Object.keys(ENVIRONMENT_LABELS) as (keyof typeof ENVIRONMENT_LABELS)[]
  ).map((k) => ({ key: k, label: ENVIRONMENT_LABELS[k], children: showEnum(envEnums[k], env[k]) }));
  return (
    <>
      <Section title="生活信息">
        <Descriptions {...descProps} items={lifeItems} />
      </Section>
      <Section title="居住环境">
        <Descriptions {...descProps} items={envItems} />
      </Section>
    </>
  );
}

/**
 * SPEC §2 personal information viewer: four tabs (个人信息, 健康信息, 家庭信息, 生活信息) with every field of the
 * record in Chinese, and an edit button only when the parent enables editing. Every tab is rendered (hidden
 * until chosen) so a printout can show all four.
 */
export function PersonalInfoViewer({
  data,
  editable = false,
  onEdit,
  defaultTab = 'patient',
}: PersonalInfoViewerProps) {
  if (!data) return <Empty description="暂无档案信息" />;
  const pane = (key: PhrTabKey, body: ReactNode) => ({
    key,
    label: TAB_LABELS[key],
    forceRender: true,
    className: 'phr-viewer-pane',
    children: (
      <>
        <Typography.Title level={4} className="phr-print-only">
          {TAB_LABELS[key]}
        </Typography.Title>
        {body}
      </>
    ),
  });
  return (
    <div data-testid="phr-viewer">
      <Tabs
        defaultActiveKey={defaultTab}
        tabBarExtraContent={
          editable ? (
            <Button
              type="primary"
              icon={<EditOutlined />}
              onClick={onEdit}
              className="phr-no-print"
              data-testid="phr-viewer-edit"
            >
              编辑
            </Button>
          ) : null
        }
        items={[
          pane('patient', <PatientTab data={data} />),
          pane('health', <HealthTab data={data} />),
          pane('family', <FamilyTab data={data} />),
          pane('life', <LifeTab data={data} />),
        ]}
      />
    </div>
  );
}

/** A record status tag: 完整 / 不完整 / 未建档. */
export function PhrStatusTag({ hasRecord, complete }: { hasRecord: boolean; complete: boolean }) {
  if (!hasRecord) return <Tag>未建档</Tag>;
  return complete ? <Tag color="success">完整</Tag> : <Tag color="warning">不完整</Tag>;
}

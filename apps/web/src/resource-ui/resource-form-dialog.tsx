import { formFields, type ResourceDef } from '@peis/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Modal, Result, Spin } from 'antd';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { ApiError } from '../app/http';
import { freshOnOpen } from '../components/fresh-on-open';
import { useDiscardGuard } from '../components/list/form-dialog';
import { type CellErrors, splitErrorPath, withKeys } from './field-kinds/children-rows';
import { CELL_ERRORS_MESSAGE, submitValue } from './field-kinds/field-rules';
import { FormRenderer } from './field-kinds/form-renderer';
import { ServerErrorsProvider, useServerErrors } from './field-kinds/server-errors';
import {
  fetchRecord,
  invalidateResource,
  leftoverMessage,
  type ResourceRecord,
  resourceKeys,
  saveRecord,
} from './resource-api';

export interface ResourceFormDialogProps {
  resource: ResourceDef;
  /** The record to edit (a list row is enough: the full record is loaded); absent = create. */
  record?: ResourceRecord | null;
  open: boolean;
  onClose: () => void;
  /** After a successful save, with the saved record (the dialog has already refreshed the resource's queries). */
  onSaved?: (record: ResourceRecord | undefined) => void;
  /** Values a new record starts with, over the fields' defaults (e.g. the dictionary type being viewed). */
  defaults?: Record<string, unknown>;
  /** What the form shows under its fields (e.g. a live total of a child table); see FormExtra. */
  formExtra?: FormExtra;
}

/**
 * A screen's own part of the generic form, rendered inside the antd <Form> under the declared fields: it reads
 * the values as they are typed with `Form.useWatch(name)` (e.g. the nutrients of a dish's ingredient lines). It
 * only shows; the declared fields are what is submitted.
 */
export type FormExtra = (ctx: { editing: boolean; record?: ResourceRecord }) => ReactNode;

/** Initial form values: the record's values, or each field's default for a new record. */
function initialValues(
  resource: ResourceDef,
  record: ResourceRecord | undefined,
  defaults?: Record<string, unknown>,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [key, f] of formFields(resource, record ? 'update' : 'create')) {
    const v = record ? record[key] : (defaults?.[key] ?? f.defaultValue);
    values[key] = f.kind === 'children' ? withKeys(f, v ?? []) : v;
  }
  return values;
}

/**
 * SPEC §2/§4 create/edit dialog: the generic form of a resource in a modal that clicking outside does not
 * close (取 消 / 确 定). Sent only when validation passes; the server's 400 field errors land on the fields,
 * a 409 (changed by someone else) keeps the dialog open with the server's message.
 */
export const ResourceFormDialog = freshOnOpen(function ResourceFormDialog({
  resource,
  record,
  open,
  onClose,
  onSaved,
  defaults,
  formExtra,
}: ResourceFormDialogProps) {
  const [saving, setSaving] = useState(false);
  const { markDirty, guardClose, leaveGuard } = useDiscardGuard(open);
  const close = () => guardClose(onClose);
  const formId = `resource-form-${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const editing = record !== undefined && record !== null;
  const id = record?.id;

  // Edit starts from the full record (lists mask some fields) and its current version, loaded on every opening.
  const full = useQuery({
    queryKey: resourceKeys.edit(resource, id ?? ''),
    queryFn: ({ signal }) => fetchRecord(resource, id as ResourceRecord['id'], signal),
    enabled: open && editing,
    gcTime: 0,
  });
  const ready = !editing || (full.isSuccess && !full.isFetching);

  let body: ReactNode;
  if (editing && full.isError) {
    body = <Result status="warning" title="记录加载失败" subTitle="请关闭后重试" />;
  } else if (!ready) {
    body = (
      <div style={{ padding: '48px 0', textAlign: 'center' }}>
        <Spin />
      </div>
    );
  } else {
    body = (
      <ServerErrorsProvider
        // A fresh form (and form store) per opening and loaded version: never a previous record's values.
        key={editing ? `${String(id)}@${full.dataUpdatedAt}` : 'new'}
      >
        <ResourceForm
          formId={formId}
          resource={resource}
          record={editing ? full.data : undefined}
          defaults={defaults}
          formExtra={formExtra}
          saving={saving}
          setSaving={setSaving}
          onChange={markDirty}
          onDone={(saved) => {
            onClose();
            onSaved?.(saved);
          }}
        />
      </ServerErrorsProvider>
    );
  }

  return (
    <Modal
      title={`${editing ? '编辑' : '新增'}${resource.label}`}
      open={open}
      onCancel={close}
      mask={{ closable: false }}
      keyboard={!saving}
      destroyOnHidden
      width={{ xs: '100%', md: 760, xl: 880 }}
      footer={[
        <Button key="cancel" onClick={close} disabled={saving} data-testid="resource-form-cancel">
          取 消
        </Button>,
        // Submits the form by its id: the form lives in the dialog body, the button in the footer.
        <Button
          key="ok"
          type="primary"
          htmlType="submit"
          form={formId}
          loading={saving}
          disabled={!ready || (editing && full.isError)}
          data-testid="resource-form-ok"
        >
          确 定
        </Button>,
      ]}
    >
      {leaveGuard}
      {body}
    </Modal>
  );
});

interface ResourceFormProps {
  formId: string;
  resource: ResourceDef;
  record: ResourceRecord | undefined;
  saving: boolean;
  setSaving: (saving: boolean) => void;
  /** The user changed a value (the dialog then asks before dropping the changes). */
  onChange: () => void;
  onDone: (saved: ResourceRecord | undefined) => void;
  defaults?: Record<string, unknown>;
  formExtra?: FormExtra;
}

function ResourceForm({
  formId,
  resource,
  record,
  defaults,
  formExtra,
  saving,
  setSaving,
  onChange,
  onDone,
}: ResourceFormProps) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const cells = useServerErrors();
  const editing = record !== undefined;
  const initial = useMemo(() => initialValues(resource, record, defaults), [resource, record, defaults]);

  const submit = async (values: Record<string, unknown>) => {
    const body: Record<string, unknown> = {};
    for (const [key, f] of formFields(resource, editing ? 'update' : 'create')) body[key] = submitValue(f, values[key]);
    if (record) {
      body.id = record.id;
      body.version = record.version;
    }
    setSaving(true);
    try {
      const answer = await saveRecord(resource, body);
      message.success('保存成功');
      setSaving(false);
      onDone(answer?.data);
      void invalidateResource(queryClient, resource);
    } catch (e) {
      setSaving(false);
      if (e instanceof ApiError && e.status === 400 && e.errors.length > 0) {
        // A message naming a field goes under it; one naming a cell of a child table ('questions.2.label')
        // goes into that cell, and the table says there is something to fix.
        const byField = new Map<string, string[]>();
        const byCell: CellErrors = {};
        for (const err of e.errors) {
          const at = splitErrorPath(resource.fields, err.path);
          if (!at) continue;
          const [key, cell] = at;
          if (cell && resource.fields[key].kind === 'children') byCell[`${key}.${cell}`] = err.message;
          const text = cell && resource.fields[key].kind === 'children' ? CELL_ERRORS_MESSAGE : err.message;
          byField.set(key, [...new Set([...(byField.get(key) ?? []), text])]);
        }
        cells.set(byCell);
        form.setFields([...byField].map(([name, errors]) => ({ name, errors })));
      }
      // 400/409…: the server's own text (the HTTP client has already shown 403/404/500/network).
      const text = leftoverMessage(e);
      if (text) message.error(text);
    }
  };

  return (
    <Form
      id={formId}
      name={formId}
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={submit}
      onValuesChange={onChange}
      scrollToFirstError
      disabled={saving}
      data-testid="resource-form"
    >
      <FormRenderer fields={resource.fields} editing={editing} record={record} />
      {formExtra?.({ editing, record })}
    </Form>
  );
}

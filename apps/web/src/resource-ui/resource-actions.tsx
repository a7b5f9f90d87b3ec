import { type ActionDef, allowedActions, deleteRefusal, hasButtonPermission, type ResourceDef } from '@peis/shared';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Modal, Popconfirm, Tooltip } from 'antd';
import { useCallback, useId, useState } from 'react';
import { ApiError } from '../app/http';
import { useSession } from '../app/use-session';
import { freshOnOpen } from '../components/fresh-on-open';
import { useDiscardGuard } from '../components/list/form-dialog';
import { confirmText, deleteConfirm, doneText } from './action-rules';
import { splitErrorPath } from './field-kinds/children-rows';
import { submitValue } from './field-kinds/field-rules';
import { FormRenderer } from './field-kinds/form-renderer';
import { invalidateResource, leftoverMessage, type ResourceRecord, runAction } from './resource-api';

/** Whether the account holds a permission code: a menu code from the stored menus, a button code from btnPermissions. */
export function useCan(): (code: string) => boolean {
  const { menus, btnPermissions } = useSession();
  return useCallback(
    (code: string) => Boolean(menus?.includes(code)) || hasButtonPermission(btnPermissions, code),
    [menus, btnPermissions],
  );
}

/** The bulk actions of a resource the account may run (the list offers row selection only when there are some). */
export function useBulkActions(resource: ResourceDef): [string, ActionDef][] {
  const can = useCan();
  return Object.entries(resource.actions ?? {}).filter(([, a]) => a.bulk && can(a.permission));
}

/** The rows an action is about to run on, and whether it was started as a bulk action. */
interface Pending {
  name: string;
  action: ActionDef;
  rows: ResourceRecord[];
  bulk: boolean;
}

/**
 * Runs declared actions for a list: `start` runs one at once after its Popconfirm, or opens the action's small
 * form when it has fields. Success says the server's `done` text and refreshes the resource; a 409 (the row
 * moved on meanwhile) says the server's message with the current state and refreshes the list too.
 */
export function useActionRunner(resource: ResourceDef, onDone?: () => void) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<Pending | null>(null);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);

  const run = async (p: Pending, fields: Record<string, unknown>): Promise<'done' | ApiError | null> => {
    try {
      const answer = await runAction(resource, p.name, p.rows, fields, p.bulk);
      message.success(answer?.msg || doneText(p.action, p.rows.length));
      onDone?.();
      void invalidateResource(queryClient, resource);
      return 'done';
    } catch (e) {
      const text = leftoverMessage(e);
      if (text) message.error(text);
      if (e instanceof ApiError && e.status === 409) void invalidateResource(queryClient, resource);
      return e instanceof ApiError ? e : null;
    }
  };

  const start = (name: string, action: ActionDef, rows: ResourceRecord[], bulk: boolean) => {
    const p = { name, action, rows, bulk };
    if (action.fields && Object.keys(action.fields).length > 0) {
      setPending(p);
      setOpen(true);
      return Promise.resolve();
    }
    setBusy(name);
    return run(p, {}).finally(() => setBusy(null));
  };

  const dialog = (
    <ActionDialog
      resource={resource}
      pending={pending}
      open={open}
      onClose={() => setOpen(false)}
      run={async (fields) => {
        if (!pending) return null;
        const outcome = await run(pending, fields);
        // A 409 means the action no longer applies to the row as it is now: nothing more to fill in here.
        if (outcome === 'done' || (outcome instanceof ApiError && outcome.status === 409)) setOpen(false);
        return outcome;
      }}
    />
  );
  return { start, busy, dialog, resource };
}

export interface ActionButtonProps {
  name: string;
  action: ActionDef;
  rows: ResourceRecord[];
  bulk: boolean;
  runner: ReturnType<typeof useActionRunner>;
  /** Why the button cannot be used now (e.g. nothing selected). */
  blocked?: string;
  size?: 'small' | 'middle';
  type?: 'link' | 'default';
}

/** One declared action's button: a Popconfirm when it has no fields, its form dialog otherwise. */
export function ActionButton({ name, action, rows, bulk, runner, blocked, size, type = 'link' }: ActionButtonProps) {
  const hasForm = Boolean(action.fields && Object.keys(action.fields).length > 0);
  const label = bulk ? `批量${action.label}` : action.label;
  const button = (
    <Button
      type={type}
      size={size}
      danger={action.danger}
      disabled={Boolean(blocked)}
      loading={runner.busy === name && !hasForm}
      data-testid={bulk ? `bulk-action-${name}` : `row-action-${name}`}
      onClick={hasForm ? () => void runner.start(name, action, rows, bulk) : undefined}
    >
      {label}
    </Button>
  );
  if (blocked) return <Tooltip title={blocked}>{button}</Tooltip>;
  if (hasForm) return button;
  return (
    <Popconfirm
      title={confirmText(runner.resource, action, rows)}
      okText="确定"
      cancelText="取消"
      okButtonProps={{ danger: action.danger }}
      onConfirm={() => runner.start(name, action, rows, bulk)}
    >
      {button}
    </Popconfirm>
  );
}

/** The declared actions a row's state and the account's permissions allow, as row buttons. */
export function RowActions({
  resource,
  record,
  runner,
}: {
  resource: ResourceDef;
  record: ResourceRecord;
  runner: ReturnType<typeof useActionRunner>;
}) {
  const can = useCan();
  return allowedActions(resource, record, can).map(([name, action]) => (
    <ActionButton key={name} name={name} action={action} rows={[record]} bulk={false} runner={runner} size="small" />
  ));
}

interface ActionDialogProps {
  resource: ResourceDef;
  pending: Pending | null;
  open: boolean;
  onClose: () => void;
  run: (fields: Record<string, unknown>) => Promise<'done' | ApiError | null>;
}

/** The small form of an action with fields (e.g. assignee and due date), for one row or the selected rows. */
const ActionDialog = freshOnOpen(function ActionDialog({ resource, pending, open, onClose, run }: ActionDialogProps) {
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const { markDirty, guardClose, leaveGuard } = useDiscardGuard(open);
  const close = () => guardClose(onClose);
  const formId = `action-form-${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const fields = pending?.action.fields ?? {};
  const n = pending?.rows.length ?? 0;
  const title = pending ? `${pending.action.label}${n > 1 ? `（${n}条）` : ''}` : '';
  const initial = Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, f.defaultValue]));
  const submit = async (values: Record<string, unknown>) => {
    const body = Object.fromEntries(
      Object.entries(fields)
        .filter(([, f]) => f.kind !== 'title' && f.kind !== 'computed')
        .map(([k, f]) => [k, submitValue(f, values[k])]),
    );
    setSaving(true);
    const outcome = await run(body);
    setSaving(false);
    if (outcome instanceof ApiError && outcome.status === 400) {
      const byField = new Map<string, string>();
      for (const err of outcome.errors) {
        const at = splitErrorPath(fields, err.path);
        if (at) byField.set(at[0], err.message);
      }
      form.setFields([...byField].map(([name, message]) => ({ name, errors: [message] })));
    }
  };
  return (
    <Modal
      title={title}
      open={open}
      onCancel={close}
      mask={{ closable: false }}
      destroyOnHidden
      width={{ xs: '100%', md: 560 }}
      footer={[
        <Button key="cancel" onClick={close} disabled={saving}>
          取 消
        </Button>,
        <Button key="ok" type="primary" htmlType="submit" form={formId} loading={saving} data-testid="action-form-ok">
          确 定
        </Button>,
      ]}
    >
      <Form
        id={formId}
        name={formId}
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={submit}
        onValuesChange={markDirty}
        disabled={saving}
        data-testid="action-form"
        data-resource={resource.name}
      >
        <FormRenderer fields={fields} />
      </Form>
      {leaveGuard}
    </Modal>
  );
});

/**
 * A row's 删除: the question names the record and says what follows; a row the declaration protects
 * (`undeletable`, e.g. the built-in administrator) gets a disabled button whose tooltip says why.
 */
export function DeleteButton({
  resource,
  record,
  restoreOffered,
  onConfirm,
}: {
  resource: ResourceDef;
  record: ResourceRecord;
  restoreOffered: boolean;
  onConfirm: () => Promise<unknown>;
}) {
  const refusal = deleteRefusal(resource, record);
  if (refusal) {
    return (
      <Tooltip title={refusal}>
        <Button type="link" size="small" danger disabled data-testid="row-delete">
          删除
        </Button>
      </Tooltip>
    );
  }
  const { title, description } = deleteConfirm(resource, record, restoreOffered);
  return (
    <Popconfirm
      title={title}
      description={description}
      okText="删除"
      cancelText="取消"
      okButtonProps={{ danger: true }}
      onConfirm={onConfirm}
    >
      <Button type="link" size="small" danger data-testid="row-delete">
        删除
      </Button>
    </Popconfirm>
  );
}

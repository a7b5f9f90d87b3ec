import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  App,
  type ButtonProps,
  Form,
  type FormInstance,
  type FormProps,
  Modal,
  type ModalProps,
  Spin,
  Typography,
} from 'antd';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useBlocker } from 'react-router';
import { ApiError } from '../../app/http';
import { showFailure } from './show-failure';

export interface DialogSaveOptions<V, A> {
  save: (values: V) => Promise<A>;
  /** The form whose fields carry a 400's field errors. */
  form?: FormInstance;
  fieldOf?: (path: string) => (string | number)[] | null;
  /** Success text when the server sends none; a function gives the whole text from the answer. */
  done: string | ((answer: A) => string);
  /** Query keys to refresh after a success. */
  refresh?: readonly (readonly unknown[])[];
  /** Query key to refresh after a 409 (the row changed meanwhile: show it as it is now). */
  staleRefresh?: readonly unknown[];
  onDone?: () => void;
  onError?: (error: unknown) => void;
}

/** The write behind a row dialog: success toast, the lists refreshed, the dialog closed; failures on the form. */
export function useDialogSave<V, A>(o: DialogSaveOptions<V, A>) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: o.save,
    onSuccess: (answer: A) => {
      const msg = (answer as { msg?: string } | null | undefined)?.msg;
      message.success(typeof o.done === 'function' ? o.done(answer) : msg || o.done);
      for (const key of o.refresh ?? []) void queryClient.invalidateQueries({ queryKey: key });
      o.onDone?.();
    },
    onError: (e) => {
      showFailure(message, e, o.form, o.fieldOf);
      if (o.staleRefresh && e instanceof ApiError && e.status === 409) {
        void queryClient.invalidateQueries({ queryKey: o.staleRefresh });
      }
      o.onError?.(e);
    },
  });
}

/** The question before a changed form is dropped (closing its dialog, leaving its page). */
export const DISCARD_QUESTION = '放弃未保存的修改？';

/**
 * Asks before a dialog's changed form is dropped. `markDirty` goes on the form's onValuesChange (a change by
 * the user); `guardClose(close)` is the dialog's close (✕, 取 消, Esc): it closes at once while nothing has
 * changed, else asks 放弃未保存的修改？ first. While the dialog is open with changes, `leaveGuard` (render
 * it in the dialog) asks the same before a route change inside the console, and the browser asks before the
 * page is left. A saved form closes through its own path, without asking. Mount the dialog per opening
 * (freshOnOpen), so every opening starts unchanged.
 */
export function useDiscardGuard(open: boolean) {
  const { modal } = App.useApp();
  const [dirty, setDirty] = useState(false);
  // A closed dialog is unchanged when it opens again (also where a dialog is not mounted per opening).
  if (!open && dirty) setDirty(false);
  const markDirty = useCallback(() => setDirty(true), []);
  const ask = useCallback(
    (discard: () => void, keep?: () => void) => {
      modal.confirm({
        title: DISCARD_QUESTION,
        content: '本次填写的内容尚未保存，放弃后将不会保留。',
        okText: '放弃修改',
        cancelText: '继续编辑',
        okButtonProps: { danger: true, 'data-testid': 'discard-ok' } as ButtonProps,
        cancelButtonProps: { 'data-testid': 'discard-cancel' } as ButtonProps,
        onOk: discard,
        onCancel: keep,
      });
    },
    [modal],
  );
  const guardClose = useCallback(
    (close: () => void) => {
      if (dirty) ask(close);
      else close();
    },
    [dirty, ask],
  );
  const leaveGuard = open && dirty ? <LeaveGuard ask={ask} /> : null;
  return { dirty, markDirty, guardClose, leaveGuard };
}

/**
 * Mounted only while a changed form is open (the router consults one blocker at a time): a move to another
 * page of the console waits for 放弃修改; a change of the query alone (a list's URL state) passes.
 */
function LeaveGuard({ ask }: { ask: (discard: () => void, keep?: () => void) => void }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state === 'blocked') ask(blocker.proceed, blocker.reset);
  }, [blocker, ask]);
  useEffect(() => {
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);
  return null;
}

export interface FormDialogProps<V> {
  title: ReactNode;
  open: boolean;
  onClose: () => void;
  form: FormInstance<V>;
  /** The write (useDialogSave): its pending state locks the form and the OK button. */
  saving: { isPending: boolean; mutate: (values: V) => void };
  /** Checks before the write (e.g. 至少填写一项指标); by default the values go straight to `saving`. */
  onFinish?: (values: V) => void;
  formTestId: string;
  okTestId: string;
  okText?: string;
  danger?: boolean;
  /** The data the form starts from is still loading: a spinner instead of the form, OK disabled. */
  loading?: boolean;
  width?: number;
  /** A secondary line above the form saying what the action does. */
  intro?: ReactNode;
  initialValues?: FormProps<V>['initialValues'];
  formProps?: Omit<FormProps<V>, 'form' | 'onFinish' | 'initialValues' | 'disabled'>;
  modalStyles?: ModalProps['styles'];
  children: ReactNode;
}

/**
 * The shell of every row dialog with a form: a modal that keeps its mask on click, 确 定 submits the form,
 * 取 消 closes — after 放弃未保存的修改？ when the form was changed (useDiscardGuard); the form is vertical
 * and locked while saving. Mount it through freshOnOpen.
 */
export function FormDialog<V extends object>(p: FormDialogProps<V>) {
  const { markDirty, guardClose, leaveGuard } = useDiscardGuard(p.open);
  const onValuesChange = p.formProps?.onValuesChange;
  return (
    <Modal
      title={p.title}
      open={p.open}
      onCancel={() => guardClose(p.onClose)}
      mask={{ closable: false }}
      destroyOnHidden
      width={p.width}
      okText={p.okText ?? '确 定'}
      cancelText="取 消"
      confirmLoading={p.saving.isPending}
      onOk={() => p.form.submit()}
      okButtonProps={{ danger: p.danger, disabled: p.loading, 'data-testid': p.okTestId }}
      styles={p.modalStyles}
    >
      {leaveGuard}
      {p.intro ? <Typography.Paragraph type="secondary">{p.intro}</Typography.Paragraph> : null}
      {p.loading ? (
        <Spin />
      ) : (
        <Form<V>
          layout="vertical"
          {...p.formProps}
          form={p.form}
          initialValues={p.initialValues}
          onValuesChange={(changed, all) => {
            markDirty();
            onValuesChange?.(changed, all);
          }}
          onFinish={p.onFinish ?? ((v) => p.saving.mutate(v))}
          disabled={p.saving.isPending}
          data-testid={p.formTestId}
        >
          {p.children}
        </Form>
      )}
    </Modal>
  );
}

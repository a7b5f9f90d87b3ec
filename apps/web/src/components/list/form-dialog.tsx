import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, type FormInstance, type FormProps, Modal, type ModalProps, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
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
 * 取 消 closes; the form is vertical and locked while saving. Mount it through freshOnOpen.
 */
export function FormDialog<V extends object>(p: FormDialogProps<V>) {
  return (
    <Modal
      title={p.title}
      open={p.open}
      onCancel={p.onClose}
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
      {p.intro ? <Typography.Paragraph type="secondary">{p.intro}</Typography.Paragraph> : null}
      {p.loading ? (
        <Spin />
      ) : (
        <Form<V>
          layout="vertical"
          {...p.formProps}
          form={p.form}
          initialValues={p.initialValues}
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

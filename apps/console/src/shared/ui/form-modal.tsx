import { useState, type ReactNode } from 'react';
import Alert from 'antd/es/alert';
import Form, { type FormInstance, type FormProps } from 'antd/es/form';
import Modal, { type ModalProps } from 'antd/es/modal';
import { commonMessages } from '@/shared/i18n/common-messages';
import { useMessages } from '@/shared/i18n/i18n';
import { useErrorText } from '@/shared/ui/error-alert';

/** A form's submission: the call it makes (which throws to show its error), whether it is under way, its error. */
export type FormSubmit<Fields> = {
  form: FormInstance<Fields>;
  busy: boolean;
  error: unknown;
  submit: (fields: Fields) => Promise<boolean>;
  clearError: () => void;
};

/** Runs `onSubmit` with the form's valid fields, keeping the busy flag and the error it threw (cleared on the next try). */
export function useFormSubmit<Fields>(onSubmit: (fields: Fields) => Promise<void>): FormSubmit<Fields> {
  const [form] = Form.useForm<Fields>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();

  async function submit(fields: Fields) {
    setBusy(true);
    setError(undefined);
    try {
      await onSubmit(fields);
      return true;
    } catch (failure) {
      setError(failure);
      return false;
    } finally {
      setBusy(false);
    }
  }

  return { form, busy, error, submit, clearError: () => setError(undefined) };
}

export type SubmitFormProps<Fields> = {
  submit: FormSubmit<Fields>;
  /** The form's name: its fields' ids start with it (`name_field`); none, their ids are the fields' names. */
  name?: string;
  initialValues?: FormProps<Fields>['initialValues'];
  /** Runs after a submission that did not throw. */
  onSubmitted?: () => void;
  /** The Form.Items. */
  children: ReactNode;
};

/** The submission's error (the server's message, else why in our words) above a vertical form that submits through it. */
export function SubmitForm<Fields>({ submit, name, initialValues, onSubmitted, children }: SubmitFormProps<Fields>) {
  const errorText = useErrorText();
  return (
    <>
      {submit.error ? <Alert type="error" showIcon role="alert" title={errorText(submit.error)} style={{ marginBottom: 16 }} /> : null}
      <Form<Fields>
        form={submit.form}
        name={name}
        layout="vertical"
        requiredMark={false}
        initialValues={initialValues}
        onFinish={(fields) => void submit.submit(fields).then((done) => (done ? onSubmitted?.() : undefined))}
      >
        {children}
      </Form>
    </>
  );
}

export type FormModalProps<Fields> = Omit<SubmitFormProps<Fields>, 'submit' | 'onSubmitted'> & {
  /** Shown unless false (a modal the page mounts only while it is open needs none). */
  open?: boolean;
  title: ReactNode;
  okText: ReactNode;
  okButtonProps?: ModalProps['okButtonProps'];
  onClose: () => void;
  /** The call the form makes with its valid fields; what it throws is shown above the form, and the modal stays open. */
  onSubmit: (fields: Fields) => Promise<void>;
};

/**
 * A modal with a form: OK submits it (Enter too), busy while the call runs, its error shown above the fields. The form
 * starts again (its initial values, no error) after a submission that succeeds and on cancel. Destroyed when hidden: a
 * kept-mounted modal left a loading icon's leave animation stuck, which named the OK button "loading …".
 */
export function FormModal<Fields>({ open = true, title, okText, okButtonProps, onClose, onSubmit, ...form }: FormModalProps<Fields>) {
  const common = useMessages(commonMessages);
  const submit = useFormSubmit(onSubmit);

  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText={common('cancel')}
      okButtonProps={okButtonProps}
      confirmLoading={submit.busy}
      onOk={() => submit.form.submit()}
      onCancel={() => {
        submit.clearError();
        submit.form.resetFields();
        onClose();
      }}
      destroyOnHidden
    >
      <SubmitForm<Fields> submit={submit} onSubmitted={() => submit.form.resetFields()} {...form} />
    </Modal>
  );
}

import { useState } from 'react';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import { consoleNotificationResolve } from '@presta/contract/api/console';
import { call } from '@/shared/api/client';
import { commonMessages } from '@/shared/i18n/common-messages';
import { useMessages } from '@/shared/i18n/i18n';
import { useErrorText } from '@/shared/ui/error-alert';
import { paymentsMessages } from './messages';

type Fields = { note: string };

/** Close a refused notification's open review with a note of what was done (3 to 500 characters, as the server checks). */
export function ResolveModal({ id, onClose, onDone }: { id: number; onClose: () => void; onDone: () => void }) {
  const t = useMessages(paymentsMessages);
  const common = useMessages(commonMessages);
  const errorText = useErrorText();
  const { message } = App.useApp();
  const [form] = Form.useForm<Fields>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();

  async function submit() {
    let fields: Fields;
    try {
      fields = await form.validateFields();
    } catch {
      return; // The form shows what is wrong.
    }
    setBusy(true);
    setError(undefined);
    try {
      await call(consoleNotificationResolve, { id, note: fields.note.trim() });
      void message.success(t('resolved', { id }));
      onDone();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      title={t('resolveTitle', { id })}
      okText={t('resolve')}
      cancelText={common('cancel')}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {error ? <Alert type="error" showIcon role="alert" title={errorText(error)} style={{ marginBottom: 16 }} /> : null}
      <Form form={form} layout="vertical" requiredMark={false} onFinish={() => void submit()}>
        <Form.Item
          name="note"
          label={t('resolveNote')}
          extra={t('resolveHint')}
          rules={[
            { required: true, whitespace: true, message: t('resolveNoteRequired') },
            {
              validator: (_rule, value: string | undefined) => {
                const length = (value ?? '').trim().length;
                return length === 0 || (length >= 3 && length <= 500) ? Promise.resolve() : Promise.reject(new Error(t('resolveNoteLength')));
              },
            },
          ]}
        >
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

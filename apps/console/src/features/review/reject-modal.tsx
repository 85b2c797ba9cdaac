import { useState } from 'react';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import { consoleReject } from '@presta/contract/api/console';
import { call } from '@/shared/api/client';
import { commonMessages } from '@/shared/i18n/common-messages';
import { useMessages } from '@/shared/i18n/i18n';
import { useErrorText } from '@/shared/ui/error-alert';
import { reviewMessages } from './messages';

type Fields = { reason: string };

/** The reason the borrower is told (3 to 500 characters, as the server checks), then the rejection. */
export function RejectModal({ orderNo, onClose, onRejected }: { orderNo: string; onClose: () => void; onRejected: () => void }) {
  const t = useMessages(reviewMessages);
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
      return; // The form shows what is missing.
    }
    setBusy(true);
    setError(undefined);
    try {
      await call(consoleReject, { orderNo, reason: fields.reason.trim() });
      void message.success(t('rejected1', { orderNo }));
      onRejected();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      title={t('rejectTitle', { orderNo })}
      okText={t('reject')}
      cancelText={common('cancel')}
      okButtonProps={{ danger: true }}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {error ? <Alert type="error" showIcon role="alert" title={errorText(error)} style={{ marginBottom: 16 }} /> : null}
      <Form form={form} layout="vertical" requiredMark={false} onFinish={() => void submit()}>
        <Form.Item
          name="reason"
          label={t('reason')}
          rules={[
            { required: true, whitespace: true, message: t('reasonRequired') },
            {
              validator: (_rule, value: string | undefined) => {
                const length = (value ?? '').trim().length;
                return length === 0 || (length >= 3 && length <= 500) ? Promise.resolve() : Promise.reject(new Error(t('reasonLength')));
              },
            },
          ]}
        >
          <Input.TextArea rows={4} maxLength={500} showCount autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}

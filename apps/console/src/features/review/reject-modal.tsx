import App from 'antd/es/app';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { consoleReject } from '@presta/contract/api/console/review';
import { call } from '@/shared/api/client';
import { useMessages } from '@/shared/i18n/i18n';
import { FormModal } from '@/shared/ui/form-modal';
import { trimmedTextRules } from '@/shared/ui/form-rules';
import { reviewMessages } from './messages';

type Fields = { reason: string };

/** The reason the borrower is told (3 to 500 characters, as the server checks), then the rejection. */
export function RejectModal({ orderNo, onClose, onRejected }: { orderNo: string; onClose: () => void; onRejected: () => void }) {
  const t = useMessages(reviewMessages);
  const { message } = App.useApp();

  async function reject(fields: Fields) {
    await call(consoleReject, { orderNo, reason: fields.reason.trim() });
    void message.success(t('rejected1', { orderNo }));
    onRejected();
  }

  return (
    <FormModal<Fields> title={t('rejectTitle', { orderNo })} okText={t('reject')} okButtonProps={{ danger: true }} onClose={onClose} onSubmit={reject}>
      <Form.Item
        name="reason"
        label={t('reason')}
        rules={trimmedTextRules({ required: t('reasonRequired'), length: t('reasonLength') })}
      >
        <Input.TextArea rows={4} maxLength={500} showCount autoFocus />
      </Form.Item>
    </FormModal>
  );
}

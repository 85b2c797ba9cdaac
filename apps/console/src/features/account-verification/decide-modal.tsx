import App from 'antd/es/app';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { consoleAccountVerificationAccept, consoleAccountVerificationReject } from '@presta/contract/api/console/account-verifications';
import { call } from '@/shared/api/client';
import { useMessages } from '@/shared/i18n/i18n';
import { FormModal } from '@/shared/ui/form-modal';
import { trimmedTextRules } from '@/shared/ui/form-rules';
import type { Decision } from './verification-columns';
import { accountVerificationMessages } from './messages';

type Fields = { reason: string };

/** Accept or reject a held account: a reason of 3 to 500 characters (kept in the audit trail), then the call. */
export function DecideModal({ decision, onClose, onDecided }: { decision: Decision; onClose: () => void; onDecided: () => void }) {
  const t = useMessages(accountVerificationMessages);
  const { message } = App.useApp();
  const accept = decision.to === 'accept';
  const name = decision.account.borrower.fullName;

  async function decide(fields: Fields) {
    const request = { verificationId: decision.account.verificationId, reason: fields.reason.trim() };
    await call(accept ? consoleAccountVerificationAccept : consoleAccountVerificationReject, request);
    void message.success(accept ? t('accepted') : t('rejected'));
    onDecided();
  }

  return (
    <FormModal<Fields>
      title={accept ? t('acceptTitle', { name }) : t('rejectTitle', { name })}
      okText={accept ? t('accept') : t('reject')}
      okButtonProps={accept ? {} : { danger: true }}
      onClose={onClose}
      onSubmit={decide}
    >
      <Form.Item name="reason" label={t('decisionReason')} rules={trimmedTextRules({ required: t('reasonRequired'), length: t('reasonLength') })}>
        <Input.TextArea rows={4} maxLength={500} showCount autoFocus />
      </Form.Item>
    </FormModal>
  );
}

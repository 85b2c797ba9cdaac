import App from 'antd/es/app';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { consoleNotificationResolve } from '@presta/contract/api/console/payments';
import { call } from '@/shared/api/client';
import { useMessages } from '@/shared/i18n/i18n';
import { FormModal } from '@/shared/ui/form-modal';
import { trimmedTextRules } from '@/shared/ui/form-rules';
import { paymentsMessages } from './messages';

type Fields = { note: string };

/** Close a refused notification's open review with a note of what was done (3 to 500 characters, as the server checks). */
export function ResolveModal({ id, onClose, onDone }: { id: number; onClose: () => void; onDone: () => void }) {
  const t = useMessages(paymentsMessages);
  const { message } = App.useApp();

  async function resolve(fields: Fields) {
    await call(consoleNotificationResolve, { id, note: fields.note.trim() });
    void message.success(t('resolved', { id }));
    onDone();
  }

  return (
    <FormModal<Fields> title={t('resolveTitle', { id })} okText={t('resolve')} onClose={onClose} onSubmit={resolve}>
      <Form.Item
        name="note"
        label={t('resolveNote')}
        extra={t('resolveHint')}
        rules={trimmedTextRules({ required: t('resolveNoteRequired'), length: t('resolveNoteLength') })}
      >
        <Input.TextArea rows={3} maxLength={500} showCount />
      </Form.Item>
    </FormModal>
  );
}

import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { consoleMyTokenCreate } from '@presta/contract/api/console/staff';
import type { DataOf } from '@presta/contract/api/endpoint';
import { call } from '@/shared/api/client';
import { useMessages } from '@/shared/i18n/i18n';
import { FormModal } from '@/shared/ui/form-modal';
import { accountMessages } from './messages';

type Fields = { name: string };
/** The contract's limit (consoleMyTokenCreate). */
const nameMax = 80;

/** A token's name (which script it is for); the server answers the token and its secret, once. */
export function CreateTokenModal({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (made: DataOf<typeof consoleMyTokenCreate>) => void }) {
  const t = useMessages(accountMessages);

  async function create({ name }: Fields) {
    onCreated(await call(consoleMyTokenCreate, { name: name.trim() }));
  }

  return (
    <FormModal<Fields> open={open} title={t('createTokenTitle')} okText={t('create')} name="createToken" onClose={onClose} onSubmit={create}>
      <Form.Item
        name="name"
        label={t('tokenName')}
        extra={t('tokenNameHint')}
        rules={[
          { required: true, whitespace: true, message: t('required') },
          { max: nameMax, message: t('nameTooLong', { max: nameMax }) },
        ]}
      >
        <Input maxLength={nameMax} autoComplete="off" />
      </Form.Item>
    </FormModal>
  );
}

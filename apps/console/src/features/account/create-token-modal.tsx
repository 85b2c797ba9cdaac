import { useState } from 'react';
import Alert from 'antd/es/alert';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import { consoleMyTokenCreate } from '@presta/contract/api/console';
import type { DataOf } from '@presta/contract/api/endpoint';
import { call } from '@/shared/api/client';
import { commonMessages } from '@/shared/i18n/common-messages';
import { useMessages } from '@/shared/i18n/i18n';
import { useErrorText } from '@/shared/ui/error-alert';
import { accountMessages } from './messages';

type Fields = { name: string };
/** The contract's limit (consoleMyTokenCreate). */
const nameMax = 80;

/** A token's name (which script it is for); the server answers the token and its secret, once. */
export function CreateTokenModal({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (made: DataOf<typeof consoleMyTokenCreate>) => void }) {
  const t = useMessages(accountMessages);
  const common = useMessages(commonMessages);
  const errorText = useErrorText();
  const [form] = Form.useForm<Fields>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();

  async function create({ name }: Fields) {
    setBusy(true);
    setError(undefined);
    try {
      const made = await call(consoleMyTokenCreate, { name: name.trim() });
      form.resetFields();
      onCreated(made);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={open}
      title={t('createTokenTitle')}
      okText={t('create')}
      cancelText={common('cancel')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={() => {
        setError(undefined);
        form.resetFields();
        onClose();
      }}
      destroyOnHidden
    >
      {error ? <Alert type="error" showIcon role="alert" title={errorText(error)} style={{ marginBottom: 16 }} /> : null}
      <Form<Fields> form={form} name="createToken" layout="vertical" requiredMark={false} onFinish={(fields) => void create(fields)}>
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
      </Form>
    </Modal>
  );
}

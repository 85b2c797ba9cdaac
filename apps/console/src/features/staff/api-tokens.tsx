import { useState } from 'react';
import App from 'antd/es/app';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Popconfirm from 'antd/es/popconfirm';
import Table, { type ColumnsType } from 'antd/es/table';
import Typography from 'antd/es/typography';
import { consoleMyTokenCreate, consoleStaffTokenRevoke, consoleStaffTokens } from '@presta/contract/api/console';
import type { DataOf } from '@presta/contract/api/endpoint';
import { call } from '@/shared/api/client';
import { useCall } from '@/shared/api/use-call';
import { dateTime } from '@/shared/format/format';
import { commonMessages } from '@/shared/i18n/common-messages';
import { useLanguage, useMessages } from '@/shared/i18n/i18n';
import { ErrorAlert, useErrorText } from '@/shared/ui/error-alert';
import { staffMessages } from './messages';
import { ShownOnceModal, type ShownOnce } from './shown-once-modal';

type Token = DataOf<typeof consoleStaffTokens>['tokens'][number];

/**
 * The live API tokens of every member (admin): who, its name, when made and last used; revoke one at once. The
 * admin makes a token of their own here (a token acts as the member who made it); its secret is shown once.
 */
export function ApiTokens() {
  const t = useMessages(staffMessages);
  const common = useMessages(commonMessages);
  const errorText = useErrorText();
  const { language } = useLanguage();
  const { message } = App.useApp();
  const { data, error, loading, reload } = useCall(consoleStaffTokens, {});
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<ShownOnce>();
  const [revoking, setRevoking] = useState<number>();

  async function revoke(token: Token) {
    setRevoking(token.id);
    try {
      await call(consoleStaffTokenRevoke, { id: token.id });
      void message.success(t('revoked'));
      reload();
    } catch (failure) {
      void message.error(errorText(failure));
    } finally {
      setRevoking(undefined);
    }
  }

  const columns: ColumnsType<Token> = [
    { title: t('tokenMember'), dataIndex: 'email', key: 'email' },
    { title: t('tokenName'), dataIndex: 'name', key: 'name' },
    { title: t('tokenCreated'), key: 'createdAt', render: (_, k) => dateTime(k.createdAt, language) },
    { title: t('tokenLastUsed'), key: 'lastUsedAt', render: (_, k) => (k.lastUsedAt ? dateTime(k.lastUsedAt, language) : t('never')) },
    {
      title: t('actions'),
      key: 'actions',
      render: (_, k) => (
        <Popconfirm
          title={t('revokeConfirm', { name: k.name, email: k.email })}
          okText={t('revoke')}
          cancelText={common('cancel')}
          onConfirm={() => void revoke(k)}
        >
          <Button size="small" danger loading={revoking === k.id}>
            {t('revoke')}
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <Card
      title={
        <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
          {t('tokens')}
        </Typography.Title>
      }
      extra={<Button onClick={() => setCreating(true)}>{t('createToken')}</Button>}
      style={{ marginTop: 24 }}
    >
      <Typography.Paragraph type="secondary">{t('tokensHint')}</Typography.Paragraph>
      {error ? <ErrorAlert error={error} onRetry={reload} /> : null}
      <Table<Token>
        rowKey="id"
        columns={columns}
        dataSource={data?.tokens ?? []}
        loading={loading}
        pagination={false}
        scroll={{ x: true }}
        locale={{ emptyText: t('noTokens') }}
      />
      <CreateTokenModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(made) => {
          setCreating(false);
          setShown({ title: t('tokenTitle', { name: made.token.name }), warning: t('tokenOnce'), label: t('tokenLabel'), value: made.secret });
          reload();
        }}
      />
      <ShownOnceModal shown={shown} onClose={() => setShown(undefined)} />
    </Card>
  );
}

type Fields = { name: string };
const nameMax = 80;

function CreateTokenModal({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (made: DataOf<typeof consoleMyTokenCreate>) => void }) {
  const t = useMessages(staffMessages);
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
      forceRender
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

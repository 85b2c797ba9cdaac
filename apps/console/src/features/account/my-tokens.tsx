import { useState } from 'react';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Popconfirm from 'antd/es/popconfirm';
import Table, { type ColumnsType } from 'antd/es/table';
import Typography from 'antd/es/typography';
import { consoleMyTokenRevoke, consoleMyTokens } from '@presta/contract/api/console';
import type { DataOf } from '@presta/contract/api/endpoint';
import { call } from '@/shared/api/client';
import { useCall } from '@/shared/api/use-call';
import { dateTime } from '@/shared/format/format';
import { commonMessages } from '@/shared/i18n/common-messages';
import { useLanguage, useMessages } from '@/shared/i18n/i18n';
import { ErrorAlert, useErrorText } from '@/shared/ui/error-alert';
import { ShownOnceModal, type ShownOnce } from '@/shared/ui/shown-once-modal';
import { CreateTokenModal } from './create-token-modal';
import { accountMessages } from './messages';

type Token = DataOf<typeof consoleMyTokens>['tokens'][number];

/**
 * The member's live API tokens (for scripts: a token acts as its member): its name, when made and last used; make
 * one (its secret shown once) or revoke one at once.
 */
export function MyTokens() {
  const t = useMessages(accountMessages);
  const common = useMessages(commonMessages);
  const errorText = useErrorText();
  const { language } = useLanguage();
  const { message } = App.useApp();
  const { data, error, loading, reload } = useCall(consoleMyTokens, {});
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<ShownOnce>();
  const [revoking, setRevoking] = useState<number>();

  async function revoke(token: Token) {
    setRevoking(token.id);
    try {
      await call(consoleMyTokenRevoke, { id: token.id });
      void message.success(t('revoked', { name: token.name }));
      reload();
    } catch (failure) {
      void message.error(errorText(failure));
    } finally {
      setRevoking(undefined);
    }
  }

  const columns: ColumnsType<Token> = [
    { title: t('tokenName'), dataIndex: 'name', key: 'name' },
    { title: t('tokenCreated'), key: 'createdAt', render: (_, k) => dateTime(k.createdAt, language) },
    { title: t('tokenLastUsed'), key: 'lastUsedAt', render: (_, k) => (k.lastUsedAt ? dateTime(k.lastUsedAt, language) : t('never')) },
    {
      title: t('actions'),
      key: 'actions',
      render: (_, k) => (
        <Popconfirm
          title={t('revokeConfirm', { name: k.name })}
          description={t('revokeDetail')}
          okText={t('revoke')}
          cancelText={common('cancel')}
          onConfirm={() => void revoke(k)}
        >
          <Button size="small" danger loading={revoking === k.id} aria-label={t('revokeLabel', { name: k.name })}>
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

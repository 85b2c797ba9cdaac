import { useState } from 'react';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Popconfirm from 'antd/es/popconfirm';
import Table, { type ColumnsType } from 'antd/es/table';
import Typography from 'antd/es/typography';
import { consoleStaffTokenRevoke, consoleStaffTokens } from '@presta/contract/api/console';
import type { DataOf } from '@presta/contract/api/endpoint';
import { call } from '@/shared/api/client';
import { useCall } from '@/shared/api/use-call';
import { dateTime } from '@/shared/format/format';
import { commonMessages } from '@/shared/i18n/common-messages';
import { useLanguage, useMessages } from '@/shared/i18n/i18n';
import { ErrorAlert, useErrorText } from '@/shared/ui/error-alert';
import { staffMessages } from './messages';

type Token = DataOf<typeof consoleStaffTokens>['tokens'][number];

/**
 * The live API tokens of every member (admin): who, its name, when made and last used; revoke one at once. Each
 * member makes their own tokens on their account's screen (a token acts as the member who made it).
 */
export function ApiTokens() {
  const t = useMessages(staffMessages);
  const common = useMessages(commonMessages);
  const errorText = useErrorText();
  const { language } = useLanguage();
  const { message } = App.useApp();
  const { data, error, loading, reload } = useCall(consoleStaffTokens, {});
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
    </Card>
  );
}

import { useState } from 'react';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import type { ColumnsType } from 'antd/es/table';
import { consoleStaffTokenRevoke, consoleStaffTokens } from '@presta/contract/api/console/staff';
import type { DataOf } from '@presta/contract/api/endpoint';
import { call } from '@/shared/api/client';
import { useCall } from '@/shared/api/use-call';
import { commonMessages } from '@/shared/i18n/common-messages';
import { useLanguage, useMessages } from '@/shared/i18n/i18n';
import { useToastOnFailure } from '@/shared/ui/error-alert';
import { TokensCard, tokenColumns } from '@/shared/ui/tokens-card';
import { staffMessages } from './messages';

type Token = DataOf<typeof consoleStaffTokens>['tokens'][number];

/**
 * The live API tokens of every member (admin): who, its name, when made and last used; revoke one at once. Each
 * member makes their own tokens on their account's screen (a token acts as the member who made it).
 */
export function ApiTokens() {
  const t = useMessages(staffMessages);
  const common = useMessages(commonMessages);
  const toastOnFailure = useToastOnFailure();
  const { language } = useLanguage();
  const { message } = App.useApp();
  const tokens = useCall(consoleStaffTokens, {});
  const [revoking, setRevoking] = useState<number>();

  async function revoke(token: Token) {
    setRevoking(token.id);
    await toastOnFailure(async () => {
      await call(consoleStaffTokenRevoke, { id: token.id });
      void message.success(t('revoked'));
      tokens.reload();
    });
    setRevoking(undefined);
  }

  const shared = tokenColumns<Token>(t, language);
  const columns: ColumnsType<Token> = [
    { title: t('tokenMember'), dataIndex: 'email', key: 'email' },
    shared.name,
    shared.created,
    shared.lastUsed,
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

  return <TokensCard title={t('tokens')} hint={t('tokensHint')} emptyText={t('noTokens')} tokens={tokens} columns={columns} />;
}

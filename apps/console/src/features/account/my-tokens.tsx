import { useState } from 'react';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import type { ColumnsType } from 'antd/es/table';
import { consoleMyTokenRevoke, consoleMyTokens } from '@presta/contract/api/console/staff';
import type { DataOf } from '@presta/contract/api/endpoint';
import { call } from '@/shared/api/client';
import { useCall } from '@/shared/api/use-call';
import { commonMessages } from '@/shared/i18n/common-messages';
import { useLanguage, useMessages } from '@/shared/i18n/i18n';
import { useToastOnFailure } from '@/shared/ui/error-alert';
import { ShownOnceModal, type ShownOnce } from '@/shared/ui/shown-once-modal';
import { TokensCard, tokenColumns } from '@/shared/ui/tokens-card';
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
  const toastOnFailure = useToastOnFailure();
  const { language } = useLanguage();
  const { message } = App.useApp();
  const tokens = useCall(consoleMyTokens, {});
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<ShownOnce>();
  const [revoking, setRevoking] = useState<number>();

  async function revoke(token: Token) {
    setRevoking(token.id);
    await toastOnFailure(async () => {
      await call(consoleMyTokenRevoke, { id: token.id });
      void message.success(t('revoked', { name: token.name }));
      tokens.reload();
    });
    setRevoking(undefined);
  }

  const shared = tokenColumns<Token>(t, language);
  const columns: ColumnsType<Token> = [
    shared.name,
    shared.created,
    shared.lastUsed,
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
    <TokensCard
      title={t('tokens')}
      hint={t('tokensHint')}
      emptyText={t('noTokens')}
      tokens={tokens}
      columns={columns}
      extra={<Button onClick={() => setCreating(true)}>{t('createToken')}</Button>}
    >
      <CreateTokenModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(made) => {
          setCreating(false);
          setShown({ title: t('tokenTitle', { name: made.token.name }), warning: t('tokenOnce'), label: t('tokenLabel'), value: made.secret });
          tokens.reload();
        }}
      />
      <ShownOnceModal shown={shown} onClose={() => setShown(undefined)} />
    </TokensCard>
  );
}

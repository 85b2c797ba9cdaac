import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import { useMessages } from '@/shared/i18n/i18n';
import type { HeldAccount } from './verification-columns';
import { accountVerificationMessages } from './messages';

type Line = NonNullable<HeldAccount['match']>['lines'][number];

/** The rule's explanation, word by word: each word of the bank's name and the identity's word it stands for. */
export function MatchExplanation({ account }: { account: HeldAccount }) {
  const t = useMessages(accountVerificationMessages);
  if (!account.match) return null;
  return (
    <>
      <Typography.Title level={2} style={{ fontSize: 16 }}>
        {t('explanation')} ({account.match.rule})
      </Typography.Title>
      <Table<Line>
        rowKey={(line) => `${line.bank ?? ''}|${line.identity ?? ''}|${line.how}`}
        size="small"
        pagination={false}
        dataSource={account.match.lines}
        columns={[
          { key: 'bank', title: t('lineBank'), render: (_, l) => l.bank ?? '—' },
          { key: 'identity', title: t('lineIdentity'), render: (_, l) => l.identity ?? '—' },
          { key: 'role', title: t('lineRole'), render: (_, l) => (l.role ? t(`role_${l.role}`) : '—') },
          {
            key: 'how',
            title: t('lineHow'),
            render: (_, l) => (l.how === 'contradicts' ? <Typography.Text type="danger">{t('how_contradicts')}</Typography.Text> : t(`how_${l.how}`)),
          },
        ]}
      />
    </>
  );
}

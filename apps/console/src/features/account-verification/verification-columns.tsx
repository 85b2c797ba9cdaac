import Button from 'antd/es/button';
import Space from 'antd/es/space';
import type { ColumnsType } from 'antd/es/table';
import Typography from 'antd/es/typography';
import type { DataOf } from '@presta/contract/api/endpoint';
import type { consoleAccountVerifications } from '@presta/contract/api/console/account-verifications';
import { dateTime } from '@/shared/format/format';
import { useLanguage, useMessages } from '@/shared/i18n/i18n';
import { useMay } from '@/shared/session/session';
import { accountVerificationMessages } from './messages';

export type HeldAccount = DataOf<typeof consoleAccountVerifications>['accounts'][number];
export type Decision = { account: HeldAccount; to: 'accept' | 'reject' };

/** The held accounts' columns: since when, the borrower, the account, both names and the rule's reason; accept and reject for a member who may. */
export function useVerificationColumns(onDecide: (decision: Decision) => void): ColumnsType<HeldAccount> {
  const t = useMessages(accountVerificationMessages);
  const { language } = useLanguage();
  const mayDecide = useMay('accounts.reviewVerification');
  const columns: ColumnsType<HeldAccount> = [
    { key: 'held', title: t('held'), render: (_, a) => dateTime(a.createdAt, language) },
    {
      key: 'borrower',
      title: t('borrower'),
      render: (_, a) => (
        <>
          {a.borrower.fullName}
          <br />
          <Typography.Text type="secondary">
            #{a.borrower.id} · {a.market}
          </Typography.Text>
        </>
      ),
    },
    { key: 'account', title: t('account'), render: (_, a) => [a.account.masked, a.account.bankName, a.account.ifsc].filter(Boolean).join(' · ') },
    { key: 'bankName', title: t('bankName'), render: (_, a) => a.registeredName ?? <Typography.Text type="secondary">{t('noName')}</Typography.Text> },
    {
      key: 'identityName',
      title: t('identityName'),
      render: (_, a) => (
        <>
          {a.identityName}
          {a.match ? (
            <>
              <br />
              <Typography.Text type="secondary">{t(`source_${a.match.identitySource}`, { applicationNo: a.match.applicationNo ?? '' })}</Typography.Text>
            </>
          ) : null}
        </>
      ),
    },
    { key: 'reason', title: t('reason'), render: (_, a) => (a.match ? t(`reason_${a.match.reason}`) : '') },
  ];
  if (mayDecide)
    columns.push({
      key: 'actions',
      title: t('actions'),
      fixed: 'right',
      render: (_, a) => (
        <Space size={8}>
          <Button type="primary" size="small" onClick={() => onDecide({ account: a, to: 'accept' })}>
            {t('accept')}
          </Button>
          <Button danger size="small" onClick={() => onDecide({ account: a, to: 'reject' })}>
            {t('reject')}
          </Button>
        </Space>
      ),
    });
  return columns;
}

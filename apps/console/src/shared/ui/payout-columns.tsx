import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import type { PayoutViewData } from '@presta/contract/api/console/payouts';
import { marketCodes, markets } from '@presta/contract/markets';
import { dateTime, day, money } from '@/shared/format/format';
import { commonMessages } from '@/shared/i18n/common-messages';
import { useLanguage, useMessages } from '@/shared/i18n/i18n';
import { payoutMessages } from '@/shared/i18n/payout-messages';
import { noWrap } from '@/shared/ui/amount';

/*
 * A payout attempt (issue 37) as the disbursal screen and a loan's page show it: the same columns, the same words for
 * its status and for what it means to its order.
 */

export type Payout = PayoutViewData;

/** Minor units of a payout's currency, written as the market of that currency writes them. */
export function payoutMoney(minor: number, currency: Payout['currency']): string {
  const market = marketCodes.find((code) => markets[code].currency.code === currency);
  return money(minor, market ?? currency);
}

const statusColour: Record<Payout['status'], string> = {
  created: 'blue',
  pending: 'blue',
  processed: 'green',
  reversed: 'orange',
  failed: 'red',
  cancelled: 'default',
};

export function PayoutStatusTag({ status }: { status: Payout['status'] }) {
  const t = useMessages(payoutMessages);
  return <Tag color={statusColour[status]}>{t(`status_${status}`)}</Tag>;
}

/** The order's payout in words: none yet, disbursing (with whom, the reference once known), paid, returned or failed with why. */
export function PayoutState({ payout }: { payout: Payout | null }) {
  const t = useMessages(payoutMessages);
  if (!payout) return <Typography.Text type="secondary">{t('noPayout')}</Typography.Text>;
  const provider = t(`provider_${payout.provider}`);
  const reason = payout.failureReason ?? t('noReason');
  switch (payout.status) {
    case 'created':
    case 'pending':
      return (
        <span>
          <Tag color="blue">{t('disbursing')}</Tag>{' '}
          <span style={{ wordBreak: 'break-all' }}>
            {payout.providerReference ? t('disbursingWith', { provider, reference: payout.providerReference }) : t('disbursingSending', { provider })}
          </span>
        </span>
      );
    case 'processed':
      return <Typography.Text type="success">{t('paid', { day: day(payout.valueDate) })}</Typography.Text>;
    case 'reversed':
      return <Typography.Text type="danger">{t('withReason', { what: t('returned'), reason })}</Typography.Text>;
    case 'failed':
      return <Typography.Text type="danger">{t('withReason', { what: t('failed'), reason })}</Typography.Text>;
    case 'cancelled':
      return <Typography.Text type="secondary">{t('cancelled')}</Typography.Text>;
  }
}

/**
 * The attempts' columns: order (linked to its loan; left out on the loan's own page), attempt, status, provider, its
 * reference, amount, account, reason, value date, last change; then `actions` when given. Cells wrap (a tracking key
 * breaks anywhere), so the table never scrolls sideways.
 */
export function usePayoutColumns({ withOrder = true, actions }: { withOrder?: boolean; actions?: (p: Payout) => ReactNode } = {}): ColumnsType<Payout> {
  const t = useMessages(payoutMessages);
  const common = useMessages(commonMessages);
  const { language } = useLanguage();
  const columns: ColumnsType<Payout> = [
    ...(withOrder ? [{ key: 'order', title: t('order'), render: (_: unknown, p: Payout) => <Link to={`/loans/${p.orderNo}`}>{p.orderNo}</Link> }] : []),
    { key: 'attempt', title: t('attempt'), align: 'right', dataIndex: 'attempt' },
    { key: 'status', title: t('status'), render: (_, p) => <PayoutStatusTag status={p.status} /> },
    { key: 'provider', title: t('provider'), render: (_, p) => t(`provider_${p.provider}`) },
    {
      key: 'reference',
      title: <abbr title={t('referenceHint')}>{t('reference')}</abbr>,
      render: (_, p) => <span style={{ wordBreak: 'break-all' }}>{p.providerReference ?? common('none')}</span>,
    },
    { key: 'amount', title: t('amount'), align: 'right', render: (_, p) => <span style={noWrap}>{payoutMoney(p.amount, p.currency)}</span> },
    { key: 'account', title: t('account'), render: (_, p) => `${p.bankAccount.bankName} · ${p.bankAccount.masked}` },
    { key: 'reason', title: t('reason'), render: (_, p) => p.failureReason ?? common('none') },
    { key: 'valueDate', title: t('valueDate'), render: (_, p) => day(p.valueDate) },
    { key: 'updated', title: t('updated'), render: (_, p) => dateTime(p.updatedAt, language) },
  ];
  if (actions) columns.push({ key: 'actions', title: t('actions'), render: (_, p) => actions(p) });
  return columns;
}

import Col from 'antd/es/col';
import Descriptions from 'antd/es/descriptions';
import Row from 'antd/es/row';
import Statistic from 'antd/es/statistic';
import Typography from 'antd/es/typography';
import { day, dateTime, money, statusName } from '@/shared/format/format';
import { useLanguage, useMessages } from '@/shared/i18n/i18n';
import type { LoanStory } from './loan-story';
import { Amount, noWrap } from '@/shared/ui/amount';
import { PayoutState } from '@/shared/ui/payout-columns';
import { isDisbursing } from './loan-payouts';
import { loansMessages } from './messages';

/** The loan, its borrower, its payout while approved ("disbursing" while one is with the provider) and the account its disbursal paid. */
export function LoanFacts({ loan, payouts }: Pick<LoanStory, 'loan' | 'payouts'>) {
  const t = useMessages(loansMessages);
  const { language } = useLanguage();
  const market = loan.product.market;
  const disbursing = isDisbursing({ loan, payouts });
  const status = statusName(loan.status, language);
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, sm: 1, md: 2, lg: 3 }}
      items={[
        { key: 'order', label: t('order'), children: loan.orderNo },
        { key: 'status', label: t('status'), children: disbursing ? `${status} · ${t('disbursing')}` : status },
        { key: 'applied', label: t('applied'), children: dateTime(loan.appliedAt, language) },
        { key: 'borrower', label: t('borrower'), children: loan.borrower.fullName },
        { key: 'borrowerId', label: t('borrowerId'), children: loan.borrower.id },
        { key: 'phone', label: t('phone'), children: loan.borrower.maskedPhone },
        { key: 'product', label: t('product'), children: `${loan.product.name} (${loan.product.code})` },
        { key: 'market', label: t('market'), children: `${market} · ${loan.product.currency}` },
        { key: 'principal', label: t('principal'), children: <Amount minor={loan.principal} market={market} /> },
        { key: 'terms', label: t('terms'), children: t('termsValue', { periods: loan.periods, days: loan.termUnitDays }) },
        { key: 'disbursedOn', label: t('disbursedOn'), children: loan.disbursedOn ? day(loan.disbursedOn) : disbursing ? t('disbursing') : t('notDisbursed') },
        ...(loan.status === '151' ? [{ key: 'payout', label: t('payout'), children: <PayoutState payout={payouts[0] ?? null} /> }] : []),
        {
          key: 'account',
          label: t('accountPaid'),
          children: loan.disbursedTo ? `${loan.disbursedTo.bankName} · ${loan.disbursedTo.masked}` : t('noAccountPaid'),
        },
        ...(loan.rejectReason ? [{ key: 'rejectReason', label: t('rejectReason'), children: loan.rejectReason }] : []),
      ]}
    />
  );
}

/** The ledger's position today: what is owed and how it stands, received money, credit, suspense, lateness. */
export function LedgerPosition({ position, market }: { position: LoanStory['position']; market: string }) {
  const t = useMessages(loansMessages);
  const { language } = useLanguage();
  if (!position) return <Typography.Paragraph type="secondary">{t('noPosition')}</Typography.Paragraph>;
  const headline = [
    { key: 'outstandingTotal', title: t('outstandingTotal'), value: money(position.outstandingTotal, market) },
    { key: 'owedTotal', title: t('owedTotal'), value: money(position.owedTotal, market) },
    { key: 'paidTotal', title: t('paidTotal'), value: money(position.paidTotal, market) },
    { key: 'daysLate', title: t('daysLate'), value: String(position.daysLate) },
  ];
  const next = position.nextPayment;
  return (
    <>
      <Typography.Title level={2} style={{ fontSize: 18 }}>
        {t('positionAsOf', { day: day(position.asOf) })}
      </Typography.Title>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        {headline.map((s) => (
          <Col key={s.key} xs={12} md={6}>
            <Statistic title={s.title} value={s.value} styles={{ content: noWrap }} />
          </Col>
        ))}
      </Row>
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 1, md: 2, lg: 3 }}
        items={[
          { key: 'owed', label: `${t('owedTotal')} (${t('owedHint')})`, children: <Amount minor={position.owedTotal} market={market} /> },
          { key: 'waived', label: t('waivedTotal'), children: <Amount minor={position.waivedTotal} market={market} /> },
          { key: 'received', label: t('received'), children: <Amount minor={position.received} market={market} /> },
          { key: 'credit', label: t('credit'), children: <Amount minor={position.credit} market={market} /> },
          { key: 'refunded', label: t('refunded'), children: <Amount minor={position.refunded} market={market} /> },
          { key: 'suspense', label: t('heldInSuspense'), children: <Amount minor={position.heldInSuspense} market={market} /> },
          {
            key: 'next',
            label: t('nextPayment'),
            children: next ? <span style={noWrap}>{t('nextPaymentValue', { amount: money(next.amount, market), day: day(next.dueDate) })}</span> : t('noNextPayment'),
          },
          { key: 'expected', label: t('expectedStatus'), children: statusName(position.expectedStatus, language) },
        ]}
      />
    </>
  );
}

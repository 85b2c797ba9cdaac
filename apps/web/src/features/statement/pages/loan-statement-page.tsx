import type { TextValue } from '@presta/contract/api/common';
import { routes } from '@presta/contract/routes';
import { marketMoney } from '@/shared/format/money';
import { useMessages } from '@/shared/i18n/use-messages';
import { inAppUrl } from '@/shared/session/session-params';
import { AnnualCostNote } from '@/shared/ui/annual-cost-note';
import { AmountHero } from '@/shared/ui/amount-hero';
import { DetailList } from '@/shared/ui/detail-list';
import { Notice } from '@/shared/ui/notice';
import { OrderDataPage } from '@/shared/ui/order-data-page';
import { PageCard, PageLayout } from '@/shared/ui/page-layout';
import { SignedAgreementLink } from '@/shared/ui/signed-agreement-link';
import { loanStatementQuery, type LoanStatement } from '../api/loan-statement';
import { EventList } from '../components/event-list';
import { statementMessages } from '../messages';
import { taxNameOf, type Describe } from '../utils/describe';
import './loan-statement-page.css';

type Ids = { orderId: string; productId: string };

/**
 * The loan statement (/loan-statement?orderId&productId + session, ours: docs/statement.md): what the
 * borrower owes and the credit held today, the totals, and every event of the loan in order with what was
 * owed after it; each payment links to its receipt; the signed agreement's PDF (issue 38). Money in the loan's
 * market's currency.
 */
export default function LoanStatementPage() {
  const { t } = useMessages(statementMessages);
  return (
    <OrderDataPage title={t('statementPageTitle')} t={t} query={loanStatementQuery}>
      {(data, ids) => <StatementView data={data} orderId={data.orderId || ids.orderId} productId={ids.productId} />}
    </OrderDataPage>
  );
}

function StatementView({ data, orderId, productId }: { data: LoanStatement } & Ids) {
  const { t, lang } = useMessages(statementMessages);
  const describe: Describe = { t, lang, market: data.market, money: marketMoney(data.market) };
  const { money } = describe;
  const { totals } = data;
  const tax = taxNameOf(describe);
  // Rows of charges and money that did not happen are left out; the sums always show.
  const row = (text: string, amount: number, always = false): TextValue[] => (always || amount !== 0 ? [{ text, value: money(amount) }] : []);
  const summary = [
    ...row(t('totalPrincipal'), totals.principal, true),
    ...row(t('totalInterest'), totals.interest),
    ...row(t('totalCommission'), totals.commission),
    ...row(tax, totals.tax),
    ...row(t('totalLateCharges'), totals.lateCharges),
    ...row(t('totalDefaultPenalty'), totals.defaultPenalty),
    ...row(t('totalExtensionFees'), totals.extensionFees),
    ...row(t('totalExtensionTax', { tax }), totals.extensionTax),
    ...row(t('totalCharged'), totals.charged, true),
    ...row(t('totalWaived'), totals.waived),
    ...row(t('totalReceived'), totals.received, true),
    ...row(t('totalPaid'), totals.paid, true),
    ...row(t('totalCreditApplied'), totals.creditApplied),
    ...row(t('totalRefunded'), totals.refunded),
    ...row(t('totalCredit'), totals.credit),
    ...row(t('totalOutstanding'), totals.outstanding, true),
  ];

  return (
    <PageLayout className="presta-statement">
      <AmountHero
        heading={t('statementHeading')}
        lead={`${t('orderNoLabel')} ${data.orderNo}`}
        amountLabel={t('outstandingLabel')}
        amount={money(totals.outstanding)}
        facts={[
          { label: t('asOfLabel'), value: data.asOf },
          { label: t('creditLabel'), value: totals.credit > 0 ? money(totals.credit) : '' },
        ]}
        product={{ logo: data.productLogo, name: data.productName }}
      />
      {totals.pendingCharges > 0 ? <Notice label={t('noticeLabel')}>{t('pendingNotice', { amount: money(totals.pendingCharges) })}</Notice> : null}
      <PageCard title={t('summaryTitle')}>
        <DetailList rows={summary} />
        {data.annualCost ? <AnnualCostNote cost={data.annualCost} className="presta-statement-annual-cost" /> : null}
      </PageCard>
      <PageCard title={t('eventsTitle')}>
        <p className="presta-statement-hint">{t('eventsHint')}</p>
        <EventList
          events={data.events}
          count={data.periods}
          describe={describe}
          receiptHref={(paymentId) => inAppUrl(routes.paymentReceipt, { paymentId, orderId, productId: productId || undefined })}
        />
      </PageCard>
      {data.signedAgreement ? (
        <SignedAgreementLink
          agreement={data.signedAgreement}
          market={data.market}
          label={t('signedAgreementLink')}
          signedOn={(date) => t('signedAgreementOn', { date })}
        />
      ) : null}
      <p className="presta-statement-issuer">{t('issuedBy', { lender: data.lender.name, address: data.lender.address })}</p>
    </PageLayout>
  );
}

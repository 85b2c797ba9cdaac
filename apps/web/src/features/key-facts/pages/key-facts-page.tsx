import { useId, useMemo, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import type { KeyFactsCharge, KeyFactsData } from '@presta/contract/api/key-facts';
import type { TextValue } from '@presta/contract/api/common';
import { markets } from '@presta/contract/markets';
import { annualCostSentence } from '@/shared/format/annual-cost-text';
import { marketMoney } from '@/shared/format/money';
import { useRemoteData } from '@/shared/http/use-remote-data';
import { useMessages, type Messages } from '@/shared/i18n/use-messages';
import { getSessionParams } from '@/shared/session/session-params';
import { AnnualCostNote } from '@/shared/ui/annual-cost-note';
import { withUnbreakableAmounts } from '@/shared/ui/amount-text';
import { DetailList } from '@/shared/ui/detail-list';
import { InstalmentList } from '@/shared/ui/instalment-list';
import { LoadFailure } from '@/shared/ui/load-failure';
import { Notice } from '@/shared/ui/notice';
import { PageCard, PageLayout } from '@/shared/ui/page-layout';
import { usePageTitle } from '@/shared/ui/page-title';
import { PrimaryButton } from '@/shared/ui/primary-button';
import { RemoteFallback, remoteFallbackTexts } from '@/shared/ui/remote-fallback';
import { fetchKeyFacts, type KeyFactsQuery } from '../api/key-facts';
import { keyFactsMessages, type KeyFactsMessageKey } from '../messages';
import './key-facts-page.css';

type T = Messages<KeyFactsMessageKey>['t'];

const PROPOSAL_NO = /^KFS\d{8}[0-9A-F]{8}$/;

function queryOf(search: string): KeyFactsQuery | null {
  const proposalNo = new URLSearchParams(search).get('proposalNo')?.trim() ?? '';
  if (PROPOSAL_NO.test(proposalNo)) return { proposalNo };
  const { orderId } = getSessionParams(search);
  return orderId ? { orderId } : null;
}

/**
 * India's Key Facts Statement (/key-facts?proposalNo= for an offer, ?orderId= for a loan; issue 13): the
 * RBI's standard statement — Part 1 (interest and every charge, the APR), Part 2 (cooling-off, grievance
 * redressal), the APR computation sheet and the repayment schedule — readable before applying (linked from
 * the confirmation) and afterwards from the loan, and printable.
 */
export default function KeyFactsPage() {
  const { search } = useLocation();
  const query = useMemo(() => queryOf(search), [search]);
  const { t } = useMessages(keyFactsMessages);
  usePageTitle(t('pageTitle'));
  if (!query) {
    return (
      <PageLayout>
        <LoadFailure title={t('missingTitle')} text={t('missing')} />
      </PageLayout>
    );
  }
  return <KeyFacts key={JSON.stringify(query)} query={query} />;
}

function KeyFacts({ query }: { query: KeyFactsQuery }) {
  const { t } = useMessages(keyFactsMessages);
  const remote = useRemoteData<KeyFactsData>((_arg, { signal }) => fetchKeyFacts(query, { signal }));
  if (!remote.data) {
    return (
      <PageLayout>
        <RemoteFallback remote={remote} texts={remoteFallbackTexts(t)} />
      </PageLayout>
    );
  }
  return <KeyFactsView data={remote.data} />;
}

function chargeRow(t: T, c: KeyFactsCharge, data: KeyFactsData, money: (m: number) => string, tax: string): TextValue | null {
  switch (c.charge) {
    case 'late_fee':
      return {
        text: c.toDay === null ? t('lateTierOpen', { from: c.fromDay ?? 1 }) : t('lateTier', { from: c.fromDay ?? 1, to: c.toDay }),
        value: t('lateValue', { rate: c.rate }),
      };
    case 'default_penalty': {
      const penalty = data.terms.lateCharges.defaultPenalty;
      return { text: t('penalty'), value: penalty && penalty.applies === 0 ? `${money(penalty.newClient)} / ${money(penalty.repeatClient)}` : money(c.amount ?? 0) };
    }
    case 'extension_fee':
      return { text: t('extension', { days: data.terms.extension.days }), value: t('extensionValue', { fee: money(c.amount ?? 0) }) };
    case 'extension_tax':
      return { text: t('extensionTax', { tax }), value: money(c.amount ?? 0) };
    default:
      return null;
  }
}

function KeyFactsView({ data }: { data: KeyFactsData }) {
  const { t, lang } = useMessages(keyFactsMessages);
  const id = useId();
  const money = marketMoney(data.market);
  const { terms } = data;
  const tax = markets[data.market].tax.name[lang];
  const cost = terms.annualCost;
  const byCharge = (charge: KeyFactsCharge['charge']) => data.charges.find((c) => c.charge === charge);
  const fee = byCharge('commission');
  const feeTax = byCharge('tax');

  const header: TextValue[] = [
    { text: t('proposalNo'), value: data.proposalNo },
    { text: t('borrower'), value: data.borrowerName },
    { text: t('lender'), value: `${terms.lender.name}, ${terms.lender.address}` },
    { text: t('issuedAt'), value: data.issuedAt },
    { text: t('validUntil'), value: data.validUntil },
    ...(data.orderNo ? [{ text: t('orderNo'), value: data.orderNo }] : []),
    { text: t('acknowledgedAt'), value: data.acknowledgedAt ?? t('notAcknowledged') },
  ];
  const part1: TextValue[] = [
    { text: t('loanType'), value: t('loanTypeValue', { product: data.productName }) },
    { text: t('sanctioned'), value: money(terms.amount) },
    { text: t('disbursal'), value: t('disbursalValue') },
    { text: t('term'), value: t('termValue', { days: terms.termDays }) },
    { text: t('instalments'), value: t('instalmentsValue', { count: terms.periods, days: terms.termUnitDays }) },
    { text: t('firstDue'), value: terms.plan[0]?.dueDate ?? '' },
    { text: t('interestRate'), value: t('interestRateValue', { annual: terms.interest.annual.rate, daily: terms.interest.daily.rate, yearDays: terms.interest.yearDays }) },
    { text: t('totalInterest'), value: money(terms.totals.interest) },
    ...(fee ? [{ text: t('fee', { rate: fee.rate }), value: money(fee.amount ?? 0) }] : []),
    ...(feeTax ? [{ text: t('feeTax', { tax, rate: feeTax.rate }), value: money(feeTax.amount ?? 0) }] : []),
    { text: t('thirdParty'), value: t('none') },
    { text: t('apr'), value: cost.rate },
  ];
  const contingent = data.charges
    .filter((c) => c.contingent)
    .map((c) => chargeRow(t, c, data, money, tax))
    .filter((r): r is TextValue => r !== null);
  const part2: TextValue[] = [
    {
      text: t('coolingOff'),
      value: data.coolingOff.until
        ? t('coolingOffDated', { days: data.coolingOff.days, date: data.coolingOff.until })
        : t('coolingOffValue', { days: data.coolingOff.days }),
    },
    { text: t('grievance'), value: t('grievanceValue', { ...data.grievance }) },
    { text: t('support'), value: t('supportValue', { ...data.support }) },
  ];
  const sheet: TextValue[] = [
    { text: t('sanctioned'), value: money(terms.amount) },
    { text: t('netDisbursed'), value: money(terms.totals.received) },
    { text: t('totalInterest'), value: money(terms.totals.interest) },
    { text: t('fees'), value: money(terms.totals.commission + terms.totals.tax) },
    { text: t('totalToPay'), value: money(terms.totals.total) },
    { text: t('periodicRate', { days: cost.unitDays }), value: cost.periodicRate },
    { text: t('periodsPerYear'), value: `365 / ${cost.unitDays}` },
    { text: t('apr'), value: cost.rate },
  ];
  const count = terms.plan.length;

  const actions = (
    <div className="presta-key-facts-actions">
      <PrimaryButton onClick={() => window.print()}>{t('print')}</PrimaryButton>
    </div>
  );
  const section = (key: string, title: string, body: ReactNode) => (
    <section className="presta-key-facts-section" aria-labelledby={`${id}-${key}`}>
      <h2 id={`${id}-${key}`} className="presta-key-facts-section-title">
        {title}
      </h2>
      {body}
    </section>
  );

  return (
    <PageLayout className="presta-key-facts" actions={actions}>
      <PageCard className="presta-key-facts-card">
        <h1 className="presta-key-facts-heading">{t('heading')}</h1>
        <p className="presta-key-facts-text">{t('intro')}</p>
        {data.expired ? <Notice label={t('validUntil')}>{t('expired', { date: data.validUntil })}</Notice> : null}
        <DetailList rows={header} />
        <p className="presta-key-facts-text">{t('validity', { days: data.validWorkingDays, date: data.validUntil })}</p>
        {section('part1', t('part1'), <DetailList rows={part1} />)}
        <AnnualCostNote cost={cost} />
        {section('contingent', t('contingent'), <DetailList rows={contingent} />)}
        {section('part2', t('part2'), <DetailList rows={part2} />)}
        <p className="presta-key-facts-text">{t('receipts')}</p>
        {section(
          'sheet',
          t('sheet'),
          <>
            <p className="presta-key-facts-text">{t('sheetIntro')}</p>
            <DetailList rows={sheet} />
            <p className="presta-key-facts-text">{withUnbreakableAmounts(t('netDisbursedNote', { tax }))}</p>
            <table className="presta-key-facts-flows">
              <caption>{t('flowsCaption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('flowDate')}</th>
                  <th scope="col">{t('flowDay')}</th>
                  <th scope="col">{t('flowReceived')}</th>
                  <th scope="col">{t('flowPaid')}</th>
                </tr>
              </thead>
              <tbody>
                {cost.sheet.map((row) => (
                  <tr key={`${row.date}-${row.day}`}>
                    <td>{row.date}</td>
                    <td>{row.day}</td>
                    <td className="presta-key-facts-money">{row.received > 0 ? money(row.received) : ''}</td>
                    <td className="presta-key-facts-money">{row.paid > 0 ? money(row.paid) : ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="presta-key-facts-text">{annualCostSentence(cost, lang)}</p>
          </>,
        )}
        {section(
          'schedule',
          t('schedule'),
          <>
            <p className="presta-key-facts-text">{t('scheduleCounted', { date: data.disbursedOn ?? data.issuedOn })}</p>
            <InstalmentList
              items={terms.plan.map((x) => ({
                title: t('planTitle', { seq: x.seq, count }),
                note: t('scheduleNote', { principal: money(x.principal), interest: money(x.interest), commission: money(x.commission), tax, taxAmount: money(x.tax) }),
                amount: x.total,
                date: x.dueDate,
              }))}
              formatMoney={money}
              amountLabel={t('planAmountLabel')}
              dateLabel={t('planDateLabel')}
            />
          </>,
        )}
      </PageCard>
    </PageLayout>
  );
}

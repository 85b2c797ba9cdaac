import { useId, useMemo, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import Skeleton from 'antd-mobile/es/components/skeleton';
import type { AgreementTerms } from '@presta/contract/api/loan';
import { markets, type TaxableCharge } from '@presta/contract/markets';
import { routes } from '@presta/contract/routes';
import { annualCostSentence } from '@/shared/format/annual-cost-text';
import { marketMoney } from '@/shared/format/money';
import { useRemoteData } from '@/shared/http/use-remote-data';
import { useMessages, type Messages } from '@/shared/i18n/use-messages';
import { getSessionParams, inAppUrl } from '@/shared/session/session-params';
import { withUnbreakableAmounts } from '@/shared/ui/amount-text';
import { DetailList } from '@/shared/ui/detail-list';
import { InstalmentList } from '@/shared/ui/instalment-list';
import { LoadFailure } from '@/shared/ui/load-failure';
import { PageLayout } from '@/shared/ui/page-layout';
import { usePageTitle } from '@/shared/ui/page-title';
import { fetchContract, fetchOfferTerms, type Contract, type ContractQuery, type OfferQuery } from '../api/contract-detail';
import { PromissoryNoteTable, type NoteRow } from '../components/promissory-note-table';
import { agreementMessages, type AgreementMessageKey } from '../messages';
import './loan-agreement-page.css';

type T = Messages<AgreementMessageKey>['t'];
type Lang = Messages<AgreementMessageKey>['lang'];

/** What the address names: an order (?orderNo=, else the session's orderId), else a product's quote (productId, amount, periods), else nothing. */
type AgreementQuery = { kind: 'order'; query: ContractQuery } | { kind: 'offer'; query: OfferQuery } | { kind: 'none' };

const positiveInt = (value: string | null): number | undefined => (value && /^[1-9]\d{0,11}$/.test(value) ? Number(value) : undefined);

function agreementQueryOf(search: string): AgreementQuery {
  const params = new URLSearchParams(search);
  const orderNo = (params.get('orderNo') ?? '').trim();
  if (orderNo) return { kind: 'order', query: { orderNo } };
  const { orderId, productId } = getSessionParams(search);
  if (orderId) return { kind: 'order', query: { orderId, productId } };
  if (productId) {
    const amount = positiveInt(params.get('amount'));
    const periods = positiveInt(params.get('periods'));
    return { kind: 'offer', query: { productId, ...(amount ? { amount } : {}), ...(periods ? { periods } : {}) } };
  }
  return { kind: 'none' };
}

/**
 * Loan agreement (/loan-agreement and /agony; ?orderNo= or the session's
 * orderId, or the productId with the quoted amount and periods): the
 * agreement between the loan's market's lender and the borrower, the
 * promissory note ('Pagaré') filled from contract-detail, and the clauses.
 * Every rate, fee, tax, late charge, penalty, extension and prepayment rule
 * and the plan come from the loan's agreement terms (the pricing code's,
 * issue 12), in the page's language, amounts in the market's currency.
 * Opened from the confirmation (before the order exists), the terms are the
 * quote's (loan-detail-confirm) and the note waits for the order.
 */
export default function LoanAgreementPage() {
  const { search } = useLocation();
  const query = useMemo(() => agreementQueryOf(search), [search]);
  const key = JSON.stringify(query);
  return <LoanAgreement key={key} query={query} />;
}

type Loaded = { contract: Contract | null; terms: AgreementTerms | null };

function LoanAgreement({ query }: { query: AgreementQuery }) {
  const { t, lang } = useMessages(agreementMessages);
  usePageTitle(t('pageTitle'));
  const headingId = useId();
  const noteHeadingId = useId();
  const clausesHeadingId = useId();

  const remote = useRemoteData<Loaded>(
    async (_arg, { signal }) => {
      if (query.kind === 'order') {
        const result = await fetchContract(query.query, { signal });
        return { ...result, data: result.data ? { contract: result.data, terms: result.data.terms } : null };
      }
      const result = await fetchOfferTerms((query as Extract<AgreementQuery, { kind: 'offer' }>).query, { signal });
      return { ...result, data: result.data ? { contract: null, terms: result.data } : null };
    },
    { enabled: query.kind !== 'none' },
  );
  const contract = remote.data?.contract ?? null;
  const terms = remote.data?.terms ?? null;
  const lender = terms?.lender;

  const failure = remote.failed ? (
    <LoadFailure
      level={2}
      title={remote.refusal ? t('refusedTitle') : query.kind === 'order' ? t('loadFailedTitle') : t('termsFailedTitle')}
      text={remote.refusal ?? t('loadFailedText')}
      {...(remote.refusal ? {} : { actionLabel: t('retry'), onAction: () => void remote.load() })}
    />
  ) : null;
  const loading = (label: string) => (
    <div className="presta-agreement-loading" role="status" aria-live="polite">
      <span className="presta-visually-hidden">{label}</span>
      <div aria-hidden="true">
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    </div>
  );

  let note: ReactNode;
  if (query.kind !== 'order') note = <p className="presta-agreement-pending">{t('notePending')}</p>;
  else if (contract) {
    const money = marketMoney(contract.market);
    note = (
      <>
        <p className="presta-agreement-promise">
          {withUnbreakableAmounts(
            t('notePromise', {
              company: contract.company.trim() || lender?.name || t('empty'),
              contractAmount: contract.contractAmount || t('empty'),
              planDate: contract.planDate || t('empty'),
            }),
          )}
        </p>
        <PromissoryNoteTable
          caption={t('noteTableCaption')}
          rows={noteRows(contract, t, lang, money)}
          emptyValue={t('empty')}
          fieldHeader={t('noteFieldHeader')}
          valueHeader={t('noteValueHeader')}
        />
      </>
    );
  } else note = failure ?? loading(t('loading'));

  let clauses: ReactNode;
  if (terms) clauses = <Clauses terms={terms} t={t} lang={lang} />;
  else if (query.kind === 'none') clauses = <p className="presta-agreement-pending">{t('termsPending')}</p>;
  else if (remote.data) clauses = <LoadFailure level={2} title={t('termsFailedTitle')} text={t('loadFailedText')} />;
  else clauses = (query.kind === 'offer' && failure) || (query.kind === 'order' && remote.failed ? null : loading(t('termsLoading')));

  return (
    <PageLayout className="presta-agreement">
      <article className="presta-agreement-doc" aria-labelledby={headingId}>
        <h1 id={headingId} className="presta-agreement-heading">
          {t('heading')}
        </h1>
        <p className="presta-agreement-intro">
          {lender ? t('intro', { company: lender.name, address: lender.address }) : t('introPending')}
        </p>

        {contract?.keyFacts && terms ? <KeyFactsBox keyFacts={contract.keyFacts} terms={terms} t={t} lang={lang} /> : null}

        <section className="presta-agreement-section" aria-labelledby={noteHeadingId}>
          <h2 id={noteHeadingId} className="presta-agreement-section-heading">
            {t('noteHeading')}
          </h2>
          {note}
        </section>

        <section className="presta-agreement-section" aria-labelledby={clausesHeadingId}>
          <h2 id={clausesHeadingId} className="presta-agreement-section-heading">
            {t('clausesHeading')}
          </h2>
          {clauses}
        </section>
      </article>
    </PageLayout>
  );
}

/** "a, b y c" / "a, b and c". */
function listText(t: T, items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')}${t('listAnd')}${items.at(-1)}`;
}

const chargeKeys: Record<TaxableCharge, AgreementMessageKey> = {
  interest: 'chargeInterest',
  commission: 'chargeCommission',
  extension_fee: 'chargeExtensionFee',
};

/** The clauses, every figure from the terms (none written in the catalogue). */
function Clauses({ terms, t, lang }: { terms: AgreementTerms; t: T; lang: Lang }) {
  const money = marketMoney(terms.market);
  const tax = markets[terms.market].tax.name[lang];
  const daily = terms.interest.daily.rate;
  const taxed = (['interest', 'commission', 'extension_fee'] as const).filter((c) => terms.tax.base.includes(c));
  const exempt = [
    ...(['interest', 'commission', 'extension_fee'] as const).filter((c) => !terms.tax.base.includes(c)).map((c) => t(chargeKeys[c])),
    t('chargeLate'),
    ...(terms.lateCharges.defaultPenalty ? [t('chargePenalty')] : []),
  ];
  const penalty = terms.lateCharges.defaultPenalty;
  const tiers = terms.lateCharges.tiers.map((tier) =>
    tier.toDay === null ? t('tierOpen', { rate: tier.rate, from: tier.fromDay }) : t('tierRange', { rate: tier.rate, from: tier.fromDay, to: tier.toDay }),
  );
  const late =
    terms.lateCharges.rule === 'mx_daily_fine'
      ? terms.lateCharges.tiers.map((tier) => t('lateFine', { rate: tier.rate }))
      : [t('lateTiered', { tiers: listText(t, tiers) })];
  if (penalty) {
    late.push(t('penalty', { newClient: money(penalty.newClient), repeatClient: money(penalty.repeatClient) }));
    if (penalty.applies > 0) late.push(t('penaltyApplies', { amount: money(penalty.applies) }));
  }
  const extension = terms.extension.available
    ? [
        t('extension', { days: terms.extension.days, dailyRate: daily, fee: money(terms.extension.feeOnPrincipal) }),
        ...(terms.tax.base.includes('extension_fee') ? [t('extensionTax', { tax, taxAmount: money(terms.extension.feeTaxOnPrincipal) })] : []),
      ]
    : [t('extensionNone')];
  const prepayment = terms.prepayment.fromDate
    ? t('prepaymentDated', { minDays: terms.prepayment.minDays, fromDay: terms.prepayment.fromDay, date: terms.prepayment.fromDate })
    : t('prepayment', { minDays: terms.prepayment.minDays, fromDay: terms.prepayment.fromDay });
  const count = terms.plan.length;

  const clauses: { title: AgreementMessageKey; paragraphs: string[]; extra?: ReactNode }[] = [
    {
      title: 'clause1Title',
      paragraphs: [
        t('clause1Text', {
          amount: money(terms.amount),
          termDays: terms.termDays,
          instalments: terms.periods === 1 ? t('instalmentsOne') : t('instalmentsMany', { count: terms.periods, days: terms.termUnitDays }),
        }),
      ],
    },
    {
      title: 'clause2Title',
      paragraphs: [
        t('clause2Text', { dailyRate: daily, annualRate: terms.interest.annual.rate, yearDays: terms.interest.yearDays }),
        // Issue 13: the CAT (Mexico, with the words Banxico requires) or the APR (India).
        annualCostSentence(terms.annualCost, lang),
      ],
    },
    {
      title: 'clause3Title',
      paragraphs: [t('clause3Text', { commissionRate: terms.commission.rate, commission: money(terms.commission.total) })],
    },
    {
      title: 'clause4Title',
      paragraphs: [
        `${t('clause4Text', { tax, taxRate: terms.tax.rate, taxBase: listText(t, taxed.map((c) => t(chargeKeys[c]))) })} ${t('clause4Exempt', { tax, exempt: listText(t, exempt) })}`,
      ],
    },
    {
      title: 'clause5Title',
      paragraphs: [t('clause5Text', { total: money(terms.totals.total) })],
      extra: (
        <InstalmentList
          items={terms.plan.map((x) => ({
            title: t('planTitle', { seq: x.seq, count }),
            note: t('planNote', {
              principal: money(x.principal),
              interest: money(x.interest),
              commission: money(x.commission),
              tax,
              taxAmount: money(x.tax),
            }),
            amount: x.total,
            date: x.dueDate,
          }))}
          formatMoney={money}
          amountLabel={t('planAmountLabel')}
          dateLabel={t('planDateLabel')}
        />
      ),
    },
    { title: 'clause6Title', paragraphs: late },
    { title: 'clause7Title', paragraphs: extension },
    { title: 'clause8Title', paragraphs: [prepayment] },
    { title: 'clause9Title', paragraphs: [t('clause9Text')] },
  ];

  return (
    <ol className="presta-agreement-clauses">
      {clauses.map(({ title, paragraphs, extra }) => (
        <li key={title} className="presta-agreement-clause">
          <h3 className="presta-agreement-clause-title">{t(title)}</h3>
          {paragraphs.map((text, index) => (
            <p key={index} className="presta-agreement-clause-text">
              {withUnbreakableAmounts(text)}
            </p>
          ))}
          {extra ? <div className="presta-agreement-plan">{extra}</div> : null}
        </li>
      ))}
    </ol>
  );
}

/**
 * India (issue 13): the Key Facts Statement the loan was applied with, as the agreement's summary box — its
 * number and acknowledgement, the APR, the amount, total and instalments, the fee, late interest and
 * penalty — and a link to read it whole (printable).
 */
function KeyFactsBox({ keyFacts, terms, t, lang }: { keyFacts: NonNullable<Contract['keyFacts']>; terms: AgreementTerms; t: T; lang: Lang }) {
  const headingId = useId();
  const money = marketMoney(terms.market);
  const tax = markets[terms.market].tax.name[lang];
  const rows: NoteRow[] = [
    { label: terms.annualCost.kind, value: terms.annualCost.rate },
    { label: t('keyFactsAmount'), value: money(terms.amount) },
    { label: t('keyFactsTotal'), value: money(terms.totals.total) },
    { label: t('keyFactsInstalments'), value: t('keyFactsInstalmentsValue', { count: terms.periods, days: terms.termUnitDays }) },
    { label: t('keyFactsFee', { tax }), value: money(terms.commission.total + terms.totals.tax) },
    ...terms.lateCharges.tiers.map((tier) => ({
      label: `${t('keyFactsLate')} (${tier.toDay === null ? `${tier.fromDay}+` : `${tier.fromDay}–${tier.toDay}`})`,
      value: tier.rate,
    })),
    ...(terms.lateCharges.defaultPenalty
      ? [{ label: t('keyFactsPenalty'), value: `${money(terms.lateCharges.defaultPenalty.newClient)} / ${money(terms.lateCharges.defaultPenalty.repeatClient)}` }]
      : []),
  ];
  return (
    <section className="presta-agreement-section presta-agreement-key-facts" aria-labelledby={headingId}>
      <h2 id={headingId} className="presta-agreement-section-heading">
        {t('keyFactsHeading')}
      </h2>
      <p className="presta-agreement-clause-text">{t('keyFactsIntro', { proposalNo: keyFacts.proposalNo })}</p>
      {keyFacts.acknowledgedAt ? <p className="presta-agreement-clause-text">{t('keyFactsAcknowledged', { date: keyFacts.acknowledgedAt })}</p> : null}
      <DetailList rows={rows.map((r) => ({ text: r.label, value: r.value }))} className="presta-agreement-key-facts-list" />
      <p className="presta-agreement-clause-text">{withUnbreakableAmounts(annualCostSentence(terms.annualCost, lang))}</p>
      <p className="presta-agreement-key-facts-link">
        <Link to={inAppUrl(routes.keyFacts, Object.fromEntries(new URLSearchParams(keyFacts.url.split('?')[1] ?? '')))} className="presta-page-link-button">
          {t('keyFactsRead')}
        </Link>
      </p>
    </section>
  );
}

/** The note's table, in the order of the contract fields (§3 "Loan contract"); the tax row named by the loan's market. */
function noteRows(c: Contract, t: T, lang: Lang, money: (minor: number) => string): NoteRow[] {
  return [
    { label: t('rowBorrower'), value: c.username || c.userName },
    { label: t('rowProduct'), value: c.productName },
    // `mount` is the server's display text of the amount; `amount` (minor units) is the fallback.
    { label: t('rowAmount'), value: c.mount || (c.amount > 0 ? money(c.amount) : '') },
    { label: t('rowBankAccount'), value: c.bankNo },
    { label: t('rowDisbursalDate'), value: c.daiDate },
    { label: t('rowRepaymentDate'), value: c.planDate },
    { label: t('rowContractAmount'), value: c.contractAmount },
    { label: t('rowCommission'), value: c.commission },
    { label: t('rowInterest'), value: c.Interest },
    { label: markets[c.market].tax.name[lang], value: c.IVA },
    { label: t('rowReceivedAmount'), value: c.giveAmount },
    { label: t('rowAddress'), value: c.userAddress },
    { label: t('rowContractDate'), value: c.contractDate },
    { label: t('rowCompany'), value: c.company },
  ];
}

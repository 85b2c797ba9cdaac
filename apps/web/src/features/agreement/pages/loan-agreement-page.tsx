import { useId, useMemo } from 'react';
import { Link } from 'wouter';
import { useAddressSearch } from '@/shared/router/address';
import type { AgreementTerms } from '@presta/contract/api/loan';
import { markets } from '@presta/contract/markets';
import { routes } from '@presta/contract/routes';
import { annualCostSentence } from '@/shared/format/annual-cost-text';
import { marketMoney } from '@/shared/format/money';
import { useMessages, type Messages } from '@/shared/i18n/use-messages';
import { inAppUrl } from '@/shared/session/session-params';
import { withUnbreakableAmounts } from '@/shared/ui/amount-text';
import { DetailList } from '@/shared/ui/detail-list';
import { LoadFailure } from '@/shared/ui/load-failure';
import { PageLayout } from '@/shared/ui/page-layout';
import { usePageTitle } from '@/shared/ui/page-title';
import type { LoanAgreementData } from '../api/agreement-detail';
import { AgreementClauses } from '../components/agreement-clauses';
import { AgreementFailure, AgreementLoading } from '../components/agreement-status';
import { PromissoryNote } from '../components/promissory-note';
import type { NoteRow } from '../components/promissory-note-table';
import { useAgreement, type AgreementRemote } from '../hooks/use-agreement';
import { agreementMessages, type AgreementMessageKey } from '../messages';
import { agreementQueryOf, type AgreementQuery } from '../utils/agreement-query';
import './loan-agreement-page.css';

type T = Messages<AgreementMessageKey>['t'];
type Lang = Messages<AgreementMessageKey>['lang'];

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
  const search = useAddressSearch();
  const query = useMemo(() => agreementQueryOf(search), [search]);
  const key = JSON.stringify(query);
  return <LoanAgreement key={key} query={query} />;
}

function LoanAgreement({ query }: { query: AgreementQuery }) {
  const { t, lang } = useMessages(agreementMessages);
  usePageTitle(t('pageTitle'));
  const headingId = useId();
  const noteHeadingId = useId();
  const clausesHeadingId = useId();
  const remote = useAgreement(query);
  const contract = remote.data?.contract ?? null;
  const terms = remote.data?.terms ?? null;
  const lender = terms?.lender;

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
          <NoteContent kind={query.kind} remote={remote} />
        </section>

        <section className="presta-agreement-section" aria-labelledby={clausesHeadingId}>
          <h2 id={clausesHeadingId} className="presta-agreement-section-heading">
            {t('clausesHeading')}
          </h2>
          <ClausesContent kind={query.kind} remote={remote} />
        </section>
      </article>
    </PageLayout>
  );
}

type PartProps = { kind: AgreementQuery['kind']; remote: AgreementRemote };

/** The promissory note: filled from the order's contract; before the order exists, a note that it waits for it. */
function NoteContent({ kind, remote }: PartProps) {
  const { t } = useMessages(agreementMessages);
  if (kind !== 'order') return <p className="presta-agreement-pending">{t('notePending')}</p>;
  const contract = remote.data?.contract;
  if (contract) return <PromissoryNote contract={contract} lenderName={remote.data?.terms?.lender.name} />;
  return remote.failed ? <AgreementFailure remote={remote} kind={kind} /> : <AgreementLoading label={t('loading')} />;
}

/**
 * The clauses from the terms. A contract without terms says they failed; an
 * order's failure shows once, in the note; an offer's shows here.
 */
function ClausesContent({ kind, remote }: PartProps) {
  const { t } = useMessages(agreementMessages);
  const terms = remote.data?.terms;
  if (terms) return <AgreementClauses terms={terms} />;
  if (kind === 'none') return <p className="presta-agreement-pending">{t('termsPending')}</p>;
  if (remote.data) return <LoadFailure level={2} title={t('termsFailedTitle')} text={t('loadFailedText')} />;
  if (remote.failed) return kind === 'offer' ? <AgreementFailure remote={remote} kind={kind} /> : null;
  return <AgreementLoading label={t('termsLoading')} />;
}

/**
 * India (issue 13): the Key Facts Statement the loan was applied with, as the agreement's summary box — its
 * number and acknowledgement, the APR, the amount, total and instalments, the fee, late interest and
 * penalty — and a link to read it whole (printable).
 */
function KeyFactsBox({ keyFacts, terms, t, lang }: { keyFacts: NonNullable<LoanAgreementData['keyFacts']>; terms: AgreementTerms; t: T; lang: Lang }) {
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

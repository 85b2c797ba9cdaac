import { useId, useMemo } from 'react';
import { useLocation } from 'react-router';
import Skeleton from 'antd-mobile/es/components/skeleton';
import type { ContractData } from '@presta/contract/api/loan';
import { getBrand } from '@/shared/brand/brand';
import { useRemoteData } from '@/shared/http/use-remote-data';
import { useMessages, type Messages } from '@/shared/i18n/use-messages';
import { getSessionParams } from '@/shared/session/session-params';
import { LoadFailure } from '@/shared/ui/load-failure';
import { PageLayout } from '@/shared/ui/page-layout';
import { usePageTitle } from '@/shared/ui/page-title';
import { fetchContract, type ContractQuery } from '../api/contract-detail';
import { PromissoryNoteTable, type NoteRow } from '../components/promissory-note-table';
import { agreementMessages, type AgreementMessageKey } from '../messages';
import { agreementFigures } from '../utils/agreement-figures';
import './loan-agreement-page.css';

type T = Messages<AgreementMessageKey>['t'];

/** Whose agreement the query names: ?orderNo=, else the session's orderId, else none (an offer, before the order exists). */
function contractQueryOf(search: string): ContractQuery | null {
  const orderNo = (new URLSearchParams(search).get('orderNo') ?? '').trim();
  if (orderNo) return { orderNo };
  const { orderId, productId } = getSessionParams(search);
  return orderId ? { orderId, productId } : null;
}

/**
 * Loan agreement (/loan-agreement and /agony; ?orderNo= or the session's
 * orderId): the agreement text with the promissory note ('Pagaré') filled
 * from contract-detail, and the numbered clauses with the figures of §9.
 * Opened before an order exists (from the confirmation), it shows the text
 * and figures without the note's table.
 */
export default function LoanAgreementPage() {
  const { search } = useLocation();
  const query = useMemo(() => contractQueryOf(search), [search]);
  const key = query === null ? 'offer' : 'orderNo' in query ? `no:${query.orderNo}` : `id:${query.orderId}:${query.productId ?? ''}`;
  return <LoanAgreement key={key} query={query} />;
}

function LoanAgreement({ query }: { query: ContractQuery | null }) {
  const { t, money } = useMessages(agreementMessages);
  usePageTitle(t('pageTitle'));
  const headingId = useId();
  const noteHeadingId = useId();
  const clausesHeadingId = useId();

  const remote = useRemoteData<ContractData>((_arg, { signal }) => fetchContract(query!, { signal }), { enabled: query !== null });
  const contract = remote.data;
  const company = contract?.company.trim() || getBrand().companyName;

  return (
    <PageLayout className="presta-agreement">
      <article className="presta-agreement-doc" aria-labelledby={headingId}>
        <h1 id={headingId} className="presta-agreement-heading">
          {t('heading')}
        </h1>
        <p className="presta-agreement-intro">{t('intro', { company })}</p>

        <section className="presta-agreement-section" aria-labelledby={noteHeadingId}>
          <h2 id={noteHeadingId} className="presta-agreement-section-heading">
            {t('noteHeading')}
          </h2>
          {query === null ? (
            <p className="presta-agreement-pending">{t('notePending')}</p>
          ) : contract ? (
            <>
              <p className="presta-agreement-promise">
                {t('notePromise', {
                  company,
                  contractAmount: contract.contractAmount || t('empty'),
                  planDate: contract.planDate || t('empty'),
                })}
              </p>
              <PromissoryNoteTable
                caption={t('noteTableCaption')}
                rows={noteRows(contract, t, money)}
                emptyValue={t('empty')}
                fieldHeader={t('noteFieldHeader')}
                valueHeader={t('noteValueHeader')}
              />
            </>
          ) : remote.failed ? (
            <LoadFailure
              level={2}
              title={remote.refusal ? t('refusedTitle') : t('loadFailedTitle')}
              text={remote.refusal ?? t('loadFailedText')}
              {...(remote.refusal ? {} : { actionLabel: t('retry'), onAction: () => void remote.load() })}
            />
          ) : (
            <div className="presta-agreement-loading" role="status" aria-live="polite">
              <span className="presta-visually-hidden">{t('loading')}</span>
              <div aria-hidden="true">
                <Skeleton.Paragraph lineCount={6} animated />
              </div>
            </div>
          )}
        </section>

        <section className="presta-agreement-section" aria-labelledby={clausesHeadingId}>
          <h2 id={clausesHeadingId} className="presta-agreement-section-heading">
            {t('clausesHeading')}
          </h2>
          <ol className="presta-agreement-clauses">
            {clauses.map(([title, text]) => (
              <li key={title} className="presta-agreement-clause">
                <h3 className="presta-agreement-clause-title">{t(title)}</h3>
                <p className="presta-agreement-clause-text">{t(text, figureVars)}</p>
              </li>
            ))}
          </ol>
        </section>
      </article>
    </PageLayout>
  );
}

const figureVars = { ...agreementFigures };

const clauses: readonly (readonly [AgreementMessageKey, AgreementMessageKey])[] = [
  ['clause1Title', 'clause1Text'],
  ['clause2Title', 'clause2Text'],
  ['clause3Title', 'clause3Text'],
  ['clause4Title', 'clause4Text'],
  ['clause5Title', 'clause5Text'],
  ['clause6Title', 'clause6Text'],
  ['clause7Title', 'clause7Text'],
];

/** The note's table, in the order of the contract fields (§3 "Loan contract"). */
function noteRows(c: ContractData, t: T, money: (minor: number) => string): NoteRow[] {
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
    { label: t('rowIva'), value: c.IVA },
    { label: t('rowReceivedAmount'), value: c.giveAmount },
    { label: t('rowAddress'), value: c.userAddress },
    { label: t('rowContractDate'), value: c.contractDate },
    { label: t('rowCompany'), value: c.company },
  ];
}

import { useMemo } from 'react';
import { useAddressSearch } from '@/shared/router/address';
import type { KeyFactsData } from '@presta/contract/api/key-facts';
import { markets } from '@presta/contract/markets';
import { marketMoney } from '@/shared/format/money';
import { useQuery } from '@/shared/http/use-query';
import { useMessages } from '@/shared/i18n/use-messages';
import { getSessionParams } from '@/shared/session/session-params';
import { AnnualCostNote } from '@/shared/ui/annual-cost-note';
import { DetailList } from '@/shared/ui/detail-list';
import { LoadFailure } from '@/shared/ui/load-failure';
import { Notice } from '@/shared/ui/notice';
import { PageCard, PageLayout } from '@/shared/ui/page-layout';
import { usePageTitle } from '@/shared/ui/page-title';
import { PrimaryButton } from '@/shared/ui/primary-button';
import { PageFallback, remoteFallbackTexts } from '@/shared/ui/remote-fallback';
import { fetchKeyFacts, type KeyFactsQuery } from '../api/key-facts';
import { AprSheet } from '../components/apr-sheet';
import { KeyFactsSection } from '../components/key-facts-section';
import { RepaymentSchedule } from '../components/repayment-schedule';
import { keyFactsMessages } from '../messages';
import { contingentRows, headerRows, part1Rows, part2Rows } from '../utils/key-facts-rows';
import './key-facts-page.css';

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
  const search = useAddressSearch();
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
  const remote = useQuery<KeyFactsData>({ load: ({ signal }) => fetchKeyFacts(query, { signal }) });
  if (!remote.data) {
    return <PageFallback remote={remote} texts={remoteFallbackTexts(t)} />;
  }
  return <KeyFactsView data={remote.data} />;
}

function KeyFactsView({ data }: { data: KeyFactsData }) {
  const { t, lang } = useMessages(keyFactsMessages);
  const money = marketMoney(data.market);
  const tax = markets[data.market].tax.name[lang];
  const rows = { t, money, tax };
  const actions = (
    <div className="presta-key-facts-actions">
      <PrimaryButton onClick={() => window.print()}>{t('print')}</PrimaryButton>
    </div>
  );

  return (
    <PageLayout className="presta-key-facts" actions={actions}>
      <PageCard className="presta-key-facts-card">
        <h1 className="presta-key-facts-heading">{t('heading')}</h1>
        <p className="presta-key-facts-text">{t('intro')}</p>
        {data.expired ? <Notice label={t('validUntil')}>{t('expired', { date: data.validUntil })}</Notice> : null}
        <DetailList rows={headerRows(data, rows)} />
        <p className="presta-key-facts-text">{t('validity', { days: data.validWorkingDays, date: data.validUntil })}</p>
        <KeyFactsSection title={t('part1')}>
          <DetailList rows={part1Rows(data, rows)} />
        </KeyFactsSection>
        <AnnualCostNote cost={data.terms.annualCost} />
        <KeyFactsSection title={t('contingent')}>
          <DetailList rows={contingentRows(data, rows)} />
        </KeyFactsSection>
        <KeyFactsSection title={t('part2')}>
          <DetailList rows={part2Rows(data, rows)} />
        </KeyFactsSection>
        <p className="presta-key-facts-text">{t('receipts')}</p>
        <AprSheet data={data} money={money} tax={tax} />
        <RepaymentSchedule data={data} money={money} tax={tax} />
      </PageCard>
    </PageLayout>
  );
}

import { useSearchParams } from 'wouter';
import Tabs from 'antd-mobile/es/components/tabs';
import { routes } from '@presta/contract/routes';
import { useQuery } from '@/shared/http/use-query';
import { useMessages } from '@/shared/i18n/use-messages';
import { inAppUrl } from '@/shared/session/session-params';
import { PageLayout } from '@/shared/ui/page-layout';
import { usePageTitle } from '@/shared/ui/page-title';
import { RemoteFallback } from '@/shared/ui/remote-fallback';
import { fetchComplaintList, type ComplaintTab } from '../api/complaint-list';
import { ComplaintItems, EmptyState } from '../components/complaint-items';
import { complaintFollowUpMessages } from '../messages';
import { problemIdParam } from '../utils/problem-id';
import './complaint-heading.css';
import './complaint-list-page.css';

/** URL parameter of the chosen tab (its index), so that coming back from a complaint shows the same tab. */
export const tabParam = 'tab';

/**
 * The tab to show: the one the URL names (the borrower chose it, e.g. before
 * opening a complaint), else the first tab that has complaints (issue 14: a
 * borrower whose only complaint was answered landed on an empty "En proceso"),
 * else the first.
 */
export function initialTabIndex(value: string | null, tabs: readonly ComplaintTab[]): number {
  const index = Number(value);
  if (value !== null && value !== '' && Number.isInteger(index) && index >= 0 && index < tabs.length) return index;
  const withItems = tabs.findIndex((tab) => tab.list.length > 0);
  return withItems >= 0 ? withItems : 0;
}

/**
 * The borrower's complaints (/complaintList + session): tabs by state (open,
 * answered, closed; titles from the server), each listing its complaints
 * newest first with number, time, type and the start of the text. A
 * complaint opens its detail (/complainDetails?problemId=…).
 */
export default function ComplaintListPage() {
  const { t } = useMessages(complaintFollowUpMessages);
  usePageTitle(t('listPageTitle'));
  const remote = useQuery<{ tabs: ComplaintTab[] }>({ load: ({ signal }) => fetchComplaintList({ signal }) });
  const { data } = remote;

  return (
    <PageLayout className="presta-complaint-list">
      <h1 className="presta-complaint-heading">{t('listHeading')}</h1>
      {data ? (
        <ComplaintTabs tabs={data.tabs} />
      ) : (
        <RemoteFallback
          level={2}
          remote={remote}
          texts={{ loading: t('loading'), failedTitle: t('listLoadFailedTitle'), failedText: t('listLoadFailedText'), retry: t('retry'), refusedTitle: t('listRefusedTitle') }}
        />
      )}
    </PageLayout>
  );
}

function ComplaintTabs({ tabs }: { tabs: ComplaintTab[] }) {
  const { t } = useMessages(complaintFollowUpMessages);
  const [searchParams, setSearchParams] = useSearchParams();
  const active = initialTabIndex(searchParams.get(tabParam), tabs);

  const noComplaints = tabs.every((tab) => tab.list.length === 0);
  if (tabs.length === 0) {
    return (
      <EmptyState
        title={t('emptyTabTitle')}
        text={t('noComplaintsText')}
        action={{ label: t('fileComplaint'), href: inAppUrl(routes.complaintEntry) }}
      />
    );
  }

  const choose = (key: string) => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(tabParam, key);
        return next;
      },
      { replace: true },
    );
  };

  const tab = tabs[active]!;
  return (
    <>
      <div className="presta-complaint-tabs">
        <Tabs activeKey={String(active)} onChange={choose} stretch>
          {tabs.map((item, index) => (
            <Tabs.Tab key={String(index)} title={item.title} />
          ))}
        </Tabs>
      </div>
      <div role="tabpanel" aria-label={tab.title} className="presta-complaint-tab-panel">
        {tab.list.length > 0 ? (
          <ComplaintItems
            items={tab.list}
            hrefOf={(item) => inAppUrl(routes.complaintDetail, { [problemIdParam]: item.id })}
            numberLabel={(id) => t('itemNumber', { id })}
          />
        ) : noComplaints ? (
          <EmptyState
            title={t('emptyTabTitle')}
            text={t('noComplaintsText')}
            action={{ label: t('fileComplaint'), href: inAppUrl(routes.complaintEntry) }}
          />
        ) : (
          <EmptyState title={t('emptyTabTitle')} text={t('emptyTabText')} />
        )}
      </div>
    </>
  );
}

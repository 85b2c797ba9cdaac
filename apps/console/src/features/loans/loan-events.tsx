import Table from 'antd/es/table';
import { dateTime, day } from '@/shared/format/format';
import { useLanguage, useMessages } from '@/shared/i18n/i18n';
import type { LoanStory } from './loan-story';
import { knownKey, loansMessages } from './messages';
import { Amount } from '@/shared/ui/amount';

type LedgerEvent = LoanStory['events'][number];
type Allocation = LedgerEvent['allocations'][number];

/** Where one event's money went: by instalment (or the whole loan) and component. */
function Allocations({ event, market }: { event: LedgerEvent; market: string }) {
  const t = useMessages(loansMessages);
  return (
    <Table<Allocation>
      rowKey={(a) => `${a.seq ?? 'loan'}-${a.component}`}
      size="small"
      pagination={false}
      scroll={{ x: true }}
      dataSource={event.allocations}
      columns={[
        { key: 'seq', title: t('seq'), render: (_, a) => (a.seq === null ? t('wholeLoan') : a.seq) },
        {
          key: 'component',
          title: t('component'),
          render: (_, a) => {
            const key = knownKey('component_', a.component);
            return key ? t(key) : a.component;
          },
        },
        { key: 'amount', title: t('amount'), align: 'right', render: (_, a) => <Amount minor={a.amount} market={market} /> },
      ]}
    />
  );
}

/** Every payment and credit event in the order recorded, each opening onto its allocation. */
export function LoanEvents({ events, market }: { events: LoanStory['events']; market: string }) {
  const t = useMessages(loansMessages);
  const { language } = useLanguage();
  return (
    <Table<LedgerEvent>
      rowKey={(e) => `${e.kind}-${e.id}`}
      size="small"
      pagination={false}
      scroll={{ x: true }}
      dataSource={events}
      locale={{ emptyText: t('eventsEmpty') }}
      expandable={{
        expandedRowRender: (e) => <Allocations event={e} market={market} />,
        rowExpandable: (e) => e.allocations.length > 0,
      }}
      columns={[
        {
          key: 'kind',
          title: t('kind'),
          render: (_, e) => {
            const key = knownKey('kind_', e.kind);
            return key ? t(key) : e.kind;
          },
        },
        { key: 'at', title: t('at'), render: (_, e) => dateTime(e.at, language) },
        { key: 'valueDate', title: t('valueDate'), render: (_, e) => day(e.valueDate) },
        { key: 'amount', title: t('amount'), align: 'right', render: (_, e) => <Amount minor={e.amount} market={market} /> },
        { key: 'source', title: t('source'), dataIndex: 'source' },
        { key: 'allocations', title: t('allocations'), align: 'right', render: (_, e) => e.allocations.length },
      ]}
    />
  );
}

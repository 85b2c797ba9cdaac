import Table from 'antd/es/table';
import { day } from '@/shared/format/format';
import { useMessages } from '@/shared/i18n/i18n';
import type { LoanStory } from './loan-story';
import { loansMessages } from './messages';
import { Amount } from '@/shared/ui/amount';

type Instalment = LoanStory['plan'][number];

const totalOf = (i: Instalment) => i.principal + i.interest + i.commission + i.vat;

/** The repayment plan: each instalment's due day and components, with their total. */
export function LoanPlan({ plan, market }: { plan: LoanStory['plan']; market: string }) {
  const t = useMessages(loansMessages);
  const amount = (key: 'principal' | 'interest' | 'commission' | 'vat') => ({
    key,
    title: t(key),
    align: 'right' as const,
    render: (_: unknown, i: Instalment) => <Amount minor={i[key]} market={market} />,
  });
  return (
    <Table<Instalment>
      rowKey="seq"
      size="small"
      pagination={false}
      scroll={{ x: true }}
      dataSource={plan}
      locale={{ emptyText: t('planEmpty') }}
      columns={[
        { key: 'seq', title: t('seq'), dataIndex: 'seq' },
        { key: 'dueDate', title: t('dueDate'), render: (_, i) => day(i.dueDate) },
        amount('principal'),
        amount('interest'),
        amount('commission'),
        amount('vat'),
        { key: 'total', title: t('instalmentTotal'), align: 'right', render: (_, i) => <Amount minor={totalOf(i)} market={market} /> },
      ]}
    />
  );
}

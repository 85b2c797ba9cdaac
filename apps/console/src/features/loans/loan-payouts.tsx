import Table from 'antd/es/table';
import { useMessages } from '@/shared/i18n/i18n';
import { usePayoutColumns, type Payout } from '@/shared/ui/payout-columns';
import type { LoanStory } from './loan-story';
import { loansMessages } from './messages';

/** The order's payout attempts, newest first: status, provider and its reference, amount, account, reason, value date. */
export function LoanPayouts({ payouts }: { payouts: LoanStory['payouts'] }) {
  const t = useMessages(loansMessages);
  const columns = usePayoutColumns({ withOrder: false });
  return (
    <Table<Payout>
      rowKey="attempt"
      size="small"
      pagination={false}
      dataSource={payouts}
      columns={columns}
      locale={{ emptyText: t('payoutsEmpty') }}
      // No horizontal scroll at 1280 px: the cells wrap.
    />
  );
}

/** A 151 order whose latest payout is still with the provider: staff read it as "disbursing". */
export function isDisbursing(story: Pick<LoanStory, 'loan' | 'payouts'>): boolean {
  const latest = story.payouts[0];
  return story.loan.status === '151' && latest !== undefined && (latest.status === 'created' || latest.status === 'pending');
}

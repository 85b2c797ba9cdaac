import Alert from 'antd/es/alert';
import Space from 'antd/es/space';
import Table, { type ColumnsType } from 'antd/es/table';
import type { DataOf } from '@presta/contract/api/endpoint';
import type { consoleDisburse } from '@presta/contract/api/console/review';
import { day } from '@/shared/format/format';
import { useMessages } from '@/shared/i18n/i18n';
import { PayoutState, payoutMoney, type Payout } from '@/shared/ui/payout-columns';
import { disbursalMessages } from './messages';

export type DisbursalAnswer = DataOf<typeof consoleDisburse>;

/** One kind of outcome (started, paid or refused): an alert with its count over a table of its orders. */
function Outcome<Row extends { orderNo: string }>({ rows, ...props }: { rows: Row[]; type: 'info' | 'success' | 'warning'; role: string; title: string; columns: ColumnsType<Row> }) {
  return (
    <Alert
      type={props.type}
      showIcon
      role={props.role}
      title={props.title}
      description={<Table<Row> rowKey="orderNo" size="small" pagination={false} dataSource={rows} columns={props.columns} />}
    />
  );
}

/**
 * What the last disbursal did, per order: the payouts started and waiting for the provider (with whom, the reference,
 * the amount, the account), those the provider paid at once (the day, the account), and those refused (the server's
 * reason).
 */
export function DisbursalResult({ answer }: { answer: DisbursalAnswer }) {
  const t = useMessages(disbursalMessages);
  const order = { key: 'order', title: t('order'), dataIndex: 'orderNo' };
  const paid = new Set(answer.disbursed.map((d) => d.orderNo));
  const waiting = answer.started.filter((p) => !paid.has(p.orderNo));
  return (
    <Space orientation="vertical" style={{ width: '100%', marginBottom: 16 }}>
      {waiting.length > 0 ? (
        <Outcome<Payout>
          rows={waiting}
          type="info"
          role="status"
          title={t('startedTitle', { count: waiting.length })}
          columns={[
            order,
            { key: 'state', title: t('payout'), render: (_, p) => <PayoutState payout={p} /> },
            { key: 'amount', title: t('principal'), align: 'right', render: (_, p) => payoutMoney(p.amount, p.currency) },
            { key: 'account', title: t('accountPaid'), render: (_, p) => `${p.bankAccount.bankName} · ${p.bankAccount.masked}` },
          ]}
        />
      ) : null}
      {answer.disbursed.length > 0 ? (
        <Outcome
          rows={answer.disbursed}
          type="success"
          role="status"
          title={t('disbursedTitle', { count: answer.disbursed.length })}
          columns={[
            order,
            { key: 'day', title: t('disbursedOn'), render: (_, d) => day(d.disbursedOn) },
            { key: 'account', title: t('accountPaid'), render: (_, d) => `${d.bankAccount.bankName} · ${d.bankAccount.masked}` },
          ]}
        />
      ) : null}
      {answer.refused.length > 0 ? (
        <Outcome
          rows={answer.refused}
          type="warning"
          role="alert"
          title={t('refusedTitle', { count: answer.refused.length })}
          columns={[order, { key: 'reason', title: t('reason'), dataIndex: 'message' }]}
        />
      ) : null}
    </Space>
  );
}

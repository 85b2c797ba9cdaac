import Alert from 'antd/es/alert';
import Space from 'antd/es/space';
import Table, { type ColumnsType } from 'antd/es/table';
import type { DataOf } from '@presta/contract/api/endpoint';
import type { consoleDisburse } from '@presta/contract/api/console/review';
import { day } from '@/shared/format/format';
import { useMessages } from '@/shared/i18n/i18n';
import { disbursalMessages } from './messages';

export type DisbursalAnswer = DataOf<typeof consoleDisburse>;

/** One kind of outcome (paid or refused): an alert with its count over a table of its orders. */
function Outcome<Row extends { orderNo: string }>({ rows, ...props }: { rows: Row[]; type: 'success' | 'warning'; role: string; title: string; columns: ColumnsType<Row> }) {
  return (
    <Alert
      type={props.type}
      showIcon
      role={props.role}
      title={props.title}
      description={<Table<Row> rowKey="orderNo" size="small" pagination={false} scroll={{ x: true }} dataSource={rows} columns={props.columns} />}
    />
  );
}

/** What the last disbursal did: the orders paid (day, account) and those refused (the server's reason). */
export function DisbursalResult({ answer }: { answer: DisbursalAnswer }) {
  const t = useMessages(disbursalMessages);
  const order = { key: 'order', title: t('order'), dataIndex: 'orderNo' };
  return (
    <Space orientation="vertical" style={{ width: '100%', marginBottom: 16 }}>
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

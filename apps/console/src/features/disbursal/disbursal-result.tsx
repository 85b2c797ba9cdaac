import Alert from 'antd/es/alert';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import type { DataOf } from '@presta/contract/api/endpoint';
import type { consoleDisburse } from '@presta/contract/api/console';
import { day } from '@/shared/format/format';
import { useMessages } from '@/shared/i18n/i18n';
import { disbursalMessages } from './messages';

export type DisbursalAnswer = DataOf<typeof consoleDisburse>;

/** What the last disbursal did: the orders paid (day, account) and those refused (the server's reason). */
export function DisbursalResult({ answer }: { answer: DisbursalAnswer }) {
  const t = useMessages(disbursalMessages);
  return (
    <Space orientation="vertical" style={{ width: '100%', marginBottom: 16 }}>
      {answer.disbursed.length > 0 ? (
        <Alert
          type="success"
          showIcon
          role="status"
          title={t('disbursedTitle', { count: answer.disbursed.length })}
          description={
            <Table
              rowKey="orderNo"
              size="small"
              pagination={false}
              scroll={{ x: true }}
              dataSource={answer.disbursed}
              columns={[
                { key: 'order', title: t('order'), dataIndex: 'orderNo' },
                { key: 'day', title: t('disbursedOn'), render: (_, d) => day(d.disbursedOn) },
                { key: 'account', title: t('accountPaid'), render: (_, d) => `${d.bankAccount.bankName} · ${d.bankAccount.masked}` },
              ]}
            />
          }
        />
      ) : null}
      {answer.refused.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          role="alert"
          title={t('refusedTitle', { count: answer.refused.length })}
          description={
            <Table
              rowKey="orderNo"
              size="small"
              pagination={false}
              scroll={{ x: true }}
              dataSource={answer.refused}
              columns={[
                { key: 'order', title: t('order'), dataIndex: 'orderNo' },
                { key: 'reason', title: t('reason'), dataIndex: 'message' },
              ]}
            />
          }
        />
      ) : null}
    </Space>
  );
}

import { useState } from 'react';
import { Link } from 'react-router';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import Table, { type ColumnsType } from 'antd/es/table';
import Typography from 'antd/es/typography';
import { consoleSuspense } from '@presta/contract/api/console/payments';
import { formatMinor } from '@presta/contract/money';
import { useCall } from '@/shared/api/use-call';
import { dateTime } from '@/shared/format/format';
import { commonMessages } from '@/shared/i18n/common-messages';
import { useLanguage, useMessages } from '@/shared/i18n/i18n';
import { useMay } from '@/shared/session/session';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { paymentsMessages } from './messages';
import { AssignModal, RefundEntryButton, type SuspenseEntry } from './suspense-actions';

/** The open suspense entries, oldest first: assign one to an order, or record it as paid back to the payer. */
export function SuspenseTab() {
  const t = useMessages(paymentsMessages);
  const common = useMessages(commonMessages);
  const { language } = useLanguage();
  const mayAssign = useMay('suspense.assign');
  const mayRefund = useMay('suspense.refund');
  const { data, error, loading, reload } = useCall(consoleSuspense, {});
  const [assigning, setAssigning] = useState<SuspenseEntry>();

  const columns: ColumnsType<SuspenseEntry> = [
    { key: 'received', title: t('received'), render: (_, e) => dateTime(e.receivedAt, language) },
    { key: 'paid', title: t('paid'), render: (_, e) => dateTime(e.paidAt, language) },
    { key: 'amount', title: t('amount'), align: 'right', render: (_, e) => formatMinor(e.amount) },
    { key: 'why', title: t('why'), dataIndex: 'reason' },
    { key: 'provider', title: t('provider'), render: (_, e) => `${e.provider} · ${e.eventId}` },
    { key: 'reference', title: t('reference'), dataIndex: 'reference' },
    { key: 'channel', title: t('channel'), render: (_, e) => e.channel ?? common('none') },
    { key: 'order', title: t('namedOrder'), render: (_, e) => (e.orderNo ? <Link to={`/loans/${e.orderNo}`}>{e.orderNo}</Link> : common('none')) },
  ];
  if (mayAssign || mayRefund)
    columns.push({
      key: 'actions',
      title: t('actions'),
      render: (_, e) => (
        <Space wrap>
          {mayAssign ? (
            <Button size="small" type="primary" onClick={() => setAssigning(e)}>
              {t('assign')}
            </Button>
          ) : null}
          {mayRefund ? <RefundEntryButton entry={e} onDone={reload} /> : null}
        </Space>
      ),
    });

  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Typography.Text>{t('suspenseIntro')}</Typography.Text>
        <Button onClick={reload} loading={loading}>
          {common('refresh')}
        </Button>
      </Space>
      {error ? <ErrorAlert error={error} onRetry={reload} /> : null}
      <Table<SuspenseEntry>
        rowKey="id"
        size="small"
        loading={loading}
        columns={columns}
        dataSource={data?.entries ?? []}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        locale={{ emptyText: t('suspenseEmpty') }}
        scroll={{ x: true }}
      />
      {assigning ? (
        <AssignModal
          entry={assigning}
          onClose={() => setAssigning(undefined)}
          onDone={() => {
            setAssigning(undefined);
            reload();
          }}
        />
      ) : null}
    </>
  );
}

import { useState } from 'react';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Popconfirm from 'antd/es/popconfirm';
import Space from 'antd/es/space';
import Table, { type ColumnsType } from 'antd/es/table';
import Typography from 'antd/es/typography';
import { consoleApplications, consoleApprove } from '@presta/contract/api/console/review';
import { call } from '@/shared/api/client';
import { useCall } from '@/shared/api/use-call';

import { commonMessages } from '@/shared/i18n/common-messages';
import { useLanguage, useMessages } from '@/shared/i18n/i18n';
import { useMay } from '@/shared/session/session';
import { applicationColumns, type Application } from '@/shared/ui/application-columns';
import { ErrorAlert, useToastOnFailure } from '@/shared/ui/error-alert';
import { ApplicationProfile } from './application-profile';
import { RejectModal } from './reject-modal';
import { reviewMessages } from './messages';
import { Amount } from '@/shared/ui/amount';

/** The review queue (status 21), oldest first: each application with its borrower's record; approve or reject. */
export default function ReviewPage() {
  const t = useMessages(reviewMessages);
  const common = useMessages(commonMessages);
  const { language } = useLanguage();
  const toastOnFailure = useToastOnFailure();
  const { message } = App.useApp();
  const mayApprove = useMay('orders.approve');
  const mayReject = useMay('orders.reject');
  const { data, error, loading, reload } = useCall(consoleApplications, { status: '21' });
  const [rejecting, setRejecting] = useState<string>();

  const approve = (orderNo: string) =>
    toastOnFailure(async () => {
      await call(consoleApprove, { orderNo });
      void message.success(t('approved', { orderNo }));
      reload();
    });

  const shared = applicationColumns(t, language);
  const columns: ColumnsType<Application> = [
    shared.order,
    shared.applied,
    {
      key: 'borrower',
      title: t('borrower'),
      render: (_, a) => (
        <>
          {a.borrower.fullName}
          <br />
          <Typography.Text type="secondary">
            {a.borrower.maskedPhone} · {t(`language_${a.borrower.language}`)}
          </Typography.Text>
        </>
      ),
    },
    shared.product,
    shared.principal,
    { key: 'totalOwed', title: t('totalOwed'), align: 'right', render: (_, a) => <Amount minor={a.totalOwed} market={a.product.market} /> },
    shared.terms,
    { key: 'offer', title: t('offerLimit'), align: 'right', render: (_, a) => (a.offerLimit === null ? t('noOffer') : <Amount minor={a.offerLimit} market={a.product.market} />) },
    shared.account,
    {
      key: 'record',
      title: t('record'),
      render: (_, a) => t('recordValue', { loans: a.record.loans, settled: a.record.settled, overdue: a.record.overdueNow, rejected: a.record.rejected }),
    },
  ];
  if (mayApprove || mayReject)
    columns.push({
      key: 'actions',
      title: t('actions'),
      // Kept in view at the table's right edge however wide the other columns make it, its buttons on one line.
      fixed: 'right',
      render: (_, a) => (
        <Space size={8}>
          {mayApprove ? (
            <Popconfirm title={t('approveConfirm', { orderNo: a.orderNo })} okText={t('approve')} cancelText={common('cancel')} onConfirm={() => void approve(a.orderNo)}>
              <Button type="primary" size="small">
                {t('approve')}
              </Button>
            </Popconfirm>
          ) : null}
          {mayReject ? (
            <Button danger size="small" onClick={() => setRejecting(a.orderNo)}>
              {t('reject')}
            </Button>
          ) : null}
        </Space>
      ),
    });

  return (
    <>
      <Typography.Title level={1}>{t('title')}</Typography.Title>
      <Space wrap style={{ marginBottom: 16 }}>
        <Typography.Text>{t('intro')}</Typography.Text>
        <Button onClick={reload} loading={loading}>
          {common('refresh')}
        </Button>
      </Space>
      {error ? <ErrorAlert error={error} onRetry={reload} /> : null}
      <Table<Application>
        rowKey="orderNo"
        size="small"
        loading={loading}
        columns={columns}
        dataSource={data?.applications ?? []}
        expandable={{ expandedRowRender: (a) => <ApplicationProfile application={a} /> }}
        pagination={{ pageSize: 50, hideOnSinglePage: true, showTotal: (count) => t('count', { count }) }}
        locale={{ emptyText: t('empty') }}
        scroll={{ x: true }}
      />
      {rejecting ? (
        <RejectModal
          orderNo={rejecting}
          onClose={() => setRejecting(undefined)}
          onRejected={() => {
            setRejecting(undefined);
            reload();
          }}
        />
      ) : null}
    </>
  );
}

import { useState } from 'react';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import { consoleApplications, consoleApprove } from '@presta/contract/api/console/review';
import { call } from '@/shared/api/client';
import { useCall } from '@/shared/api/use-call';
import { commonMessages } from '@/shared/i18n/common-messages';
import { useMessages } from '@/shared/i18n/i18n';
import type { Application } from '@/shared/ui/application-columns';
import { ErrorAlert, useToastOnFailure } from '@/shared/ui/error-alert';
import { ApplicationProfile } from './application-profile';
import { RejectModal } from './reject-modal';
import { reviewMessages } from './messages';
import { useReviewColumns } from './review-columns';

/** The review queue (status 21), oldest first: each application with its borrower's record; approve or reject. */
export default function ReviewPage() {
  const t = useMessages(reviewMessages);
  const common = useMessages(commonMessages);
  const toastOnFailure = useToastOnFailure();
  const { message } = App.useApp();
  const { data, error, loading, reload } = useCall(consoleApplications, { status: '21' });
  const [rejecting, setRejecting] = useState<string>();

  const approve = (orderNo: string) =>
    toastOnFailure(async () => {
      await call(consoleApprove, { orderNo });
      void message.success(t('approved', { orderNo }));
      reload();
    });

  const columns = useReviewColumns({ onApprove: (orderNo) => void approve(orderNo), onReject: setRejecting });

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

import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Table, { type ColumnsType } from 'antd/es/table';
import Typography from 'antd/es/typography';
import { consoleComplaints } from '@presta/contract/api/console/complaints';
import { COMPLAINT_SCORE_MAX } from '@presta/contract/complaint-rules';
import { useCall } from '@/shared/api/use-call';
import { dateTime } from '@/shared/format/format';
import { commonMessages } from '@/shared/i18n/common-messages';
import { useLanguage, useMessages } from '@/shared/i18n/i18n';
import { useMay } from '@/shared/session/session';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { ComplaintDrawer } from './complaint-drawer';
import { StatusTag, typeOf, type Complaint, type ComplaintStatus } from './complaint-parts';
import { InboxFilters } from './inbox-filters';
import { complaintMessages } from './messages';

/** Support's inbox (support and analysts read it; support replies): by status and type, newest first. */
export default function ComplaintsPage() {
  const t = useMessages(complaintMessages);
  const may = useMay('complaints.read');
  return (
    <>
      <Typography.Title level={1}>{t('title')}</Typography.Title>
      {may ? <Inbox /> : <Alert type="warning" showIcon role="alert" title={t('forbidden')} />}
    </>
  );
}

function Inbox() {
  const t = useMessages(complaintMessages);
  const common = useMessages(commonMessages);
  const { language } = useLanguage();
  const [status, setStatus] = useState<ComplaintStatus | 'all'>('open');
  const [type, setType] = useState<number | null>(null);
  const [openId, setOpenId] = useState<number>();
  const { data, error, loading, reload } = useCall(consoleComplaints, { status: status === 'all' ? undefined : status, type: type ?? undefined });
  const complaints = data?.complaints ?? [];
  // The open one, read from the latest answer (a reply closes it and reloads the inbox).
  const open = complaints.find((c) => c.id === openId);

  const columns: ColumnsType<Complaint> = [
    { title: t('created'), key: 'created', render: (_, c) => dateTime(c.createdAt, language) },
    { title: t('order'), dataIndex: 'orderNo', key: 'orderNo' },
    { title: t('phone'), dataIndex: 'maskedPhone', key: 'phone' },
    { title: t('typeSubtype'), key: 'type', render: (_, c) => typeOf(c) },
    { title: t('status'), key: 'status', render: (_, c) => <StatusTag status={c.status} /> },
    {
      title: t('score'),
      key: 'score',
      render: (_, c) => (c.score === null ? common('none') : t('scoreValue', { score: c.score, max: COMPLAINT_SCORE_MAX })),
    },
    {
      title: t('open'),
      key: 'open',
      render: (_, c) => (
        <Button size="small" onClick={() => setOpenId(c.id)} aria-label={t('openLabel', { id: c.id })}>
          {t('open')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <InboxFilters status={status} onStatus={setStatus} type={type} onType={setType} onRefresh={reload} />
      {error ? <ErrorAlert error={error} onRetry={reload} /> : null}
      <Table<Complaint>
        rowKey="id"
        columns={columns}
        dataSource={complaints}
        loading={loading}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        scroll={{ x: true }}
        locale={{ emptyText: t('empty') }}
      />
      <ComplaintDrawer
        complaint={open}
        onClose={() => setOpenId(undefined)}
        onReplied={() => {
          setOpenId(undefined);
          reload();
        }}
      />
    </>
  );
}

import { useState } from 'react';
import { Link } from 'react-router';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Segmented from 'antd/es/segmented';
import Table, { type ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import type { DataOf } from '@presta/contract/api/endpoint';
import { consoleNotifications } from '@presta/contract/api/console/payments';
import { formatMinor } from '@presta/contract/money';
import { useCall } from '@/shared/api/use-call';
import { dateTime } from '@/shared/format/format';
import { commonMessages } from '@/shared/i18n/common-messages';
import { useLanguage, useMessages } from '@/shared/i18n/i18n';
import { useMay } from '@/shared/session/session';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { knownKey, paymentsMessages } from './messages';
import { ResolveModal } from './resolve-modal';

type Notification = DataOf<typeof consoleNotifications>['notifications'][number];
type Filter = 'open' | 'all';

const outcomeColour: Record<string, string> = { applied: 'green', duplicate: 'default', refused: 'red', held: 'orange' };
const reviewColour: Record<string, string> = { none: 'default', open: 'gold', resolved: 'green' };

/** The provider's notifications, newest first: those to review, or all; each with its outcome and why; an open review resolved with a note. */
export function NotificationsTab() {
  const t = useMessages(paymentsMessages);
  const common = useMessages(commonMessages);
  const { language } = useLanguage();
  const mayResolve = useMay('payments.resolveReview');
  const [review, setReview] = useState<Filter>('open');
  const [resolving, setResolving] = useState<number>();
  const { data, error, loading, reload } = useCall(consoleNotifications, { review, limit: 200 });
  const named = (prefix: 'outcome_' | 'review_', value: string) => {
    const key = knownKey(prefix, value);
    return key ? t(key) : value;
  };

  const columns: ColumnsType<Notification> = [
    { key: 'received', title: t('received'), render: (_, n) => dateTime(n.receivedAt, language) },
    { key: 'provider', title: t('provider'), dataIndex: 'provider' },
    { key: 'event', title: t('event'), render: (_, n) => n.eventId ?? common('none') },
    { key: 'reference', title: t('reference'), render: (_, n) => n.reference ?? common('none') },
    { key: 'amount', title: t('amount'), align: 'right', render: (_, n) => (n.amount === null ? common('none') : formatMinor(n.amount)) },
    { key: 'outcome', title: t('outcome'), render: (_, n) => <Tag color={outcomeColour[n.outcome] ?? 'default'}>{named('outcome_', n.outcome)}</Tag> },
    { key: 'reason', title: t('reason'), render: (_, n) => n.reason ?? common('none') },
    { key: 'review', title: t('review'), render: (_, n) => <Tag color={reviewColour[n.review] ?? 'default'}>{named('review_', n.review)}</Tag> },
    { key: 'order', title: t('order'), render: (_, n) => (n.orderNo ? <Link to={`/loans/${n.orderNo}`}>{n.orderNo}</Link> : common('none')) },
    {
      key: 'resolution',
      title: t('resolution'),
      render: (_, n) =>
        n.reviewedAt ? t('resolutionValue', { at: dateTime(n.reviewedAt, language), by: n.reviewedBy ?? common('none'), note: n.reviewNote ?? '' }) : common('none'),
    },
  ];
  if (mayResolve)
    columns.push({
      key: 'actions',
      title: t('actions'),
      render: (_, n) =>
        n.review === 'open' ? (
          <Button size="small" onClick={() => setResolving(n.id)}>
            {t('resolve')}
          </Button>
        ) : null,
    });

  return (
    <>
      <Form layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item label={t('show')}>
          <Segmented<Filter>
            aria-label={t('show')}
            value={review}
            onChange={setReview}
            options={[
              { value: 'open', label: t('showOpen') },
              { value: 'all', label: t('showAll') },
            ]}
          />
        </Form.Item>
        <Form.Item>
          <Button onClick={reload} loading={loading}>
            {common('refresh')}
          </Button>
        </Form.Item>
      </Form>
      {error ? <ErrorAlert error={error} onRetry={reload} /> : null}
      <Table<Notification>
        rowKey="id"
        size="small"
        loading={loading}
        columns={columns}
        dataSource={data?.notifications ?? []}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        locale={{ emptyText: review === 'open' ? t('openEmpty') : t('notificationsEmpty') }}
        scroll={{ x: true }}
      />
      {resolving === undefined ? null : (
        <ResolveModal
          id={resolving}
          onClose={() => setResolving(undefined)}
          onDone={() => {
            setResolving(undefined);
            reload();
          }}
        />
      )}
    </>
  );
}

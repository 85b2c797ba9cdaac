import { useState } from 'react';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Segmented from 'antd/es/segmented';
import Table from 'antd/es/table';
import { consoleNotifications } from '@presta/contract/api/console/payments';
import { useCall } from '@/shared/api/use-call';
import { commonMessages } from '@/shared/i18n/common-messages';
import { useMessages } from '@/shared/i18n/i18n';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { paymentsMessages } from './messages';
import { useNotificationColumns, type Notification } from './notification-columns';
import { ResolveModal } from './resolve-modal';

type Filter = 'open' | 'all';

/** The provider's notifications, newest first: those to review, or all; each with its outcome and why; an open review resolved with a note. */
export function NotificationsTab() {
  const t = useMessages(paymentsMessages);
  const common = useMessages(commonMessages);
  const [review, setReview] = useState<Filter>('open');
  const [resolving, setResolving] = useState<number>();
  const { data, error, loading, reload } = useCall(consoleNotifications, { review, limit: 200 });
  const columns = useNotificationColumns(setResolving);

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

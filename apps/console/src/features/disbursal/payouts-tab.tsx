import { useState } from 'react';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Segmented from 'antd/es/segmented';
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import { consolePayouts } from '@presta/contract/api/console/payouts';
import { useCall } from '@/shared/api/use-call';
import { liveRefreshMs, useRefreshWhile } from '@/shared/api/use-refresh-while';
import { commonMessages } from '@/shared/i18n/common-messages';
import { useMessages } from '@/shared/i18n/i18n';
import { useMay } from '@/shared/session/session';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { usePayoutColumns, type Payout } from '@/shared/ui/payout-columns';
import { disbursalMessages } from './messages';
import { CancelPayoutModal, latestAttempts, PayoutActions } from './payout-actions';

type Filter = 'open' | 'problem' | 'all';

/**
 * The payout attempts, newest first: those still with the provider, those returned or failed (the order still
 * approved), or all; finance retries or cancels an order's latest attempt. Read again every few seconds while one on
 * screen is live.
 */
export function PayoutsTab() {
  const t = useMessages(disbursalMessages);
  const common = useMessages(commonMessages);
  const mayRetry = useMay('payouts.retry');
  const mayCancel = useMay('payouts.cancel');
  const mayAct = mayRetry || mayCancel;
  const [state, setState] = useState<Filter>('open');
  const [cancelling, setCancelling] = useState<Payout>();
  const { data, error, loading, reload } = useCall(consolePayouts, { state, limit: 100 });
  const payouts = data?.payouts ?? [];
  const live = payouts.some((p) => p.live && p.status !== 'processed');
  useRefreshWhile(live, reload);
  const latest = latestAttempts(payouts);
  const columns = usePayoutColumns({
    actions: mayAct ? (p) => (latest.has(p) ? <PayoutActions payout={p} onCancel={setCancelling} onDone={reload} /> : null) : undefined,
  });

  return (
    <>
      <Form layout="inline" component="div" style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item label={t('show')}>
          <Segmented<Filter>
            aria-label={t('show')}
            value={state}
            onChange={setState}
            options={[
              { value: 'open', label: t('showOpen') },
              { value: 'problem', label: t('showProblem') },
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
      {live ? <Typography.Paragraph type="secondary">{t('autoRefresh', { seconds: liveRefreshMs / 1000 })}</Typography.Paragraph> : null}
      {error ? <ErrorAlert error={error} onRetry={reload} /> : null}
      <Table<Payout>
        rowKey={(p) => `${p.orderNo}-${p.attempt}`}
        size="small"
        loading={loading && data === undefined}
        columns={columns}
        dataSource={payouts}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        locale={{ emptyText: t(`empty_${state}`) }}
        // No horizontal scroll at 1280 px: the cells wrap (a tracking key breaks anywhere).
      />
      {cancelling ? (
        <CancelPayoutModal
          payout={cancelling}
          onClose={() => setCancelling(undefined)}
          onDone={() => {
            setCancelling(undefined);
            reload();
          }}
        />
      ) : null}
    </>
  );
}

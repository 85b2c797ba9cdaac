import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import Table, { type ColumnsType } from 'antd/es/table';
import { consoleApplications, consoleDisburse } from '@presta/contract/api/console/review';
import { call } from '@/shared/api/client';
import { useCall } from '@/shared/api/use-call';
import { useRefreshWhile } from '@/shared/api/use-refresh-while';
import { money } from '@/shared/format/format';
import { commonMessages } from '@/shared/i18n/common-messages';
import { useLanguage, useMessages } from '@/shared/i18n/i18n';
import { useMay } from '@/shared/session/session';
import { applicationColumns, type Application } from '@/shared/ui/application-columns';
import { ErrorAlert, useToastOnFailure } from '@/shared/ui/error-alert';
import { PayoutState } from '@/shared/ui/payout-columns';
import { AgreementState, agreementBlocks } from './agreement-state';
import { DisburseBar } from './disburse-bar';
import { DisbursalResult, type DisbursalAnswer } from './disbursal-result';
import { disbursalMessages } from './messages';

/** The sum of the orders' principal in each market's money ("$1.000,00 + ₹500.00"): markets never add up. */
function totalByMarket(orders: Application[]): string {
  const sums = new Map<string, number>();
  for (const o of orders) sums.set(o.product.market, (sums.get(o.product.market) ?? 0) + o.principal);
  return [...sums].map(([market, minor]) => money(minor, market)).join(' + ') || money(0, 'MX');
}

/**
 * An order that cannot be picked: no account to pay, a payout still with the provider (never paid twice), or an
 * agreement not yet signed and time-stamped (issue 38).
 */
const unselectable = (a: Application) => a.bankAccount === null || a.payout?.live === true || agreementBlocks(a);

/**
 * Approved orders (151) with their payout's state: pick some and disburse them, each started, paid or refused on its
 * own. Read again every few seconds while a payout is live, so an order leaves once the provider confirms it.
 */
export function DisbursalQueue() {
  const t = useMessages(disbursalMessages);
  const common = useMessages(commonMessages);
  const { language } = useLanguage();
  const toastOnFailure = useToastOnFailure();
  const mayDisburse = useMay('orders.disburse');
  const { data, error, loading, reload } = useCall(consoleApplications, { status: '151', limit: 200 });
  const [selectedKeys, setSelectedKeys] = useState<string[]>([]);
  const [answer, setAnswer] = useState<DisbursalAnswer>();

  const orders = data?.applications ?? [];
  useRefreshWhile(orders.some((o) => o.payout?.live), reload);
  const selected = orders.filter((o) => selectedKeys.includes(o.orderNo) && !unselectable(o));
  const total = totalByMarket(selected);

  const disburse = () =>
    toastOnFailure(async () => {
      const result = await call(consoleDisburse, { orderNos: selected.map((o) => o.orderNo) });
      setAnswer(result);
      setSelectedKeys([]);
      reload();
    });

  const shared = applicationColumns(t, language);
  const columns: ColumnsType<Application> = [
    shared.order,
    shared.applied,
    { key: 'borrower', title: t('borrower'), render: (_, a) => `${a.borrower.fullName} · ${a.borrower.maskedPhone}` },
    shared.product,
    shared.principal,
    shared.terms,
    shared.account,
    { key: 'agreement', title: t('agreement'), render: (_, a) => <AgreementState state={a.agreement} /> },
    { key: 'payout', title: t('payout'), render: (_, a) => <PayoutState payout={a.payout} /> },
  ];

  return (
    <>
      {mayDisburse ? null : <Alert type="info" showIcon title={t('notAllowed')} style={{ marginBottom: 16 }} />}
      {answer ? <DisbursalResult answer={answer} /> : null}
      {mayDisburse ? <DisburseBar count={selected.length} total={total} onDisburse={() => void disburse()} /> : null}
      <Space style={{ marginBottom: 8 }}>
        <Button onClick={reload} loading={loading}>
          {common('refresh')}
        </Button>
      </Space>
      {error ? <ErrorAlert error={error} onRetry={reload} /> : null}
      <Table<Application>
        rowKey="orderNo"
        size="small"
        // Only the first read covers the table: the reads every few seconds leave it as it is until they answer.
        loading={loading && data === undefined}
        columns={columns}
        dataSource={orders}
        rowSelection={
          mayDisburse
            ? {
                // An order picked before its payout went live (another member disbursed it) drops out.
                selectedRowKeys: selected.map((o) => o.orderNo),
                onChange: (keys) => setSelectedKeys(keys.map(String)),
                getCheckboxProps: (a) => ({ disabled: unselectable(a), 'aria-label': a.orderNo }),
              }
            : undefined
        }
        pagination={{ pageSize: 50, hideOnSinglePage: true, showTotal: (count) => t('count', { count }) }}
        locale={{ emptyText: t('empty') }}
        // No horizontal scroll: its hidden measuring row would copy the select-all checkbox, a focusable control
        // under aria-hidden (axe); the cells wrap instead.
      />
    </>
  );
}

import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import Table, { type ColumnsType } from 'antd/es/table';
import Typography from 'antd/es/typography';
import type { Dayjs } from 'dayjs';
import { consoleApplications, consoleDisburse } from '@presta/contract/api/console/review';
import { call } from '@/shared/api/client';
import { useCall } from '@/shared/api/use-call';
import { money } from '@/shared/format/format';
import { commonMessages } from '@/shared/i18n/common-messages';
import { useLanguage, useMessages } from '@/shared/i18n/i18n';
import { useMay } from '@/shared/session/session';
import { applicationColumns, type Application } from '@/shared/ui/application-columns';
import { ErrorAlert, useToastOnFailure } from '@/shared/ui/error-alert';
import { DisburseBar, latestDisbursalDay } from './disburse-bar';
import { DisbursalResult, type DisbursalAnswer } from './disbursal-result';
import { disbursalMessages } from './messages';

/** The sum of the orders' principal in each market's money ("$1.000,00 + ₹500.00"): markets never add up. */
function totalByMarket(orders: Application[]): string {
  const sums = new Map<string, number>();
  for (const o of orders) sums.set(o.product.market, (sums.get(o.product.market) ?? 0) + o.principal);
  return [...sums].map(([market, minor]) => money(minor, market)).join(' + ') || money(0, 'MX');
}

/** Approved orders (151): pick some, a day (today unless said), and disburse them; each is paid or refused on its own. */
export default function DisbursalPage() {
  const t = useMessages(disbursalMessages);
  const common = useMessages(commonMessages);
  const { language } = useLanguage();
  const toastOnFailure = useToastOnFailure();
  const mayDisburse = useMay('orders.disburse');
  const { data, error, loading, reload } = useCall(consoleApplications, { status: '151', limit: 200 });
  const [selectedKeys, setSelectedKeys] = useState<string[]>([]);
  const [on, setOn] = useState<Dayjs>(latestDisbursalDay);
  const [answer, setAnswer] = useState<DisbursalAnswer>();

  const orders = data?.applications ?? [];
  const selected = orders.filter((o) => selectedKeys.includes(o.orderNo));
  const total = totalByMarket(selected);

  const disburse = () =>
    toastOnFailure(async () => {
      const result = await call(consoleDisburse, { orderNos: selected.map((o) => o.orderNo), on: on.format('YYYY-MM-DD') });
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
  ];

  return (
    <>
      <Typography.Title level={1}>{t('title')}</Typography.Title>
      <Typography.Paragraph>{t('intro')}</Typography.Paragraph>
      {mayDisburse ? null : <Alert type="info" showIcon title={t('notAllowed')} style={{ marginBottom: 16 }} />}
      {answer ? <DisbursalResult answer={answer} /> : null}
      {mayDisburse ? (
        <DisburseBar count={selected.length} total={total} on={on} onDayChange={setOn} onDisburse={() => void disburse()} />
      ) : null}
      <Space style={{ marginBottom: 8 }}>
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
        dataSource={orders}
        rowSelection={
          mayDisburse
            ? {
                selectedRowKeys: selectedKeys,
                onChange: (keys) => setSelectedKeys(keys.map(String)),
                getCheckboxProps: (a) => ({ disabled: a.bankAccount === null, 'aria-label': a.orderNo }),
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

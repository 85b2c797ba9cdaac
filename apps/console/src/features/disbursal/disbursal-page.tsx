import { useState } from 'react';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import Popconfirm from 'antd/es/popconfirm';
import Space from 'antd/es/space';
import Table, { type ColumnsType } from 'antd/es/table';
import Typography from 'antd/es/typography';
import dayjs, { type Dayjs } from 'dayjs';
import type { DataOf } from '@presta/contract/api/endpoint';
import { consoleApplications, consoleDisburse } from '@presta/contract/api/console';
import { call } from '@/shared/api/client';
import { useCall } from '@/shared/api/use-call';
import { dateTime, money } from '@/shared/format/format';
import { commonMessages } from '@/shared/i18n/common-messages';
import { useLanguage, useMessages } from '@/shared/i18n/i18n';
import { useMay } from '@/shared/session/session';
import { ErrorAlert, useErrorText } from '@/shared/ui/error-alert';
import { DisbursalResult, type DisbursalAnswer } from './disbursal-result';
import { disbursalMessages } from './messages';

type Application = DataOf<typeof consoleApplications>['applications'][number];

/** The sum of the orders' principal in each market's money ("$1.000,00 + ₹500,00"): markets never add up. */
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
  const errorText = useErrorText();
  const { message } = App.useApp();
  const mayDisburse = useMay('orders.disburse');
  const { data, error, loading, reload } = useCall(consoleApplications, { status: '151', limit: 200 });
  const [selectedKeys, setSelectedKeys] = useState<string[]>([]);
  const [on, setOn] = useState<Dayjs>(() => dayjs());
  const [answer, setAnswer] = useState<DisbursalAnswer>();

  const orders = data?.applications ?? [];
  const selected = orders.filter((o) => selectedKeys.includes(o.orderNo));
  const total = totalByMarket(selected);

  async function disburse() {
    try {
      const result = await call(consoleDisburse, { orderNos: selected.map((o) => o.orderNo), on: on.format('YYYY-MM-DD') });
      setAnswer(result);
      setSelectedKeys([]);
      reload();
    } catch (failure) {
      void message.error(errorText(failure));
    }
  }

  const columns: ColumnsType<Application> = [
    { key: 'order', title: t('order'), dataIndex: 'orderNo' },
    { key: 'applied', title: t('applied'), render: (_, a) => dateTime(a.appliedAt, language) },
    { key: 'borrower', title: t('borrower'), render: (_, a) => `${a.borrower.fullName} · ${a.borrower.maskedPhone}` },
    { key: 'product', title: t('product'), render: (_, a) => `${a.product.name} · ${a.product.market}` },
    { key: 'principal', title: t('principal'), align: 'right', render: (_, a) => money(a.principal, a.product.market) },
    { key: 'terms', title: t('terms'), render: (_, a) => t('termsValue', { periods: a.periods, days: a.termUnitDays }) },
    {
      key: 'account',
      title: t('bankAccount'),
      render: (_, a) => (a.bankAccount ? `${a.bankAccount.bankName} · ${a.bankAccount.masked}` : <Typography.Text type="warning">{t('noAccount')}</Typography.Text>),
    },
  ];

  return (
    <>
      <Typography.Title level={1}>{t('title')}</Typography.Title>
      <Typography.Paragraph>{t('intro')}</Typography.Paragraph>
      {mayDisburse ? null : <Alert type="info" showIcon title={t('notAllowed')} style={{ marginBottom: 16 }} />}
      {answer ? <DisbursalResult answer={answer} /> : null}
      {mayDisburse ? (
        <Form layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
          <Form.Item label={t('day')} htmlFor="disbursal-day">
            <DatePicker
              id="disbursal-day"
              value={on}
              allowClear={false}
              format="YYYY-MM-DD"
              disabledDate={(d) => d.isAfter(dayjs(), 'day')}
              onChange={(d: Dayjs | null) => d && setOn(d)}
            />
          </Form.Item>
          <Form.Item>
            <Popconfirm
              title={t('confirm', { count: selected.length, total, day: on.format('YYYY-MM-DD') })}
              okText={t('disburse')}
              cancelText={common('cancel')}
              onConfirm={() => void disburse()}
              disabled={selected.length === 0}
            >
              <Button type="primary" disabled={selected.length === 0}>
                {t('disburse')}
              </Button>
            </Popconfirm>
          </Form.Item>
          <Form.Item>
            <Typography.Text aria-live="polite">{selected.length > 0 ? t('selected', { count: selected.length, total }) : t('nothingSelected')}</Typography.Text>
          </Form.Item>
        </Form>
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

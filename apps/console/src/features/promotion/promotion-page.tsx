import { lazy, Suspense, useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import Table, { type ColumnsType } from 'antd/es/table';
import Typography from 'antd/es/typography';
import type { Dayjs } from 'dayjs';
import { consoleFunnel } from '@presta/contract/api/console/promotion';
import type { DataOf } from '@presta/contract/api/endpoint';
import { useCall } from '@/shared/api/use-call';
import { commonMessages } from '@/shared/i18n/common-messages';
import { useLanguage, useMessages, type Language } from '@/shared/i18n/i18n';
import { useMay } from '@/shared/session/session';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { PageLoading } from '@/shared/ui/page-loading';
import type { ChartPoint } from './funnel-chart';
import { LandingTemplates } from './landing-templates';
import { promotionMessages } from './messages';

// The chart library loads with this screen only (its own chunk).
const FunnelChart = lazy(() => import('./funnel-chart'));

type Row = DataOf<typeof consoleFunnel>['rows'][number];
type DayRow = DataOf<typeof consoleFunnel>['byDay'][number];
type Range = [Dayjs | null, Dayjs | null] | null;

const count = (n: number, language: Language) => n.toLocaleString(language === 'en' ? 'en-GB' : 'es-MX');
const percent = (n: number, language: Language) => `${n.toLocaleString(language === 'en' ? 'en-GB' : 'es-MX', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} %`;

/** Visits and registrations per UTC day (every template and utm tag added up), for the chart; days in order. */
function perDay(rows: DayRow[], labels: { visits: string; registrations: string }): ChartPoint[] {
  const sums = new Map<string, { visits: number; registrations: number }>();
  for (const row of rows) {
    const sum = sums.get(row.day) ?? { visits: 0, registrations: 0 };
    sum.visits += row.visits;
    sum.registrations += row.registrations;
    sums.set(row.day, sum);
  }
  return [...sums]
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([day, sum]) => [
      { x: day, series: labels.visits, value: sum.visits },
      { x: day, series: labels.registrations, value: sum.registrations },
    ]);
}

/**
 * The promotion funnel (every role reads reports) per template and utm_tag over UTC days, visits and registrations
 * per day as a chart; the landing templates (their texts edited by admins).
 */
export default function PromotionPage() {
  const t = useMessages(promotionMessages);
  const may = useMay('reports.read');
  return (
    <>
      <Typography.Title level={1}>{t('title')}</Typography.Title>
      {may ? (
        <>
          <Funnel />
          <LandingTemplates />
        </>
      ) : (
        <Alert type="warning" showIcon role="alert" title={t('forbidden')} />
      )}
    </>
  );
}

function Funnel() {
  const t = useMessages(promotionMessages);
  const common = useMessages(commonMessages);
  const { language } = useLanguage();
  const [range, setRange] = useState<Range>(null);
  const { data, error, loading, reload } = useCall(consoleFunnel, { from: range?.[0]?.format('YYYY-MM-DD'), to: range?.[1]?.format('YYYY-MM-DD') });
  const rows = data?.rows ?? [];

  const columns: ColumnsType<Row> = [
    { title: t('template'), dataIndex: 'template', key: 'template' },
    { title: t('utmTag'), key: 'utmTag', render: (_, r) => r.utmTag || t('noTag') },
    { title: t('visits'), key: 'visits', align: 'right', render: (_, r) => count(r.visits, language) },
    { title: t('clicks'), key: 'clicks', align: 'right', render: (_, r) => count(r.clicks, language) },
    { title: t('smsRequests'), key: 'smsRequests', align: 'right', render: (_, r) => count(r.smsRequests, language) },
    { title: t('smsSent'), key: 'smsSent', align: 'right', render: (_, r) => count(r.smsSent, language) },
    { title: t('registrations'), key: 'registrations', align: 'right', render: (_, r) => count(r.registrations, language) },
    { title: t('conversion'), key: 'conversion', align: 'right', render: (_, r) => percent(r.conversionPct, language) },
  ];

  return (
    <>
      <Form layout="inline" role="search" aria-label={t('funnel')} style={{ rowGap: 8, marginBottom: 16 }}>
        <Form.Item label={t('period')}>
          <DatePicker.RangePicker value={range} onChange={(value) => setRange(value)} allowEmpty={[true, true]} placeholder={[t('from'), t('to')]} />
        </Form.Item>
        <Form.Item>
          <Button onClick={reload}>{common('refresh')}</Button>
        </Form.Item>
      </Form>
      {error ? <ErrorAlert error={error} onRetry={reload} /> : null}
      {data ? <Typography.Paragraph type="secondary">{t('shown', daysOf(data))}</Typography.Paragraph> : null}
      <Table<Row>
        rowKey={(r) => `${r.template}\u0000${r.utmTag}`}
        columns={columns}
        dataSource={rows}
        loading={loading}
        pagination={false}
        scroll={{ x: true }}
        locale={{ emptyText: t('empty') }}
        summary={(shown) => <TotalRow rows={[...shown]} />}
      />
      {data && rows.length > 0 ? (
        <Card title={<Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>{t('chartTitle')}</Typography.Title>} style={{ marginTop: 16 }}>
          <Suspense fallback={<PageLoading />}>
            <FunnelChart
              data={perDay(data.byDay, { visits: t('visits'), registrations: t('registrations') })}
              label={t('chartLabel', daysOf(data))}
            />
          </Suspense>
        </Card>
      ) : null}
    </>
  );
}

/** The answer's period, [from, to) instants, as the UTC days it covers: the first and the last. */
function daysOf(period: { from: string; to: string }): { from: string; to: string } {
  return { from: period.from.slice(0, 10), to: new Date(Date.parse(period.to) - 1).toISOString().slice(0, 10) };
}

/** The period's totals; conversion as registrations ÷ visits over all rows. */
function TotalRow({ rows }: { rows: Row[] }) {
  const t = useMessages(promotionMessages);
  const { language } = useLanguage();
  if (rows.length === 0) return null;
  const sum = (pick: (r: Row) => number) => rows.reduce((total, r) => total + pick(r), 0);
  const visits = sum((r) => r.visits);
  const registrations = sum((r) => r.registrations);
  const cells = [visits, sum((r) => r.clicks), sum((r) => r.smsRequests), sum((r) => r.smsSent), registrations];
  return (
    <Table.Summary.Row>
      <Table.Summary.Cell index={0} colSpan={2}>
        <Typography.Text strong>{t('total')}</Typography.Text>
      </Table.Summary.Cell>
      {cells.map((value, i) => (
        <Table.Summary.Cell key={i} index={i + 2} align="right">
          <Typography.Text strong>{count(value, language)}</Typography.Text>
        </Table.Summary.Cell>
      ))}
      <Table.Summary.Cell index={7} align="right">
        <Typography.Text strong>{percent(visits === 0 ? 0 : Math.round((registrations / visits) * 1000) / 10, language)}</Typography.Text>
      </Table.Summary.Cell>
    </Table.Summary.Row>
  );
}

import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Table, { type ColumnsType } from 'antd/es/table';
import Typography from 'antd/es/typography';
import type { DataOf } from '@presta/contract/api/endpoint';
import { consoleLoanSearch } from '@presta/contract/api/console/loans';
import { useCall } from '@/shared/api/use-call';
import { dateTime, statusName } from '@/shared/format/format';
import { commonMessages } from '@/shared/i18n/common-messages';
import { useLanguage, useMessages } from '@/shared/i18n/i18n';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { loansMessages } from './messages';
import { Amount } from '@/shared/ui/amount';

type LoanRow = DataOf<typeof consoleLoanSearch>['loans'][number];

const minLength = 3;

/** The search a visit back to this page finds again: kept in the history entry's state, never in the address (a phone). */
function rememberedQuery(state: unknown): string {
  const q = typeof state === 'object' && state !== null && 'q' in state ? state.q : undefined;
  return typeof q === 'string' ? q : '';
}

/** Loans by order number, the borrower's whole phone or a part of their name; each opens the loan's story. */
export default function LoansPage() {
  const t = useMessages(loansMessages);
  const common = useMessages(commonMessages);
  const { language } = useLanguage();
  const location = useLocation();
  const navigate = useNavigate();
  const [q, setQ] = useState(() => rememberedQuery(location.state));
  const [form] = Form.useForm<{ q: string }>();
  const { data, error, loading, reload } = useCall(consoleLoanSearch, { q }, { skip: q.length < minLength });

  function search({ q: typed }: { q: string }) {
    const next = typed.trim();
    setQ(next);
    if (next === q) reload();
    void navigate('.', { replace: true, state: { q: next } });
  }

  const columns: ColumnsType<LoanRow> = [
    { key: 'order', title: t('order'), render: (_, l) => <Link to={`/loans/${l.orderNo}`}>{l.orderNo}</Link> },
    { key: 'status', title: t('status'), render: (_, l) => statusName(l.status, language) },
    { key: 'applied', title: t('applied'), render: (_, l) => dateTime(l.appliedAt, language) },
    { key: 'borrower', title: t('borrower'), render: (_, l) => l.borrower.fullName },
    { key: 'phone', title: t('phone'), render: (_, l) => l.borrower.maskedPhone },
    { key: 'product', title: t('product'), render: (_, l) => `${l.product.name} · ${l.product.market}` },
    { key: 'principal', title: t('principal'), align: 'right', render: (_, l) => <Amount minor={l.principal} market={l.product.market} /> },
  ];

  return (
    <>
      <Typography.Title level={1}>{t('title')}</Typography.Title>
      <Form form={form} layout="vertical" requiredMark={false} initialValues={{ q }} onFinish={search} style={{ maxWidth: 560 }}>
        <Form.Item
          name="q"
          label={t('searchLabel')}
          extra={t('searchHint')}
          rules={[
            {
              validator: (_rule, value: string | undefined) =>
                (value ?? '').trim().length >= minLength ? Promise.resolve() : Promise.reject(new Error(t('searchTooShort'))),
            },
          ]}
        >
          <Input.Search
            enterButton={common('search')}
            maxLength={80}
            autoComplete="off"
            loading={loading}
            onPressEnter={(e) => e.preventDefault()}
            onSearch={() => form.submit()}
          />
        </Form.Item>
      </Form>
      {error ? <ErrorAlert error={error} onRetry={reload} /> : null}
      {q.length < minLength ? (
        <Typography.Paragraph type="secondary">{t('searchFirst')}</Typography.Paragraph>
      ) : (
        <Table<LoanRow>
          rowKey="orderNo"
          size="small"
          loading={loading}
          columns={columns}
          dataSource={data?.loans ?? []}
          pagination={false}
          title={data ? () => t('results', { count: data.loans.length }) : undefined}
          locale={{ emptyText: t('searchEmpty', { q }) }}
          scroll={{ x: true }}
        />
      )}
    </>
  );
}

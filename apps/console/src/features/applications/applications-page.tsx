import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Segmented from 'antd/es/segmented';
import Table, { type ColumnsType } from 'antd/es/table';
import Tabs from 'antd/es/tabs';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import type { DataOf } from '@presta/contract/api/endpoint';
import { consoleCreditApplications } from '@presta/contract/api/console/credit-applications';
import { applicationStatuses, type ApplicationStatus } from '@presta/contract/application-rules';
import { useCall } from '@/shared/api/use-call';
import { dateTime } from '@/shared/format/format';
import { commonMessages } from '@/shared/i18n/common-messages';
import { useLanguage, useMessages } from '@/shared/i18n/i18n';
import { useMay } from '@/shared/session/session';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { applicationsMessages, knownKey } from './messages';
import { ReviewQueue } from './review-queue';

type ApplicationRow = DataOf<typeof consoleCreditApplications>['applications'][number];
type Filter = { status: ApplicationStatus | ''; q: string };

const minLength = 3;

/** The filter a visit back to this page finds again: kept in the history entry's state, never in the address (a CURP). */
function rememberedFilter(state: unknown): Filter {
  const saved = typeof state === 'object' && state !== null && 'filter' in state ? (state.filter as Partial<Filter>) : {};
  const status = applicationStatuses.find((s) => s === saved.status) ?? '';
  return { status, q: typeof saved.q === 'string' ? saved.q : '' };
}

/** Credit applications, newest first: by state and found by number, whole CURP or PAN, or name; each opens its page. */
function ApplicationSearch() {
  const t = useMessages(applicationsMessages);
  const common = useMessages(commonMessages);
  const { language } = useLanguage();
  const location = useLocation();
  const navigate = useNavigate();
  const [filter, setFilter] = useState(() => rememberedFilter(location.state));
  const [form] = Form.useForm<{ q: string }>();
  const { data, error, loading, reload } = useCall(consoleCreditApplications, { ...filter, limit: 50 });

  function apply(next: Filter) {
    if (next.q === filter.q && next.status === filter.status) reload();
    setFilter(next);
    void navigate('.', { replace: true, state: { filter: next } });
  }

  const columns: ColumnsType<ApplicationRow> = [
    { key: 'no', title: t('application'), render: (_, a) => <Link to={`/applications/${a.applicationNo}`}>{a.applicationNo}</Link> },
    { key: 'status', title: t('status'), render: (_, a) => t(`status_${a.status}`) },
    { key: 'market', title: t('market'), render: (_, a) => a.market },
    { key: 'applicant', title: t('applicant'), render: (_, a) => a.borrower.fullName },
    { key: 'phone', title: t('phone'), render: (_, a) => a.borrower.maskedPhone },
    { key: 'submitted', title: t('submitted'), render: (_, a) => dateTime(a.submittedAt, language) },
    { key: 'updated', title: t('updated'), render: (_, a) => dateTime(a.updatedAt, language) },
    {
      key: 'flags',
      title: t('flags'),
      render: (_, a) =>
        a.flags.map((f, i) => {
          const key = knownKey('flag_', f.kind);
          return (
            <Tag key={i} color="red">
              {key ? t(key) : f.kind}
            </Tag>
          );
        }),
    },
  ];

  return (
    <>
      <Form
        form={form}
        layout="vertical"
        role="search"
        aria-label={t('filters')}
        requiredMark={false}
        initialValues={{ q: filter.q }}
        onFinish={({ q }) => apply({ ...filter, q: (q ?? '').trim() })}
        style={{ maxWidth: 640 }}
      >
        <Form.Item label={t('status')}>
          <Segmented<ApplicationStatus | ''>
            aria-label={t('status')}
            value={filter.status}
            onChange={(status) => apply({ ...filter, status })}
            options={[{ value: '', label: t('all') }, ...applicationStatuses.map((s) => ({ value: s, label: t(`status_${s}`) }))]}
          />
        </Form.Item>
        <Form.Item
          name="q"
          label={t('searchLabel')}
          extra={t('searchHint')}
          rules={[
            {
              validator: (_rule, value: string | undefined) => {
                const length = (value ?? '').trim().length;
                return length === 0 || length >= minLength ? Promise.resolve() : Promise.reject(new Error(t('searchTooShort')));
              },
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
      <Table<ApplicationRow>
        rowKey="applicationNo"
        size="small"
        loading={loading}
        columns={columns}
        dataSource={data?.applications ?? []}
        pagination={false}
        title={data ? () => t('results', { count: data.applications.length }) : undefined}
        locale={{ emptyText: t('searchEmpty') }}
        scroll={{ x: true }}
      />
    </>
  );
}

/** The applications screen: the search, and for a member who decides, the reviewer's queue beside it. */
export default function ApplicationsPage() {
  const t = useMessages(applicationsMessages);
  const mayDecide = useMay('applications.decide');
  const [params, setParams] = useSearchParams();
  const tab = mayDecide && params.get('view') === 'queue' ? 'queue' : 'search';
  return (
    <>
      <Typography.Title level={1}>{t('title')}</Typography.Title>
      {mayDecide ? (
        <Tabs
          activeKey={tab}
          onChange={(key) => setParams(key === 'queue' ? { view: 'queue' } : {}, { replace: true })}
          items={[
            { key: 'search', label: t('tabSearch'), children: <ApplicationSearch /> },
            { key: 'queue', label: t('tabQueue'), children: <ReviewQueue /> },
          ]}
        />
      ) : (
        <ApplicationSearch />
      )}
    </>
  );
}

import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import DatePicker from 'antd/es/date-picker';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Select from 'antd/es/select';
import Table, { type ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import type { Dayjs } from 'dayjs';
import { consoleAudit } from '@presta/contract/api/console/audit';
import { consoleStaff } from '@presta/contract/api/console/staff';
import type { DataOf, RequestOf } from '@presta/contract/api/endpoint';
import { call } from '@/shared/api/client';
import { useCall } from '@/shared/api/use-call';
import { commonMessages } from '@/shared/i18n/common-messages';
import { useLanguage, useMessages } from '@/shared/i18n/i18n';
import { dateTime } from '@/shared/format/format';
import { useMay } from '@/shared/session/session';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { auditMessages } from './messages';

type AuditEvent = DataOf<typeof consoleAudit>['events'][number];
type Filters = Omit<RequestOf<typeof consoleAudit>, 'beforeId' | 'limit'>;
type Fields = { staffId?: number | null; action?: string; objectType?: string; objectId?: string; days?: [Dayjs | null, Dayjs | null] | null };

const pageSize = 50;

/** What the filter form asks for, as the call's query (empty fields left out; days as UTC calendar days). */
function filtersOf(fields: Fields): Filters {
  const text = (v: string | undefined) => v?.trim() || undefined;
  return {
    staffId: fields.staffId ?? undefined,
    action: text(fields.action),
    objectType: text(fields.objectType),
    objectId: text(fields.objectId),
    from: fields.days?.[0]?.format('YYYY-MM-DD'),
    to: fields.days?.[1]?.format('YYYY-MM-DD'),
  };
}

/** The audit trail (admins and analysts): newest first, filtered, paged back with "Older"; before/after as JSON. */
export default function AuditPage() {
  const t = useMessages(auditMessages);
  const may = useMay('audit.read');
  return (
    <>
      <Typography.Title level={1}>{t('title')}</Typography.Title>
      {may ? <AuditTrail /> : <Alert type="warning" showIcon role="alert" title={t('forbidden')} />}
    </>
  );
}

function AuditTrail() {
  const [filters, setFilters] = useState<Filters>({});
  const [generation, setGeneration] = useState(0);
  const first = useCall(consoleAudit, { ...filters, limit: pageSize });
  // The pages after the first, for these filters and this load of the first page only.
  const key = `${JSON.stringify(filters)}#${generation}`;
  const [older, setOlder] = useState<{ key: string; events: AuditEvent[]; done: boolean; loading: boolean; error: unknown }>({
    key: '',
    events: [],
    done: false,
    loading: false,
    error: undefined,
  });
  const mine = older.key === key ? older : undefined;
  const events = [...(first.data?.events ?? []), ...(mine?.events ?? [])];
  const more = mine ? !mine.done : first.data?.events.length === pageSize;

  async function loadOlder() {
    const last = events.at(-1);
    if (!last) return;
    const before = mine?.events ?? [];
    setOlder({ key, events: before, done: false, loading: true, error: undefined });
    try {
      const page = await call(consoleAudit, { ...filters, beforeId: last.id, limit: pageSize });
      setOlder({ key, events: [...before, ...page.events], done: page.events.length < pageSize, loading: false, error: undefined });
    } catch (error) {
      setOlder({ key, events: before, done: false, loading: false, error });
    }
  }

  function refresh() {
    setGeneration((g) => g + 1);
    first.reload();
  }

  return (
    <>
      <AuditFilters onSearch={setFilters} onRefresh={refresh} />
      {first.error ? <ErrorAlert error={first.error} onRetry={refresh} /> : null}
      <AuditTable events={events} loading={first.loading} />
      {mine?.error ? <ErrorAlert error={mine.error} onRetry={() => void loadOlder()} /> : null}
      <OlderButton more={more} loading={mine?.loading ?? false} disabled={first.loading || events.length === 0} onClick={() => void loadOlder()} />
    </>
  );
}

function OlderButton({ more, loading, disabled, onClick }: { more: boolean; loading: boolean; disabled: boolean; onClick: () => void }) {
  const t = useMessages(auditMessages);
  if (disabled && !loading) return null;
  return (
    <Flex justify="center" style={{ marginTop: 16 }}>
      {more ? (
        <Button onClick={onClick} loading={loading}>
          {t('older')}
        </Button>
      ) : (
        <Typography.Text type="secondary">{t('noMore')}</Typography.Text>
      )}
    </Flex>
  );
}

function AuditFilters({ onSearch, onRefresh }: { onSearch: (filters: Filters) => void; onRefresh: () => void }) {
  const t = useMessages(auditMessages);
  const common = useMessages(commonMessages);
  const [form] = Form.useForm<Fields>();
  // The member as a list of names for those who may list the staff (admins); a number for the others.
  const mayListStaff = useMay('staff.manage');
  const staff = useCall(consoleStaff, {}, { skip: !mayListStaff });
  const members = staff.data?.staff;
  return (
    <Form<Fields>
      form={form}
      name="auditFilters"
      layout="inline"
      aria-label={t('filters')}
      role="search"
      onFinish={(fields) => onSearch(filtersOf(fields))}
      style={{ rowGap: 8, marginBottom: 16 }}
    >
      <Form.Item name="staffId" label={t('member')}>
        {members ? (
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('anyMember')}
            style={{ minWidth: 220 }}
            options={members.map((m) => ({ value: m.id, label: m.name ? `${m.name} · ${m.email}` : m.email }))}
          />
        ) : (
          <InputNumber min={1} precision={0} placeholder={t('memberId')} />
        )}
      </Form.Item>
      <Form.Item name="action" label={t('action')}>
        <Input placeholder={t('actionHint')} maxLength={64} allowClear />
      </Form.Item>
      <Form.Item name="objectType" label={t('objectType')}>
        <Input maxLength={32} allowClear />
      </Form.Item>
      <Form.Item name="objectId" label={t('objectId')}>
        <Input maxLength={64} allowClear />
      </Form.Item>
      <Form.Item name="days" label={t('dates')}>
        <DatePicker.RangePicker allowEmpty={[true, true]} placeholder={[t('from'), t('to')]} />
      </Form.Item>
      <Form.Item>
        <Flex gap={8} wrap>
          <Button type="primary" htmlType="submit">
            {common('search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onSearch({});
            }}
          >
            {t('clear')}
          </Button>
          <Button onClick={onRefresh}>{common('refresh')}</Button>
        </Flex>
      </Form.Item>
    </Form>
  );
}

/** A value of the trail's before/after as indented JSON (text only: never parsed as markup). */
function Json({ label, value }: { label: string; value: unknown }) {
  const common = useMessages(commonMessages);
  return (
    <section style={{ flex: '1 1 320px', minWidth: 0 }}>
      <Typography.Text strong>{label}</Typography.Text>
      <pre style={{ margin: '4px 0 0', padding: 8, background: '#fafafa', borderRadius: 4, overflow: 'auto', maxHeight: 400, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {value === null || value === undefined ? common('none') : JSON.stringify(value, null, 2)}
      </pre>
    </section>
  );
}

function AuditTable({ events, loading }: { events: AuditEvent[]; loading: boolean }) {
  const t = useMessages(auditMessages);
  const { language } = useLanguage();
  const columns: ColumnsType<AuditEvent> = [
    { title: t('when'), key: 'at', render: (_, e) => dateTime(e.at, language) },
    {
      title: t('actor'),
      key: 'actor',
      render: (_, e) => (
        <Flex gap={4} wrap align="center">
          <span>{e.actorType === 'system' ? t('system') : e.actorLabel}</span>
          <Tag>{t(`via_${e.via}`)}</Tag>
        </Flex>
      ),
    },
    { title: t('action'), key: 'action', render: (_, e) => <Typography.Text code>{e.action}</Typography.Text> },
    { title: t('objectType'), dataIndex: 'objectType', key: 'objectType' },
    { title: t('objectId'), dataIndex: 'objectId', key: 'objectId' },
    { title: t('clientIp'), dataIndex: 'clientIp', key: 'clientIp' },
  ];
  return (
    <Table<AuditEvent>
      rowKey="id"
      columns={columns}
      dataSource={events}
      loading={loading}
      pagination={false}
      scroll={{ x: true }}
      locale={{ emptyText: t('empty') }}
      expandable={{
        rowExpandable: (e) => (e.before ?? null) !== null || (e.after ?? null) !== null,
        expandedRowRender: (e) => (
          <Flex gap={16} wrap>
            <Json label={t('before')} value={e.before} />
            <Json label={t('after')} value={e.after} />
          </Flex>
        ),
      }}
    />
  );
}

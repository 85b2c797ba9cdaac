import { Link } from 'react-router';
import Table, { type ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import type { DataOf } from '@presta/contract/api/endpoint';
import { consoleCreditQueue } from '@presta/contract/api/console/credit-applications';
import { useCall } from '@/shared/api/use-call';
import { dateTime, money } from '@/shared/format/format';
import { useLanguage, useMessages } from '@/shared/i18n/i18n';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { applicationsMessages, knownKey } from './messages';

/*
 * The reviewer's queue (issue 35; docs/back-office.md "Credit decisions"): the applications the policy referred,
 * oldest first by submission, with the score, band and the rules that referred them; then the approvals above the
 * band waiting for a credit manager. Each opens the application's page, where the decision is made.
 */

type Queue = DataOf<typeof consoleCreditQueue>;

const applicationLink = (applicationNo: string) => <Link to={`/applications/${applicationNo}`}>{applicationNo}</Link>;

export function ReviewQueue() {
  const t = useMessages(applicationsMessages);
  const { language } = useLanguage();
  const { data, error, loading, reload } = useCall(consoleCreditQueue, { limit: 100 });
  const reasonName = (code: string) => {
    const key = knownKey('reason_', code);
    return key ? t(key) : code;
  };

  const referredColumns: ColumnsType<Queue['referred'][number]> = [
    { key: 'no', title: t('application'), render: (_, a) => applicationLink(a.applicationNo) },
    { key: 'market', title: t('market'), render: (_, a) => a.market },
    { key: 'applicant', title: t('applicant'), render: (_, a) => a.borrower.fullName },
    { key: 'submitted', title: t('submitted'), render: (_, a) => dateTime(a.submittedAt, language) },
    { key: 'score', title: t('creditScore'), align: 'right', render: (_, a) => (a.score === null ? '—' : a.score) },
    { key: 'band', title: t('band'), render: (_, a) => a.band || '—' },
    { key: 'reasons', title: t('reasons'), render: (_, a) => a.reasons.map((r) => <Tag key={r}>{reasonName(r)}</Tag>) },
  ];
  const awaitingColumns: ColumnsType<Queue['awaitingConfirmation'][number]> = [
    { key: 'no', title: t('application'), render: (_, a) => applicationLink(a.applicationNo) },
    { key: 'market', title: t('market'), render: (_, a) => a.market },
    { key: 'applicant', title: t('applicant'), render: (_, a) => a.borrower.fullName },
    { key: 'limits', title: t('limits'), render: (_, a) => a.approval.limits.map((l) => `${l.productCode}: ${money(l.limitAmount, a.market)}`).join(' · ') },
    { key: 'maker', title: t('maker'), render: (_, a) => a.approval.maker.name },
    { key: 'at', title: t('decidedAt'), render: (_, a) => dateTime(a.approval.at, language) },
  ];

  return (
    <>
      {error ? <ErrorAlert error={error} onRetry={reload} /> : null}
      <Typography.Title level={2} style={{ fontSize: 18 }}>
        {t('queueReferred')}
      </Typography.Title>
      <Table
        rowKey="applicationNo"
        size="small"
        loading={loading}
        columns={referredColumns}
        dataSource={data?.referred ?? []}
        pagination={false}
        locale={{ emptyText: t('queueReferredEmpty') }}
        scroll={{ x: true }}
      />
      <Typography.Title level={2} style={{ fontSize: 18, marginTop: 24 }}>
        {t('queueAwaiting')}
      </Typography.Title>
      <Table
        rowKey="applicationNo"
        size="small"
        loading={loading}
        columns={awaitingColumns}
        dataSource={data?.awaitingConfirmation ?? []}
        pagination={false}
        locale={{ emptyText: t('queueAwaitingEmpty') }}
        scroll={{ x: true }}
      />
    </>
  );
}

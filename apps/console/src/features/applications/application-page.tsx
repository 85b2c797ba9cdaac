import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Descriptions from 'antd/es/descriptions';
import Row from 'antd/es/row';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { consoleCreditApplication } from '@presta/contract/api/console/credit-applications';
import { useCall } from '@/shared/api/use-call';
import { dateTime } from '@/shared/format/format';
import { useLanguage, useMessages } from '@/shared/i18n/i18n';
import { useMay } from '@/shared/session/session';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { PageLoading } from '@/shared/ui/page-loading';
import {
  AddressSection,
  ChecksSection,
  ConsentsSection,
  DocumentsSection,
  HistorySection,
  IdentitySection,
  WorkSection,
  type CreditApplication,
} from './application-sections';
import { DecisionActions } from './decision-actions';
import { DecisionPanel } from './decision-panel';
import { applicationsMessages, knownKey } from './messages';

/** Who applied, the state, the dates, and what makes a reviewer look twice (flags, the reasons of a return). */
function Summary({ application: a }: { application: CreditApplication }) {
  const t = useMessages(applicationsMessages);
  const { language } = useLanguage();
  const flagName = (kind: string) => {
    const key = knownKey('flag_', kind);
    return key ? t(key) : kind;
  };
  return (
    <Descriptions
      size="small"
      bordered
      column={{ xs: 1, md: 2, lg: 3 }}
      items={[
        { key: 'applicant', label: t('applicant'), children: a.borrower.fullName },
        { key: 'borrowerId', label: t('borrowerId'), children: a.borrower.id },
        { key: 'phone', label: t('phone'), children: a.borrower.maskedPhone },
        { key: 'market', label: t('market'), children: a.market },
        { key: 'created', label: t('created'), children: dateTime(a.createdAt, language) },
        { key: 'submitted', label: t('submitted'), children: dateTime(a.submittedAt, language) },
        {
          key: 'flags',
          label: t('flags'),
          children:
            a.flags.length === 0
              ? t('noFlags')
              : a.flags.map((f, i) => (
                  <Tag key={i} color="red">
                    {f.otherApplicationNo ? t('flagDetail', { what: flagName(f.kind), other: f.otherApplicationNo }) : flagName(f.kind)}
                  </Tag>
                )),
        },
        ...(a.problems.length > 0
          ? [{ key: 'problems', label: t('problems'), children: a.problems.map((p) => <div key={`${p.step}-${p.message}`}>{p.message}</div>) }]
          : []),
      ]}
    />
  );
}

/**
 * One credit application: the credit decision beside the documents and the identity checks (with the reviewer's acts
 * on a referred one), then its answers by step, consents and history.
 */
export default function ApplicationPage() {
  const t = useMessages(applicationsMessages);
  const mayOpenDocuments = useMay('applications.identity');
  const applicationNo = useParams().applicationNo ?? '';
  const { data, error, loading, reload } = useCall(consoleCreditApplication, { applicationNo });

  let body;
  if (error) body = <ErrorAlert error={error} onRetry={reload} />;
  else if (!data || loading) body = <PageLoading />;
  else {
    const { application } = data;
    const card = (key: string, title: string, content: ReactNode) => (
      <Card key={key} size="small" title={<h2 style={{ fontSize: 16, margin: 0 }}>{title}</h2>}>
        {content}
      </Card>
    );
    body = (
      <>
        <Tag color="blue" style={{ marginBottom: 16 }}>
          {t(`status_${application.status}`)}
        </Tag>
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          {card('summary', t('summary'), <Summary application={application} />)}
          {/* The decision beside what it rests on: the documents and the identity checks. */}
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={14}>
              {card(
                'decision',
                t('decisionTitle'),
                <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
                  <DecisionActions application={application} onDone={reload} />
                  <DecisionPanel application={application} />
                </Space>,
              )}
            </Col>
            <Col xs={24} xl={10}>
              <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
                {card('documents', t('documents'), <DocumentsSection application={application} mayOpen={mayOpenDocuments} />)}
                {card('checks', t('checks'), <ChecksSection application={application} />)}
              </Space>
            </Col>
          </Row>
          {card('identity', t('identity'), <IdentitySection application={application} />)}
          {card('address', t('address'), <AddressSection application={application} />)}
          {card('work', t('work'), <WorkSection application={application} />)}
          {card('consents', t('consents'), <ConsentsSection application={application} />)}
          {card('history', t('history'), <HistorySection application={application} />)}
        </Space>
      </>
    );
  }

  return (
    <>
      <Link to="/applications">{t('back')}</Link>
      <Typography.Title level={1}>{t('pageTitle', { applicationNo })}</Typography.Title>
      {body}
    </>
  );
}

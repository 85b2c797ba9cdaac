import { useState } from 'react';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { dateTime, money } from '@/shared/format/format';
import { useLanguage, useMessages } from '@/shared/i18n/i18n';
import { useMay } from '@/shared/session/session';
import type { CreditApplication } from './application-sections';
import { BureauReportModal } from './bureau-report-modal';
import { applicationsMessages, knownKey } from './messages';

/*
 * The credit decision beside the documents and the identity checks (issue 35; docs/back-office.md "Credit
 * decisions"): the newest decision line by line (outcome, policy version, score and band, each rule with its value
 * and threshold, the points per factor, the limits per product, the reasons the borrower read), the bureau's
 * attributes with the report behind a button (applications.bureau, each opening audited), and every decision made.
 */

type Props = { application: CreditApplication };
type Decision = NonNullable<CreditApplication['decision']>;

/** Two columns when the panel has the page's width; one beside the documents (xl), where two would squeeze. */
const panelColumns = { xs: 1, sm: 2, xl: 1, xxl: 2 } as const;

const outcomeColor = { approved: 'green', referred: 'gold', declined: 'red' } as const;

function DecisionSummary({ decision: d }: { decision: Decision }) {
  const t = useMessages(applicationsMessages);
  const { language } = useLanguage();
  const named = (prefix: string, value: string) => {
    const key = knownKey(prefix, value);
    return key ? t(key) : value;
  };
  return (
    <Descriptions
      size="small"
      bordered
      column={panelColumns}
      items={[
        { key: 'outcome', label: t('outcome'), children: <Tag color={outcomeColor[d.outcome]}>{t(`decision_${d.outcome}`)}</Tag> },
        { key: 'policyVersion', label: t('policyVersion'), children: <code>{d.policyVersion}</code> },
        { key: 'score', label: t('creditScore'), children: d.score === null ? '—' : d.score },
        { key: 'band', label: t('band'), children: d.band || '—' },
        { key: 'trigger', label: t('trigger'), children: named('trigger_', d.trigger) },
        { key: 'actor', label: t('decidedBy'), children: d.actor },
        { key: 'at', label: t('decidedAt'), children: dateTime(d.at, language) },
        ...(d.reapplyAfter ? [{ key: 'reapplyAfter', label: t('reapplyAfter'), children: d.reapplyAfter }] : []),
        ...(d.reasons.length > 0
          ? [{ key: 'reasons', label: t('reasons'), span: 'filled' as const, children: d.reasons.map((r) => <div key={r.code}>{`${named('reason_', r.code)}: ${r.text}`}</div>) }]
          : []),
      ]}
    />
  );
}

function RulesTable({ decision: d }: { decision: Decision }) {
  const t = useMessages(applicationsMessages);
  return (
    <Table
      rowKey="code"
      size="small"
      pagination={false}
      scroll={{ x: true }}
      dataSource={d.rules}
      caption={<Typography.Text strong>{t('rules')}</Typography.Text>}
      rowClassName={(r) => (r.hit ? 'decision-rule-hit' : '')}
      columns={[
        { key: 'rule', title: t('rule'), render: (_, r) => r.text },
        { key: 'kind', title: t('ruleKind'), render: (_, r) => t(`kind_${r.kind}`) },
        { key: 'value', title: t('value'), dataIndex: 'value' },
        { key: 'threshold', title: t('threshold'), dataIndex: 'threshold' },
        {
          key: 'result',
          title: t('ruleResult'),
          render: (_, r) => (r.hit ? <Tag color={r.kind === 'knockout' ? 'red' : 'gold'}>{t('ruleHit')}</Tag> : <Tag>{t('rulePassed')}</Tag>),
        },
      ]}
    />
  );
}

function PointsTable({ decision: d }: { decision: Decision }) {
  const t = useMessages(applicationsMessages);
  return (
    <Table
      rowKey="factor"
      size="small"
      pagination={false}
      scroll={{ x: true }}
      dataSource={d.points}
      caption={<Typography.Text strong>{t('points')}</Typography.Text>}
      columns={[
        { key: 'factor', title: t('factor'), dataIndex: 'factor' },
        { key: 'value', title: t('value'), dataIndex: 'value' },
        { key: 'bin', title: t('bin'), dataIndex: 'bin' },
        { key: 'points', title: t('points'), dataIndex: 'points', align: 'right' },
      ]}
    />
  );
}

function LimitsTable({ decision: d, market }: { decision: Decision; market: string }) {
  const t = useMessages(applicationsMessages);
  return (
    <Table
      rowKey="productCode"
      size="small"
      pagination={false}
      scroll={{ x: true }}
      dataSource={d.limits}
      caption={<Typography.Text strong>{t('limits')}</Typography.Text>}
      columns={[
        { key: 'product', title: t('product'), dataIndex: 'productCode' },
        { key: 'limit', title: t('limit'), align: 'right', render: (_, l) => money(l.limitAmount, market) },
        { key: 'bandMax', title: t('bandMax'), align: 'right', render: (_, l) => money(l.bandMax, market) },
        { key: 'affordableMax', title: t('affordableMax'), align: 'right', render: (_, l) => money(l.affordableMax, market) },
      ]}
    />
  );
}

/** The report's attributes the policy read; the report itself opens in a modal for applications.bureau. */
function BureauSection({ application: a }: Props) {
  const t = useMessages(applicationsMessages);
  const { language } = useLanguage();
  const mayOpen = useMay('applications.bureau');
  const [open, setOpen] = useState(false);
  const b = a.bureau;
  if (!b) return <Typography.Paragraph type="secondary">{t('noBureau')}</Typography.Paragraph>;
  const count = (n: number | null) => (n === null ? '—' : n);
  return (
    <>
      <Descriptions
        size="small"
        bordered
        column={panelColumns}
        title={t('bureau')}
        extra={mayOpen ? <Button onClick={() => setOpen(true)}>{t('openReport')}</Button> : null}
        items={[
          { key: 'bureau', label: t('bureauName'), children: b.bureau },
          { key: 'reference', label: t('reference'), children: <code>{b.reference}</code> },
          { key: 'found', label: t('bureauFound'), children: t(b.found ? 'bureauFoundYes' : 'bureauFoundNo') },
          { key: 'score', label: t('score'), children: count(b.score) },
          { key: 'openAccounts', label: t('openAccounts'), children: count(b.openAccounts) },
          { key: 'worstDelinquency', label: t('worstDelinquency'), children: count(b.worstDelinquencyDays) },
          { key: 'inquiries90d', label: t('inquiries90d'), children: count(b.inquiries90d) },
          { key: 'monthlyPayments', label: t('monthlyPayments'), children: b.monthlyPayments === null ? '—' : money(b.monthlyPayments, a.market) },
          { key: 'requestedAt', label: t('requestedAt'), children: dateTime(b.requestedAt, language) },
        ]}
      />
      {open ? <BureauReportModal applicationNo={a.applicationNo} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function DecisionsTable({ application: a }: Props) {
  const t = useMessages(applicationsMessages);
  const { language } = useLanguage();
  return (
    <Table
      rowKey="id"
      size="small"
      pagination={false}
      scroll={{ x: true }}
      dataSource={a.decisions}
      caption={<Typography.Text strong>{t('decisions')}</Typography.Text>}
      columns={[
        { key: 'at', title: t('decidedAt'), render: (_, d) => dateTime(d.at, language) },
        {
          key: 'trigger',
          title: t('trigger'),
          render: (_, d) => {
            const key = knownKey('trigger_', d.trigger);
            return key ? t(key) : d.trigger;
          },
        },
        { key: 'outcome', title: t('outcome'), render: (_, d) => t(`decision_${d.outcome}`) },
        { key: 'policyVersion', title: t('policyVersion'), dataIndex: 'policyVersion' },
        { key: 'actor', title: t('decidedBy'), dataIndex: 'actor' },
      ]}
    />
  );
}

/** The decision panel: the newest decision explained, the bureau's attributes, every decision. */
export function DecisionPanel({ application }: Props) {
  const t = useMessages(applicationsMessages);
  const d = application.decision;
  if (!d) {
    return (
      <>
        <Typography.Paragraph type="secondary">{t('noDecision')}</Typography.Paragraph>
        <BureauSection application={application} />
      </>
    );
  }
  return (
    <div style={{ display: 'grid', gap: 16 }}>
      <DecisionSummary decision={d} />
      <RulesTable decision={d} />
      <PointsTable decision={d} />
      <LimitsTable decision={d} market={application.market} />
      <BureauSection application={application} />
      <DecisionsTable application={application} />
    </div>
  );
}

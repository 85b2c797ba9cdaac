import { Link, useParams } from 'react-router';
import Card from 'antd/es/card';
import Space from 'antd/es/space';
import Tabs from 'antd/es/tabs';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { consoleLoan } from '@presta/contract/api/console/loans';
import { useCall } from '@/shared/api/use-call';
import { statusName } from '@/shared/format/format';
import { useLanguage, useMessages } from '@/shared/i18n/i18n';
import { useMay } from '@/shared/session/session';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { PageLoading } from '@/shared/ui/page-loading';
import { agreementMessages } from './agreement-messages';
import { LoanAgreement } from './loan-agreement';
import { LoanComplaints } from './loan-complaints';
import { LoanEvents } from './loan-events';
import { LoanExtensions } from './loan-extensions';
import { LoanHistory } from './loan-history';
import { isDisbursing, LoanPayouts } from './loan-payouts';
import { LoanPlan } from './loan-plan';
import { LedgerPosition, LoanFacts } from './loan-summary';
import { loansMessages } from './messages';

/**
 * A loan's whole story: the loan and borrower (a 151 order with a payout at the provider reads "disbursing"), the
 * ledger today, the payout attempts, plan, history, payment and credit events with the extensions they bought,
 * complaints, and the signed agreement with its evidence (agreements.read; read when its tab opens, as the server
 * audits each view).
 */
export default function LoanPage() {
  const t = useMessages(loansMessages);
  const agreement = useMessages(agreementMessages);
  const mayReadAgreement = useMay('agreements.read');
  const { language } = useLanguage();
  const orderNo = useParams().orderNo ?? '';
  const { data, error, loading, reload } = useCall(consoleLoan, { orderNo });

  let body;
  if (error) body = <ErrorAlert error={error} onRetry={reload} />;
  else if (!data || loading) body = <PageLoading />;
  else {
    const { loan } = data;
    const market = loan.product.market;
    body = (
      <>
        <Space wrap style={{ marginBottom: 16 }}>
          <Tag color="blue">{statusName(loan.status, language)}</Tag>
          {isDisbursing(data) ? <Tag color="blue">{t('disbursing')}</Tag> : null}
          <Typography.Text>
            {loan.borrower.fullName} · {loan.borrower.maskedPhone}
          </Typography.Text>
        </Space>
        <Tabs
          items={[
            {
              key: 'summary',
              label: t('tabSummary'),
              children: (
                <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
                  <Card title={t('loan')} size="small">
                    <LoanFacts loan={loan} payouts={data.payouts} />
                  </Card>
                  <Card title={t('position')} size="small">
                    <LedgerPosition position={data.position} market={market} />
                  </Card>
                </Space>
              ),
            },
            { key: 'plan', label: t('tabPlan'), children: <LoanPlan plan={data.plan} market={market} /> },
            {
              // The payout attempts beside the status history: a seventh tab would overflow the bar at 768 px.
              key: 'history',
              label: t('tabHistory'),
              children: (
                <>
                  <LoanPayouts payouts={data.payouts} />
                  <LoanHistory history={data.history} />
                </>
              ),
            },
            {
              // The extensions beside the payments that bought them: the agreement's tab would be a seventh.
              key: 'events',
              label: t('tabEvents'),
              children: (
                <>
                  <LoanEvents events={data.events} market={market} />
                  <Typography.Title level={2} style={{ fontSize: 18, marginTop: 24 }}>
                    {t('tabExtensions')}
                  </Typography.Title>
                  <LoanExtensions extensions={data.extensions} market={market} />
                </>
              ),
            },
            { key: 'complaints', label: t('tabComplaints'), children: <LoanComplaints complaints={data.complaints} /> },
            // Rendered when first opened (Tabs' default): only then is the evidence read, and the read audited.
            ...(mayReadAgreement ? [{ key: 'agreement', label: agreement('tab'), children: <LoanAgreement orderNo={orderNo} /> }] : []),
            // The loan's payment references: a tab here once consoleLoan's data carries them (not in console.ts yet).
          ]}
        />
      </>
    );
  }

  return (
    <>
      <Link to="/loans">{t('back')}</Link>
      <Typography.Title level={1}>{t('loanTitle', { orderNo })}</Typography.Title>
      {body}
    </>
  );
}

import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { CONSOLE_AGREEMENT_PACKAGE_PATH, CONSOLE_AGREEMENT_PDF_PATH, consoleAgreement, type AgreementView } from '@presta/contract/api/console/agreements';
import { useCall } from '@/shared/api/use-call';
import { dateTime, money } from '@/shared/format/format';
import { useLanguage, useMessages } from '@/shared/i18n/i18n';
import { useMay } from '@/shared/session/session';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { PageLoading } from '@/shared/ui/page-loading';
import { agreementKey, agreementMessages, type AgreementMessageKey } from './agreement-messages';

/** A download of the order's agreement at the console's route (same origin: the console's cookie goes with it). */
const fileUrl = (path: string, orderNo: string) => `${path}?${new URLSearchParams({ orderNo }).toString()}`;

/** A value the catalogue names (a language, a status), else the value itself. */
function useNamed() {
  const t = useMessages(agreementMessages);
  return (prefix: 'language_' | 'status_' | 'authority_', value: string) => {
    const key: AgreementMessageKey | undefined = agreementKey(prefix, value);
    return key ? t(key) : value;
  };
}

/** A hash or an identifier: monospace, wrapped anywhere, copyable. */
const Code = ({ value }: { value: string }) => (
  <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
    {value}
  </Typography.Text>
);

/**
 * The loan's signed agreement (issue 38): the document with its PDF and the evidence package (agreements.export),
 * the signature's evidence (the phone masked), the time-stamp, and both checked by the server at this view. The
 * server records each view, and each download, in the audit trail.
 */
export function LoanAgreement({ orderNo }: { orderNo: string }) {
  const t = useMessages(agreementMessages);
  const { data, error, loading, reload } = useCall(consoleAgreement, { orderNo });
  if (error) return <ErrorAlert error={error} onRetry={reload} />;
  if (!data || loading) return <PageLoading />;
  const agreement = data.agreement;
  if (!agreement) return <Typography.Paragraph type="secondary">{t('none')}</Typography.Paragraph>;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Paragraph type="secondary">{t('audited')}</Typography.Paragraph>
      <VerificationCard agreement={agreement} />
      <DocumentCard agreement={agreement} orderNo={orderNo} />
      <SignatureCard agreement={agreement} />
      <TimestampCard agreement={agreement} />
    </Space>
  );
}

/** The checks the server made now: the PDF's bytes against their hash, the token against the bytes and the chain. */
function VerificationCard({ agreement: { verification: v } }: { agreement: AgreementView }) {
  const t = useMessages(agreementMessages);
  const { language } = useLanguage();
  const stamp = v.timestamp;
  return (
    <Card title={t('verification')} size="small" extra={t('checkedAt', { at: dateTime(v.checkedAt, language) })}>
      <Space orientation="vertical" style={{ width: '100%' }}>
        {v.document.intact ? (
          <Alert type="success" showIcon title={t('documentIntact')} />
        ) : (
          <Alert type="error" showIcon role="alert" title={t('documentChanged', { sha256: v.document.computedSha256 })} />
        )}
        {stamp === undefined ? (
          <Alert type="warning" showIcon title={t('timestampMissing')} />
        ) : stamp.valid ? (
          <Alert type="success" showIcon title={t('timestampValid', { at: dateTime(stamp.stampedAt, language), serial: stamp.serialNumber, signer: stamp.signer })} />
        ) : (
          <Alert type="error" showIcon role="alert" title={t('timestampInvalid', { reason: stamp.reason })} />
        )}
      </Space>
    </Card>
  );
}

/** The document's facts and its two downloads (the PDF, the evidence package) for a role that may export. */
function DocumentCard({ agreement: { document: d }, orderNo }: { agreement: AgreementView; orderNo: string }) {
  const t = useMessages(agreementMessages);
  const named = useNamed();
  const { language } = useLanguage();
  const mayExport = useMay('agreements.export');
  const figures = t('figuresValue', { amount: money(d.amount, d.market), periods: d.periods, termUnit: d.termUnit });
  return (
    <Card title={t('document')} size="small">
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 1, md: 2 }}
        items={[
          { key: 'documentNo', label: t('documentNo'), children: <Code value={d.documentNo} /> },
          { key: 'created', label: t('created'), children: dateTime(d.createdAt, language) },
          { key: 'language', label: t('language'), children: named('language_', d.lang) },
          { key: 'templateVersion', label: t('templateVersion'), children: d.templateVersion },
          { key: 'figures', label: t('figures'), children: figures },
          ...(d.proposalNo ? [{ key: 'proposalNo', label: t('proposalNo'), children: d.proposalNo }] : []),
          { key: 'size', label: t('size'), children: t('sizeValue', { kb: Math.ceil(d.byteSize / 1024) }) },
          { key: 'sha256', label: t('sha256'), span: 'filled' as const, children: <Code value={d.sha256} /> },
        ]}
      />
      {mayExport ? (
        <Space wrap style={{ marginTop: 16 }}>
          <Button href={fileUrl(CONSOLE_AGREEMENT_PDF_PATH, orderNo)} target="_blank" rel="noopener">
            {t('openPdf')}
          </Button>
          <Button type="primary" href={fileUrl(CONSOLE_AGREEMENT_PACKAGE_PATH, orderNo)} download={`agreement-${orderNo}.zip`}>
            {t('exportEvidence')}
          </Button>
          <Typography.Text type="secondary">{t('exportHint')}</Typography.Text>
        </Space>
      ) : (
        <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
          {t('noExport')}
        </Typography.Paragraph>
      )}
    </Card>
  );
}

/** Who signed, with the code sent to which phone (masked), when, from where and how the code was checked. */
function SignatureCard({ agreement: { signature: s } }: { agreement: AgreementView }) {
  const t = useMessages(agreementMessages);
  const { language } = useLanguage();
  const c = s.codeVerification;
  const code = t('codeValue', { issued: dateTime(c.issuedAt, language), verified: dateTime(c.verifiedAt, language), tries: c.wrongTries ?? 0 });
  return (
    <Card title={t('signature')} size="small">
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 1, md: 2 }}
        items={[
          { key: 'signer', label: t('signer'), children: t('signerValue', { name: s.signerName, id: s.borrowerId }) },
          { key: 'phone', label: t('phone'), children: s.maskedPhone },
          { key: 'signedAt', label: t('signedAt'), children: dateTime(s.signedAt, language) },
          { key: 'clientIp', label: t('clientIp'), children: s.clientIp },
          { key: 'deviceId', label: t('deviceId'), children: s.deviceId ?? t('noDevice') },
          { key: 'code', label: t('code'), children: code },
          { key: 'userAgent', label: t('userAgent'), span: 'filled' as const, children: s.userAgent || '—' },
          { key: 'sessionHash', label: t('sessionHash'), span: 'filled' as const, children: <Code value={s.sessionHash} /> },
        ]}
      />
    </Card>
  );
}

/** The time-stamp as kept: its status, the authority, its time, serial and policy, how often it was asked for. */
function TimestampCard({ agreement: { timestamp: ts } }: { agreement: AgreementView }) {
  const t = useMessages(agreementMessages);
  const named = useNamed();
  const { language } = useLanguage();
  const status = ts?.status ?? 'none';
  return (
    <Card title={t('timestamp')} size="small">
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 1, md: 2 }}
        items={[
          { key: 'status', label: t('timestampStatus'), children: <Tag color={status === 'stamped' ? 'green' : 'gold'}>{named('status_', status)}</Tag> },
          ...(ts
            ? [
                { key: 'authority', label: t('authority'), children: named('authority_', ts.authority) },
                { key: 'stampedAt', label: t('stampedAt'), children: dateTime(ts.stampedAt, language) },
                { key: 'serialNumber', label: t('serialNumber'), children: ts.serialNumber ? <Code value={ts.serialNumber} /> : '—' },
                { key: 'policy', label: t('policy'), children: ts.policy ?? '—' },
                { key: 'attempts', label: t('attempts'), children: ts.attempts },
                ...(ts.lastError ? [{ key: 'lastError', label: t('lastError'), span: 'filled' as const, children: ts.lastError }] : []),
              ]
            : []),
        ]}
      />
    </Card>
  );
}

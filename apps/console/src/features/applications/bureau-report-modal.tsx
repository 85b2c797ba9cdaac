import Alert from 'antd/es/alert';
import Modal from 'antd/es/modal';
import Typography from 'antd/es/typography';
import { consoleBureauReport } from '@presta/contract/api/console/credit-applications';
import { useCall } from '@/shared/api/use-call';
import { dateTime } from '@/shared/format/format';
import { useLanguage, useMessages } from '@/shared/i18n/i18n';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { PageLoading } from '@/shared/ui/page-loading';
import { applicationsMessages } from './messages';

/** The bureau report as received, read when the modal opens (each opening is recorded in the audit trail). */
export function BureauReportModal({ applicationNo, onClose }: { applicationNo: string; onClose: () => void }) {
  const t = useMessages(applicationsMessages);
  const { language } = useLanguage();
  const { data, error, loading, reload } = useCall(consoleBureauReport, { applicationNo });

  let body;
  if (error) body = <ErrorAlert error={error} onRetry={reload} />;
  else if (!data || loading) body = <PageLoading />;
  else
    body = (
      <>
        <Typography.Paragraph type="secondary">
          {`${data.bureau} · ${dateTime(data.requestedAt, language)} · ${data.contentType}`}
        </Typography.Paragraph>
        <pre tabIndex={0} style={{ maxHeight: 480, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {pretty(data.body, data.contentType)}
        </pre>
      </>
    );

  return (
    <Modal open title={t('reportTitle', { reference: data?.reference ?? '' })} onCancel={onClose} footer={null} width={800} destroyOnHidden>
      <Alert type="warning" showIcon title={t('reportAudited')} style={{ marginBottom: 12 }} />
      {body}
    </Modal>
  );
}

/** A JSON report indented for reading; any other body as received. */
function pretty(body: string, contentType: string): string {
  if (!contentType.includes('json')) return body;
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

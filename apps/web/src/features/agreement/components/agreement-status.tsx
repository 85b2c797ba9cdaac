import Skeleton from 'antd-mobile/es/components/skeleton';
import { useMessages } from '@/shared/i18n/use-messages';
import { LoadFailure } from '@/shared/ui/load-failure';
import type { AgreementRemote } from '../hooks/use-agreement';
import { agreementMessages } from '../messages';
import type { AgreementQuery } from '../utils/agreement-query';

/** A part of the agreement still loading: a skeleton, announced by its label. */
export function AgreementLoading({ label }: { label: string }) {
  return (
    <div className="presta-agreement-loading" role="status" aria-live="polite">
      <span className="presta-visually-hidden">{label}</span>
      <div aria-hidden="true">
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    </div>
  );
}

/** The agreement did not load: the server's refusal, else a failure with a retry. */
export function AgreementFailure({ remote, kind }: { remote: AgreementRemote; kind: AgreementQuery['kind'] }) {
  const { t } = useMessages(agreementMessages);
  return (
    <LoadFailure
      level={2}
      title={remote.refusal ? t('refusedTitle') : kind === 'order' ? t('loadFailedTitle') : t('termsFailedTitle')}
      text={remote.refusal ?? t('loadFailedText')}
      {...(remote.refusal ? {} : { actionLabel: t('retry'), onAction: () => void remote.load() })}
    />
  );
}

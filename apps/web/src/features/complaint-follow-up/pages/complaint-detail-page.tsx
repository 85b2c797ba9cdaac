import { useCallback, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { useAddressSearch } from '@/shared/router/address';
import { errorCodes } from '@presta/contract/error-codes';
import { routes } from '@presta/contract/routes';
import type { QueryResult } from '@/shared/http/use-query';
import { useMessages } from '@/shared/i18n/use-messages';
import { inAppUrl } from '@/shared/session/session-params';
import { LoadFailure } from '@/shared/ui/load-failure';
import { PageLayout } from '@/shared/ui/page-layout';
import { usePageTitle } from '@/shared/ui/page-title';
import { PrimaryButton } from '@/shared/ui/primary-button';
import { RemoteFallback } from '@/shared/ui/remote-fallback';
import type { ComplaintDetail } from '../api/complaint-detail';
import { ComplaintCard } from '../components/complaint-card';
import { ComplaintImageViewer } from '../components/complaint-image-viewer';
import { ReplyCard } from '../components/reply-card';
import { ReplyScoreModal } from '../components/reply-score-modal';
import { useComplaintDetail } from '../hooks/use-complaint-detail';
import { useReplyScore } from '../hooks/use-reply-score';
import { complaintFollowUpMessages } from '../messages';
import { complaintImageSrc } from '../utils/image-src';
import { readProblemId } from '../utils/problem-id';
import './complaint-heading.css';
import './complaint-detail-page.css';

/**
 * One complaint with the support reply (/complainDetails?problemId=… +
 * session): type, sub-type, the text (read-only, with its counter), the
 * images, and the reply ("Custom": text and images; hidden while there is
 * none). While the reply waits for the borrower's score (isNeedScore non-zero)
 * the score prompt opens COMPLAINT_SCORE_DELAY_MS after the page loads (once
 * per page load; a button opens it again). A missing or malformed problemId is
 * an invalid link; another borrower's or an unknown complaint (404) says it
 * was not found.
 */
export default function ComplaintDetailPage() {
  const search = useAddressSearch();
  const problemId = useMemo(() => readProblemId(search), [search]);
  const { t } = useMessages(complaintFollowUpMessages);
  const [, navigate] = useLocation();
  usePageTitle(t('detailPageTitle'));

  if (problemId === null) {
    return (
      <PageLayout>
        <LoadFailure
          title={t('invalidLinkTitle')}
          text={t('invalidLinkText')}
          actionLabel={t('backToList')}
          onAction={() => void navigate(inAppUrl(routes.complaintList))}
        />
      </PageLayout>
    );
  }
  return <ComplaintDetailView key={problemId} problemId={problemId} />;
}

type Viewing = { which: 'complaint' | 'reply'; index: number } | null;

function ComplaintDetailView({ problemId }: { problemId: string }) {
  const { t } = useMessages(complaintFollowUpMessages);
  const { remote, failureCode } = useComplaintDetail(problemId);
  const { data } = remote;
  const score = useReplyScore(problemId, remote);
  const [viewing, setViewing] = useState<Viewing>(null);
  const complaintImages = useMemo(() => (data ? data.images.map(complaintImageSrc).filter(Boolean) : []), [data]);
  const replyImages = useMemo(() => (data ? data.disposeImages.map(complaintImageSrc).filter(Boolean) : []), [data]);
  const onViewerIndex = useCallback((index: number) => setViewing((v) => (v ? { ...v, index } : v)), []);

  if (!data) return <ComplaintDetailFallback remote={remote} notFound={remote.failed && failureCode === errorCodes.notFound} />;

  return (
    <PageLayout
      className="presta-complaint-detail"
      actions={score.needsScore && !score.open ? <PrimaryButton onClick={score.openScore}>{t('rateReply')}</PrimaryButton> : undefined}
    >
      <h1 className="presta-complaint-heading">{t('detailHeading')}</h1>
      <ComplaintCard complaint={data} images={complaintImages} onOpenImage={(index) => setViewing({ which: 'complaint', index })} />
      <ReplyCard text={data.disposeDetail} images={replyImages} onOpenImage={(index) => setViewing({ which: 'reply', index })} />
      <ReplyScoreModal visible={score.open && score.needsScore} onSend={score.sendScore} onClose={score.close} />
      <ComplaintImageViewer
        images={viewing?.which === 'reply' ? replyImages : complaintImages}
        index={viewing?.index ?? null}
        onIndexChange={onViewerIndex}
        onClose={() => setViewing(null)}
      />
    </PageLayout>
  );
}

/** Before the complaint shows: loading, a failure to retry, a refusal, or (404001) "not found". */
function ComplaintDetailFallback({ remote, notFound }: { remote: QueryResult<ComplaintDetail>; notFound: boolean }) {
  const { t } = useMessages(complaintFollowUpMessages);
  const [, navigate] = useLocation();
  if (notFound) {
    return (
      <PageLayout>
        <LoadFailure
          title={t('notFoundTitle')}
          text={t('notFoundText')}
          actionLabel={t('backToList')}
          onAction={() => void navigate(inAppUrl(routes.complaintList))}
        />
      </PageLayout>
    );
  }
  return (
    <PageLayout>
      <RemoteFallback
        remote={remote}
        texts={{ loading: t('loading'), failedTitle: t('detailLoadFailedTitle'), failedText: t('detailLoadFailedText'), retry: t('retry'), refusedTitle: t('detailRefusedTitle') }}
      />
    </PageLayout>
  );
}

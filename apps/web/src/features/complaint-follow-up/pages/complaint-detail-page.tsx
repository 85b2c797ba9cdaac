import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { COMPLAINT_SCORE_DELAY_MS, COMPLAINT_SCORE_MAX, COMPLAINT_SCORE_MIN, COMPLAINT_TEXT_MAX } from '@presta/contract/complaint-rules';
import { errorCodes } from '@presta/contract/error-codes';
import { routes } from '@presta/contract/routes';
import { useRemoteData } from '@/shared/http/use-remote-data';
import { useMessages } from '@/shared/i18n/use-messages';
import { inAppUrl } from '@/shared/session/session-params';
import { LoadFailure } from '@/shared/ui/load-failure';
import { PageCard, PageLayout } from '@/shared/ui/page-layout';
import { usePageTitle } from '@/shared/ui/page-title';
import { PrimaryButton } from '@/shared/ui/primary-button';
import { RemoteFallback } from '@/shared/ui/remote-fallback';
import { StarScoreModal } from '@/shared/ui/star-score-modal';
import { showToast } from '@/shared/ui/toast';
import { fetchComplaintDetail, type ComplaintDetail } from '../api/complaint-detail';
import { scoreReply } from '../api/score-reply';
import { ImageGrid } from '../components/image-grid';
import { ImageViewerDialog } from '../components/image-viewer-dialog';
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
  const { search } = useLocation();
  const problemId = useMemo(() => readProblemId(search), [search]);
  const { t } = useMessages(complaintFollowUpMessages);
  const navigate = useNavigate();
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
  const navigate = useNavigate();
  const contentId = useId();
  const counterId = useId();

  /** The code of the last failed normal load: 404001 is "not found", anything else can be retried. */
  const [failureCode, setFailureCode] = useState('');
  const remote = useRemoteData<ComplaintDetail>(async (_arg, { silent, signal }) => {
    const result = await fetchComplaintDetail(problemId, { signal });
    if (!silent) setFailureCode(result.success ? '' : result.code);
    return result;
  });
  const { data, load } = remote;

  const [scored, setScored] = useState(false);
  const [scoreOpen, setScoreOpen] = useState(false);
  const [viewing, setViewing] = useState<Viewing>(null);
  const needsScore = data !== null && data.isNeedScore !== 0 && !scored;

  // The prompt opens once per page load, COMPLAINT_SCORE_DELAY_MS after the complaint has loaded.
  const offered = useRef(false);
  useEffect(() => {
    if (!needsScore || offered.current) return undefined;
    const timer = setTimeout(() => {
      if (offered.current) return;
      offered.current = true;
      setScoreOpen(true);
    }, COMPLAINT_SCORE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [needsScore]);

  const openScore = () => {
    offered.current = true;
    setScoreOpen(true);
  };

  const onSendScore = async (score: number) => {
    const result = await scoreReply({ problemId, score }, { loading: t('scoreSending') });
    if (result.success) {
      setScored(true);
      setScoreOpen(false);
      showToast(t('scoreThanks'));
      void load(undefined, { silent: true });
      return;
    }
    // Already scored (or no longer answered): the server's message was shown; the page catches up.
    if (result.code === errorCodes.invalidTransition || result.code === errorCodes.notFound) {
      setScoreOpen(false);
      void load(undefined, { silent: true });
    }
  };

  const complaintImages = useMemo(() => (data ? data.images.map(complaintImageSrc).filter(Boolean) : []), [data]);
  const replyImages = useMemo(() => (data ? data.disposeImages.map(complaintImageSrc).filter(Boolean) : []), [data]);
  const onViewerIndex = useCallback((index: number) => setViewing((v) => (v ? { ...v, index } : v)), []);

  if (!data) {
    if (remote.failed && failureCode === errorCodes.notFound) {
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

  const replyText = data.disposeDetail.trim();
  const hasReply = replyText !== '' || replyImages.length > 0;
  const sonType = data.sonType.trim();
  const count = data.content.length;

  return (
    <PageLayout
      className="presta-complaint-detail"
      actions={
        needsScore && !scoreOpen ? (
          <PrimaryButton onClick={openScore}>
            {t('rateReply')}
          </PrimaryButton>
        ) : undefined
      }
    >
      <h1 className="presta-complaint-heading">{t('detailHeading')}</h1>
      <PageCard title={t('complaintNumber', { id: data.problemId })}>
        <dl className="presta-complaint-facts">
          <div className="presta-complaint-fact">
            <dt>{t('typeLabel')}</dt>
            <dd>{data.type}</dd>
          </div>
          {sonType ? (
            <div className="presta-complaint-fact">
              <dt>{t('subTypeLabel')}</dt>
              <dd>{sonType}</dd>
            </div>
          ) : null}
        </dl>
        <div className="presta-complaint-field">
          <label htmlFor={contentId} className="presta-complaint-field-label">
            {t('contentLabel')}
          </label>
          <textarea
            id={contentId}
            className="presta-complaint-content"
            value={data.content}
            readOnly
            rows={5}
            aria-describedby={counterId}
          />
          <p id={counterId} className="presta-complaint-counter">
            <span aria-hidden="true">{t('counter', { count, max: COMPLAINT_TEXT_MAX })}</span>
            <span className="presta-visually-hidden">{t('counterLabel', { count, max: COMPLAINT_TEXT_MAX })}</span>
          </p>
        </div>
        {complaintImages.length > 0 ? (
          <div className="presta-complaint-field">
            <h3 className="presta-complaint-field-label">{t('imagesLabel')}</h3>
            <ImageGrid
              images={complaintImages}
              label={t('imagesLabel')}
              viewLabel={(index, total) => t('viewImage', { index, total })}
              unavailableLabel={t('imageUnavailable')}
              onOpen={(index) => setViewing({ which: 'complaint', index })}
            />
          </div>
        ) : null}
      </PageCard>
      {hasReply ? (
        <PageCard title={t('replyTitle')} className="presta-complaint-reply">
          {replyText ? <p className="presta-complaint-reply-text">{data.disposeDetail}</p> : null}
          <ImageGrid
            images={replyImages}
            label={t('replyImagesLabel')}
            viewLabel={(index, total) => t('viewReplyImage', { index, total })}
            unavailableLabel={t('imageUnavailable')}
            onOpen={(index) => setViewing({ which: 'reply', index })}
          />
        </PageCard>
      ) : null}
      <StarScoreModal
        visible={scoreOpen && needsScore}
        min={COMPLAINT_SCORE_MIN}
        max={COMPLAINT_SCORE_MAX}
        onSend={onSendScore}
        onMissingScore={() => showToast(t('scoreRequired'))}
        onClose={() => setScoreOpen(false)}
        labels={{
          title: t('scoreTitle'),
          text: t('scoreText'),
          group: t('scoreGroupLabel'),
          star: (n) => t('scoreStar', { count: n, max: COMPLAINT_SCORE_MAX }),
          send: t('scoreSend'),
          sending: t('scoreSending'),
          later: t('scoreLater'),
          close: t('close'),
        }}
      />
      <ImageViewerDialog
        images={viewing?.which === 'reply' ? replyImages : complaintImages}
        index={viewing?.index ?? null}
        onIndexChange={onViewerIndex}
        onClose={() => setViewing(null)}
        labels={{
          title: (index, total) => t('viewerTitle', { index, total }),
          alt: (index, total) => t('viewerAlt', { index, total }),
          previous: t('previousImage'),
          next: t('nextImage'),
          close: t('close'),
        }}
      />
    </PageLayout>
  );
}

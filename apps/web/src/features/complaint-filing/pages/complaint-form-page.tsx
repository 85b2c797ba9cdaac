import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { COMPLAINT_IMAGES_MAX, COMPLAINT_SUCCESS_DELAY_MS, COMPLAINT_TEXT_MAX } from '@presta/contract/complaint-rules';
import { useMessages } from '@/shared/i18n/use-messages';
import { assignLocation, replaceLocation } from '@/shared/session/navigation';
import { LoadFailure } from '@/shared/ui/load-failure';
import { PageCard, PageLayout } from '@/shared/ui/page-layout';
import { usePageTitle } from '@/shared/ui/page-title';
import { PrimaryButton } from '@/shared/ui/primary-button';
import { showToast } from '@/shared/ui/toast';
import { complaintPayload, saveComplaint } from '../api/save-complaint';
import { uploadComplaintImage } from '../api/upload-complaint-image';
import { ImagePicker } from '../components/image-picker';
import { complaintFilingMessages } from '../messages';
import { clearComplaintDraft, readComplaintDraft, updateComplaintDraft, type ComplaintDraft } from '../utils/complaint-draft';
import { complaintImageAccept, complaintImageMaxMb, imageProblem } from '../utils/image-check';
import { complaintEntryUrl } from '../utils/links';
import './complaint-form-page.css';

/**
 * Complaint form (/complainPageNext + session, §2, §5): the chosen type and
 * sub-type, the problem description (at most 200 characters, counted), up to
 * 9 images (3 per row), and Submit. The choice, the text and the uploaded
 * images live in the draft (complaint-draft.ts), so a reload keeps them. A
 * saved complaint clears the draft, shows the success state for 1500 ms and
 * returns to the complaint entry. Without a chosen type (a direct link) the
 * page says so and leads to the entry.
 */
export default function ComplaintFormPage() {
  const { t } = useMessages(complaintFilingMessages);
  usePageTitle(t('formPageTitle'));
  const [draft] = useState(readComplaintDraft);

  if (!draft) {
    return (
      <PageLayout>
        <LoadFailure
          title={t('noChoiceTitle')}
          text={t('noChoiceText')}
          actionLabel={t('backToEntry')}
          onAction={() => assignLocation(complaintEntryUrl())}
        />
      </PageLayout>
    );
  }
  return <ComplaintForm initial={draft} />;
}

function ComplaintForm({ initial }: { initial: ComplaintDraft }) {
  const { t } = useMessages(complaintFilingMessages);
  const [text, setText] = useState(initial.text);
  const [images, setImages] = useState<string[]>(initial.images);
  const [sent, setSent] = useState(false);
  const textId = useId();
  const counterId = useId();
  const textRef = useRef<HTMLTextAreaElement>(null);
  /** The latest draft, for handlers that run after an await. */
  const draftRef = useRef<ComplaintDraft>(initial);
  const uploading = useRef(false);
  /** A save is running or done: taps on Submit meanwhile do nothing (one save per complaint). */
  const saving = useRef(false);
  /** Saved: the draft is cleared and stays so. */
  const done = useRef(false);
  const leaveTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(leaveTimer.current), []);

  const keep = (next: ComplaintDraft) => {
    draftRef.current = next;
    if (!done.current) updateComplaintDraft(next);
  };

  const onText = (event: ChangeEvent<HTMLTextAreaElement>) => {
    // maxLength stops typing at the limit; a paste in an older web view is cut here.
    const value = event.target.value.slice(0, COMPLAINT_TEXT_MAX);
    setText(value);
    keep({ ...draftRef.current, text: value });
  };

  const onPick = async (file: File) => {
    // §5: one at a time; an add at the limit is ignored.
    if (uploading.current || saving.current || draftRef.current.images.length >= COMPLAINT_IMAGES_MAX) return;
    const problem = imageProblem(file);
    if (problem) {
      showToast(problem === 'type' ? t('imageWrongType') : t('imageTooLarge', { mb: complaintImageMaxMb }));
      return;
    }
    uploading.current = true;
    const result = await uploadComplaintImage(file, { loading: t('uploading') });
    uploading.current = false;
    // A refusal was toasted with the server's message.
    if (!result.success || !result.data) return;
    const current = draftRef.current.images;
    if (current.length >= COMPLAINT_IMAGES_MAX || current.includes(result.data.url)) return;
    const next = [...current, result.data.url];
    setImages(next);
    keep({ ...draftRef.current, images: next });
    showToast(t('uploadDone'));
  };

  const onRemove = (index: number) => {
    const next = draftRef.current.images.filter((_, i) => i !== index);
    setImages(next);
    keep({ ...draftRef.current, images: next });
  };

  const onSubmit = async () => {
    if (saving.current) return;
    const draft = draftRef.current;
    if (draft.text.trim() === '') {
      showToast(t('emptyDescription'));
      textRef.current?.focus();
      return;
    }
    saving.current = true;
    const result = await saveComplaint(complaintPayload(draft), { loading: t('submitting') });
    if (!result.success) {
      // callApi toasted the server's message (e.g. the collection refusal).
      saving.current = false;
      return;
    }
    done.current = true;
    clearComplaintDraft();
    setSent(true);
    leaveTimer.current = setTimeout(() => replaceLocation(complaintEntryUrl()), COMPLAINT_SUCCESS_DELAY_MS);
  };

  const { type, subType, orderNo } = initial;

  return (
    <PageLayout
      className="presta-complaint-form"
      actions={
        sent ? undefined : (
          <PrimaryButton onClick={() => void onSubmit()}>
            {t('submit')}
          </PrimaryButton>
        )
      }
    >
      <h1 className="presta-complaint-form-title">{t('formHeading')}</h1>
      <div role="status" aria-live="polite" className="presta-complaint-form-status">
        {sent ? (
          <div className="presta-complaint-form-done">
            <svg viewBox="0 0 64 64" width="56" height="56" aria-hidden="true" focusable="false">
              <circle cx="32" cy="32" r="30" fill="#FFE3EF" />
              <path d="M20 33l8 8 16-17" fill="none" stroke="#D6136A" strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            <p className="presta-complaint-form-done-title">{t('submitDoneTitle')}</p>
            <p className="presta-complaint-form-done-text">{t('submitDoneText')}</p>
          </div>
        ) : null}
      </div>
      {sent ? null : (
        <>
          <PageCard
            title={t('chosenTypeLabel')}
            titleAside={
              <a className="presta-page-link-button presta-complaint-form-change" href={complaintEntryUrl()} aria-label={t('changeChoiceLabel')}>
                {t('changeChoice')}
              </a>
            }
          >
            <ul className="presta-complaint-form-tags">
              <li className="presta-complaint-form-tag">{type.title}</li>
              {subType ? <li className="presta-complaint-form-tag">{subType.title}</li> : null}
            </ul>
            <p className="presta-complaint-form-order">{t('chosenOrder', { orderNo })}</p>
          </PageCard>
          <section className="presta-page-card" aria-labelledby={`${textId}-title`}>
            <h2 id={`${textId}-title`} className="presta-page-card-title presta-complaint-form-label">
              <label htmlFor={textId}>{t('descriptionLabel')}</label>
            </h2>
            <textarea
              ref={textRef}
              id={textId}
              className="presta-complaint-form-text"
              value={text}
              maxLength={COMPLAINT_TEXT_MAX}
              rows={6}
              placeholder={t('descriptionPlaceholder')}
              aria-describedby={counterId}
              onChange={onText}
            />
            <p id={counterId} className="presta-complaint-form-counter">
              <span aria-hidden="true">{t('counter', { count: text.length, max: COMPLAINT_TEXT_MAX })}</span>
              <span className="presta-visually-hidden">{t('counterLabel', { count: text.length, max: COMPLAINT_TEXT_MAX })}</span>
            </p>
          </section>
          <PageCard
            title={t('uploadTitle')}
            titleAside={
              <p className="presta-complaint-form-counter presta-complaint-form-image-count">
                <span aria-hidden="true">{t('imageCount', { count: images.length, max: COMPLAINT_IMAGES_MAX })}</span>
                <span className="presta-visually-hidden">{t('imageCountLabel', { count: images.length, max: COMPLAINT_IMAGES_MAX })}</span>
              </p>
            }
          >
            <p className="presta-complaint-form-hint">{t('uploadHint', { max: COMPLAINT_IMAGES_MAX, mb: complaintImageMaxMb })}</p>
            <ImagePicker
              images={images}
              max={COMPLAINT_IMAGES_MAX}
              accept={complaintImageAccept}
              onPick={(file) => void onPick(file)}
              onRemove={onRemove}
              labels={{
                add: t('addImage'),
                image: (n, total) => t('imageAlt', { n, total }),
                remove: (n) => t('removeImage', { n }),
              }}
            />
          </PageCard>
        </>
      )}
    </PageLayout>
  );
}

import { useId } from 'react';
import { COMPLAINT_TEXT_MAX } from '@presta/contract/complaint-rules';
import { useMessages } from '@/shared/i18n/use-messages';
import { PageCard } from '@/shared/ui/page-layout';
import type { ComplaintDetail } from '../api/complaint-detail';
import { complaintFollowUpMessages } from '../messages';
import { ImageGrid } from './image-grid';

type ComplaintCardProps = {
  complaint: ComplaintDetail;
  /** The complaint's images that can be shown. */
  images: string[];
  onOpenImage: (index: number) => void;
};

/** The complaint as filed: its number, type and sub-type, the text (read-only, with its counter) and the images. */
export function ComplaintCard({ complaint, images, onOpenImage }: ComplaintCardProps) {
  const { t } = useMessages(complaintFollowUpMessages);
  const contentId = useId();
  const counterId = useId();
  const sonType = complaint.sonType.trim();
  const count = complaint.content.length;
  return (
    <PageCard title={t('complaintNumber', { id: complaint.problemId })}>
      <dl className="presta-complaint-facts">
        <div className="presta-complaint-fact">
          <dt>{t('typeLabel')}</dt>
          <dd>{complaint.type}</dd>
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
        <textarea id={contentId} className="presta-complaint-content" value={complaint.content} readOnly rows={5} aria-describedby={counterId} />
        <p id={counterId} className="presta-complaint-counter">
          <span aria-hidden="true">{t('counter', { count, max: COMPLAINT_TEXT_MAX })}</span>
          <span className="presta-visually-hidden">{t('counterLabel', { count, max: COMPLAINT_TEXT_MAX })}</span>
        </p>
      </div>
      {images.length > 0 ? (
        <div className="presta-complaint-field">
          <h3 className="presta-complaint-field-label">{t('imagesLabel')}</h3>
          <ImageGrid
            images={images}
            label={t('imagesLabel')}
            viewLabel={(index, total) => t('viewImage', { index, total })}
            unavailableLabel={t('imageUnavailable')}
            onOpen={onOpenImage}
          />
        </div>
      ) : null}
    </PageCard>
  );
}

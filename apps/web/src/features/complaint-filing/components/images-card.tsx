import { COMPLAINT_IMAGES_MAX } from '@presta/contract/complaint-rules';
import { useMessages } from '@/shared/i18n/use-messages';
import { PageCard } from '@/shared/ui/page-layout';
import { complaintFilingMessages } from '../messages';
import { complaintImageAccept, complaintImageMaxMb } from '../utils/image-check';
import { ImagePicker } from './image-picker';

type ImagesCardProps = {
  images: string[];
  onPick: (file: File) => void;
  onRemove: (index: number) => void;
};

/** The complaint's images: how many of COMPLAINT_IMAGES_MAX, the rules, and the picker (3 per row). */
export function ImagesCard({ images, onPick, onRemove }: ImagesCardProps) {
  const { t } = useMessages(complaintFilingMessages);
  return (
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
        onPick={onPick}
        onRemove={onRemove}
        labels={{
          add: t('addImage'),
          image: (n, total) => t('imageAlt', { n, total }),
          remove: (n) => t('removeImage', { n }),
        }}
      />
    </PageCard>
  );
}

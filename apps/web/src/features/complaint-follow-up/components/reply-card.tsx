import { useMessages } from '@/shared/i18n/use-messages';
import { PageCard } from '@/shared/ui/page-layout';
import { complaintFollowUpMessages } from '../messages';
import { ImageGrid } from './image-grid';

type ReplyCardProps = {
  /** The reply's text as sent (disposeDetail). */
  text: string;
  /** The reply's images that can be shown. */
  images: string[];
  onOpenImage: (index: number) => void;
};

/** The support reply ("Custom"): its text and images; nothing while there is no reply. */
export function ReplyCard({ text, images, onOpenImage }: ReplyCardProps) {
  const { t } = useMessages(complaintFollowUpMessages);
  const hasText = text.trim() !== '';
  if (!hasText && images.length === 0) return null;
  return (
    <PageCard title={t('replyTitle')} className="presta-complaint-reply">
      {hasText ? <p className="presta-complaint-reply-text">{text}</p> : null}
      <ImageGrid
        images={images}
        label={t('replyImagesLabel')}
        viewLabel={(index, total) => t('viewReplyImage', { index, total })}
        unavailableLabel={t('imageUnavailable')}
        onOpen={onOpenImage}
      />
    </PageCard>
  );
}

import { useMessages } from '@/shared/i18n/use-messages';
import { complaintFollowUpMessages } from '../messages';
import { ImageViewerDialog, type ImageViewerDialogProps } from './image-viewer-dialog';

/** A complaint's or a reply's image large (ImageViewerDialog), in the page's language. */
export function ComplaintImageViewer(props: Omit<ImageViewerDialogProps, 'labels'>) {
  const { t } = useMessages(complaintFollowUpMessages);
  return (
    <ImageViewerDialog
      {...props}
      labels={{
        title: (index, total) => t('viewerTitle', { index, total }),
        alt: (index, total) => t('viewerAlt', { index, total }),
        previous: t('previousImage'),
        next: t('nextImage'),
        close: t('close'),
      }}
    />
  );
}

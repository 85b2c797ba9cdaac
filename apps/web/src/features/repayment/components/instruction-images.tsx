import { useMessages } from '@/shared/i18n/use-messages';
import { PageCard } from '@/shared/ui/page-layout';
import type { PaymentVoucher } from '../api/payment-reference';
import { repaymentMessages } from '../messages';

/**
 * The channel's image section: its title, the stores where a store reference is paid (issue 32), its e-mail
 * link and its images; nothing when it has none of them.
 */
export function InstructionImages({ images, stores }: { images: PaymentVoucher['imgList']; stores: readonly string[] }) {
  const { t } = useMessages(repaymentMessages);
  const hasImages = images.title.trim() !== '' || images.eMail !== '' || images.content.length > 0 || stores.length > 0;
  if (!hasImages) return null;
  return (
    <PageCard title={images.title || undefined} className="presta-instruction-images">
      {stores.length > 0 ? (
        <ul className="presta-instruction-stores" aria-label={t('storesLabel')}>
          {stores.map((store) => (
            <li key={store}>{store}</li>
          ))}
        </ul>
      ) : null}
      {images.eMail ? (
        <p className="presta-instruction-email">
          <span>{t('emailLabel')}: </span>
          <a href={`mailto:${images.eMail}`}>{images.eMail}</a>
        </p>
      ) : null}
      {images.content.length > 0 ? (
        <ul className="presta-instruction-image-grid">
          {images.content.map((src, index) => (
            <li key={`${src}-${index}`}>
              <img
                src={src}
                alt={t('imageAlt', { title: images.title || t('instructionHeading'), index: index + 1, count: images.content.length })}
                loading="lazy"
              />
            </li>
          ))}
        </ul>
      ) : null}
    </PageCard>
  );
}

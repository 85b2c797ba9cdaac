import { useEffect, useRef } from 'react';
import { useMessages } from '@/shared/i18n/use-messages';
import { useAddressHash } from '@/shared/router/address';
import type { Offer } from '../api/account-data';
import { accountMessages } from '../messages';
import { OfferCard } from './offer-card';

/** Home's offers (`#offers`: "borrow again" in a browser lands here, scrolled into view). */
export function OffersSection({ offers }: { offers: Offer[] }) {
  const { t } = useMessages(accountMessages);
  const hash = useAddressHash();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (hash === '#offers') ref.current?.scrollIntoView?.({ block: 'start' });
  }, [hash]);
  return (
    <section id="offers" ref={ref} aria-labelledby="offers-title" className="presta-account-offers">
      <h2 id="offers-title" className="presta-page-card-title">
        {t('offersTitle')}
      </h2>
      {offers.length === 0 ? (
        <p className="presta-account-muted">{t('noOffers')}</p>
      ) : (
        <ul className="presta-account-list">
          {offers.map((offer) => (
            <OfferCard key={offer.productId} offer={offer} />
          ))}
        </ul>
      )}
    </section>
  );
}

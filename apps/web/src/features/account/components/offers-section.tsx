import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { routes } from '@presta/contract/routes';
import { useMessages } from '@/shared/i18n/use-messages';
import { inAppUrl } from '@/shared/session/session-params';
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
        <NoOfferYet />
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

/**
 * No offer yet (a new account): what happens next, as the code does it — the credit review records an offer
 * (ops offer, the back office), which then shows here; nothing is sent — and the way to customer service.
 */
function NoOfferYet() {
  const { t } = useMessages(accountMessages);
  return (
    <div className="presta-account-no-offer">
      <p className="presta-account-muted">{t('noOffers')}</p>
      <p className="presta-account-muted">{t('noOffersNext')}</p>
      <p className="presta-account-actions">
        <span className="presta-account-muted">{t('noOffersQuestions')}</span>{' '}
        <Link className="presta-page-link-button" to={inAppUrl(routes.customerService)}>
          {t('customerServiceLink')}
        </Link>
      </p>
    </div>
  );
}

import { useMessages } from '@/shared/i18n/use-messages';
import { PageCard } from '@/shared/ui/page-layout';
import { complaintFilingMessages } from '../messages';
import type { ComplaintOrder } from '../utils/complaint-types';
import { ComplaintOrderCard } from './complaint-order-card';

type OrderSectionProps = {
  /** The order the complaint is about, null when the borrower has none. */
  order: ComplaintOrder | null;
  /** 'All' shows, to pick another of the borrower's orders. */
  canPickAnother: boolean;
  onShowAll: () => void;
};

/** The complaint entry's order card, with 'All' to open the order picker. */
export function OrderSection({ order, canPickAnother, onShowAll }: OrderSectionProps) {
  const { t } = useMessages(complaintFilingMessages);
  return (
    <PageCard
      title={t('orderTitle')}
      titleAside={
        canPickAnother ? (
          <button
            type="button"
            className="presta-page-link-button presta-complaint-entry-all"
            aria-label={t('allOrdersLabel')}
            aria-haspopup="dialog"
            onClick={onShowAll}
          >
            {t('allOrders')}
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
        ) : undefined
      }
    >
      {order ? (
        <ComplaintOrderCard order={order} statusLabel={t('statusLabel')} />
      ) : (
        <div className="presta-complaint-entry-empty">
          <p className="presta-complaint-entry-empty-title">{t('noOrdersTitle')}</p>
          <p className="presta-complaint-entry-empty-text">{t('noOrdersText')}</p>
        </div>
      )}
    </PageCard>
  );
}

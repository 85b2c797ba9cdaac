import { DetailList } from '@/shared/ui/detail-list';
import type { ComplaintOrder } from '../utils/complaint-types';
import './complaint-order-card.css';

export type ComplaintOrderCardProps = {
  order: ComplaintOrder;
  /** Accessible prefix of the status, e.g. "Status". */
  statusLabel: string;
};

/** One order: product logo (decorative) and name, its status, and its rows (empty or '0' values hidden). */
export function ComplaintOrderCard({ order, statusLabel }: ComplaintOrderCardProps) {
  return (
    <div className="presta-complaint-order">
      <div className="presta-complaint-order-product">
        {order.productLogo ? <img src={order.productLogo} alt="" width={40} height={40} className="presta-complaint-order-logo" /> : null}
        <p className="presta-complaint-order-name">{order.productName}</p>
        {order.status ? (
          <p className="presta-complaint-order-status">
            <span className="presta-visually-hidden">{statusLabel}: </span>
            {order.status}
          </p>
        ) : null}
      </div>
      <DetailList rows={order.list} className="presta-complaint-order-rows" />
    </div>
  );
}

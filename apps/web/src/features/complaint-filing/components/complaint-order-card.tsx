import type { ComplaintOrder } from '../utils/complaint-types';
import { visibleRows } from '../utils/rows';
import './complaint-order-card.css';

export type ComplaintOrderCardProps = {
  order: ComplaintOrder;
  /** Accessible prefix of the status, e.g. "Status". */
  statusLabel: string;
};

/** One order: product logo (decorative) and name, its status, and its rows (empty or '0' values hidden). */
export function ComplaintOrderCard({ order, statusLabel }: ComplaintOrderCardProps) {
  const rows = visibleRows(order.list);
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
      {rows.length > 0 ? (
        <dl className="presta-complaint-order-rows">
          {rows.map((row, index) => (
            <div className="presta-complaint-order-row" key={`${row.text}-${index}`}>
              <dt>{row.text}</dt>
              <dd>{row.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  );
}

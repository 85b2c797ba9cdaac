import { ModalDialog } from '@/shared/ui/modal-dialog';
import type { ComplaintOrder } from '../utils/complaint-types';
import './order-picker.css';

export type OrderPickerProps = {
  visible: boolean;
  orders: readonly ComplaintOrder[];
  /** The order shown on the page. */
  selectedOrderNo: string;
  onSelect: (order: ComplaintOrder) => void;
  onClose: () => void;
  labels: { title: string; close: string; orderNumber: (orderNo: string) => string };
};

/**
 * The 'All' list: every order of the borrower (product, order number,
 * status) as buttons; the shown one is pressed. Choosing one closes it.
 */
export function OrderPicker({ visible, orders, selectedOrderNo, onSelect, onClose, labels }: OrderPickerProps) {
  return (
    <ModalDialog visible={visible} title={labels.title} onClose={onClose} closeLabel={labels.close} closeOnMaskClick className="presta-complaint-order-picker">
      <ul className="presta-complaint-order-picker-list">
        {orders.map((order) => {
          const selected = order.orderNo === selectedOrderNo;
          return (
            <li key={order.orderNo}>
              <button
                type="button"
                className={['presta-complaint-order-option', selected ? 'presta-complaint-order-option-selected' : ''].filter(Boolean).join(' ')}
                aria-pressed={selected}
                onClick={() => onSelect(order)}
              >
                {order.productLogo ? <img src={order.productLogo} alt="" width={32} height={32} className="presta-complaint-order-option-logo" /> : null}
                <span className="presta-complaint-order-option-text">
                  <span className="presta-complaint-order-option-name">{order.productName}</span>
                  <span className="presta-complaint-order-option-meta">{labels.orderNumber(order.orderNo)}</span>
                </span>
                {order.status ? <span className="presta-complaint-order-option-status">{order.status}</span> : null}
              </button>
            </li>
          );
        })}
      </ul>
    </ModalDialog>
  );
}

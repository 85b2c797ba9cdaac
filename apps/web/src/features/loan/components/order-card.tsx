import type { TextValue } from '@presta/contract/api/common';
import { visibleRows } from '@/shared/format/detail-rows';
import { DetailList } from '@/shared/ui/detail-list';
import './order-card.css';

export type OrderCardProps = {
  productLogo: string;
  productName: string;
  rows: readonly TextValue[];
  /** Hides the detail rows (e.g. for a rejected order) while keeping the product header. */
  hideRows?: boolean;
  /** Accessible name of the rows list. */
  rowsLabel: string;
};

/** Product logo (decorative: the name is beside it) and name with the order's detail rows. */
export function OrderCard({ productLogo, productName, rows, hideRows = false, rowsLabel }: OrderCardProps) {
  const showRows = !hideRows && visibleRows(rows).length > 0;
  if (!productName && !productLogo && !showRows) return null;
  return (
    <section className="presta-loan-order-card" aria-label={rowsLabel}>
      <div className="presta-loan-order-product">
        {productLogo ? <img src={productLogo} alt="" width={40} height={40} className="presta-loan-order-logo" /> : null}
        <h2 className="presta-loan-order-name">{productName}</h2>
      </div>
      {showRows ? <DetailList rows={rows} className="presta-loan-order-rows" /> : null}
    </section>
  );
}

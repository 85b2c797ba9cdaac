import './coupon-row.css';

export type CouponRowProps = {
  label: string;
  /** The formatted discount, e.g. "-$50,00". */
  value: string;
  /** Logo and name of the product the coupon comes from, when given. */
  logo?: string;
  name?: string;
};

/** The coupon row of the confirmation (shown by the page only when couNum > 0). */
export function CouponRow({ label, value, logo, name }: CouponRowProps) {
  return (
    <div className="presta-loan-coupon" data-testid="loan-coupon-row">
      <span className="presta-loan-coupon-badge" aria-hidden="true">
        {logo ? (
          <img src={logo} alt="" width={36} height={36} />
        ) : (
          <svg viewBox="0 0 36 36" width="36" height="36" focusable="false">
            <path d="M6 11a3 3 0 0 1 3-3h18a3 3 0 0 1 3 3v3a4 4 0 0 0 0 8v3a3 3 0 0 1-3 3H9a3 3 0 0 1-3-3v-3a4 4 0 0 0 0-8z" fill="#FF2A84" />
            <path d="M14 22l8-8" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" />
            <circle cx="14.5" cy="14.5" r="2" fill="#fff" />
            <circle cx="21.5" cy="21.5" r="2" fill="#fff" />
          </svg>
        )}
      </span>
      <span className="presta-loan-coupon-text">
        <span className="presta-loan-coupon-label">{label}</span>
        {name ? <span className="presta-loan-coupon-name">{name}</span> : null}
      </span>
      <span className="presta-loan-coupon-value">{value}</span>
    </div>
  );
}

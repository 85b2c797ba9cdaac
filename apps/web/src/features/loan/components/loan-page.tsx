import { useId, type ReactNode } from 'react';
import './loan-page.css';

export type LoanPageProps = {
  children: ReactNode;
  /** The sticky bottom action area; omitted when there is nothing to act on. */
  actions?: ReactNode;
  className?: string;
};

/** Layout of a loan page (its main landmark): grey canvas, content cards, sticky bottom action area. */
export function LoanPage({ children, actions, className }: LoanPageProps) {
  return (
    <main className={['presta-loan-page', className].filter(Boolean).join(' ')}>
      <div className="presta-loan-page-body">{children}</div>
      {actions ? <div className="presta-loan-action-bar">{actions}</div> : null}
    </main>
  );
}

export type LoanCardProps = {
  children: ReactNode;
  /** Visible card heading; also names the card region for assistive tech. */
  title?: string;
  className?: string;
};

/** A white rounded card on the grey canvas. */
export function LoanCard({ children, title, className }: LoanCardProps) {
  const id = useId();
  const headingId = title ? `${id}-title` : undefined;
  return (
    <section className={['presta-loan-card', className].filter(Boolean).join(' ')} aria-labelledby={headingId}>
      {title ? (
        <h2 id={headingId} className="presta-loan-card-title">
          {title}
        </h2>
      ) : null}
      {children}
    </section>
  );
}

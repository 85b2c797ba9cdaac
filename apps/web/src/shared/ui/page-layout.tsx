import { useId, type ReactNode } from 'react';
import './page-layout.css';

/**
 * The borrower page layout: grey canvas, white rounded cards, an optional
 * sticky bottom action area.
 */

export type PageLayoutProps = {
  children: ReactNode;
  /** The sticky bottom action area; omitted when there is nothing to act on. */
  actions?: ReactNode;
  className?: string;
};

/** The page's main landmark. */
export function PageLayout({ children, actions, className }: PageLayoutProps) {
  return (
    <main className={['presta-page', className].filter(Boolean).join(' ')}>
      <div className="presta-page-body">{children}</div>
      {actions ? <div className="presta-page-action-bar">{actions}</div> : null}
    </main>
  );
}

export type PageCardProps = {
  children: ReactNode;
  /** Visible card heading (h2); also names the card region for assistive tech. */
  title?: ReactNode;
  /** Something at the end of the heading line (e.g. a toggle). */
  titleAside?: ReactNode;
  className?: string;
};

/** A white rounded card on the grey canvas; a region named by its title when it has one. */
export function PageCard({ children, title, titleAside, className }: PageCardProps) {
  const id = useId();
  const headingId = title ? `${id}-title` : undefined;
  return (
    <section className={['presta-page-card', className].filter(Boolean).join(' ')} aria-labelledby={headingId}>
      {title ? (
        <div className="presta-page-card-head">
          <h2 id={headingId} className="presta-page-card-title">
            {title}
          </h2>
          {titleAside}
        </div>
      ) : null}
      {children}
    </section>
  );
}

import { statusPictureCode, statusPictureUrl } from '../utils/order-status';
import './status-hero.css';

export type StatusHeroProps = {
  /** orderStatus as sent by the server; unknown codes use the settled (200) picture. */
  status: string;
  /** noticeStatusText. */
  title: string;
  /** noticeDesText. */
  description: string;
  /** Alt text of the picture, by status. */
  imageAlt: string;
  /** A small line under the description (e.g. "this page updates itself"). */
  note?: string;
};

/** The top card of the loan details: status picture, status text and its description. */
export function StatusHero({ status, title, description, imageAlt, note }: StatusHeroProps) {
  const code = statusPictureCode(status);
  return (
    <section className={`presta-loan-status presta-loan-status-${code}`} data-status={code}>
      {/* The largest thing the page paints: fetched ahead of the scripts. */}
      <img className="presta-loan-status-picture" src={statusPictureUrl(status)} alt={imageAlt} width={168} height={136} fetchPriority="high" />
      {/* Announced when a refresh brings a new status. */}
      <div aria-live="polite" aria-atomic="true">
        <h1 className="presta-loan-status-title">{title}</h1>
        {description ? <p className="presta-loan-status-description">{description}</p> : null}
      </div>
      {note ? (
        <p className="presta-loan-status-note">
          <span className="presta-loan-status-pulse" aria-hidden="true" />
          {note}
        </p>
      ) : null}
    </section>
  );
}

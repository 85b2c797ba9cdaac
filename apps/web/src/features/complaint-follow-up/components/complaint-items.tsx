import { Link } from 'wouter';
import type { ComplaintListItem } from '../api/complaint-list';
import './complaint-items.css';

export type ComplaintItemsProps = {
  items: ComplaintListItem[];
  /** The detail page address of an item (with the session). */
  hrefOf: (item: ComplaintListItem) => string;
  /** The visible complaint number, e.g. "N.º 41". */
  numberLabel: (id: string) => string;
};

/** The complaints of one tab, newest first: each a link to its detail with type, time, content (2 lines) and number. */
export function ComplaintItems({ items, hrefOf, numberLabel }: ComplaintItemsProps) {
  return (
    <ul className="presta-complaint-items">
      {items.map((item) => (
        <li key={item.id}>
          <Link to={hrefOf(item)} className="presta-complaint-item">
            <span className="presta-complaint-item-head">
              <span className="presta-complaint-item-type">{item.type}</span>
              <span className="presta-complaint-item-time">{item.time}</span>
            </span>
            <span className="presta-complaint-item-content">{item.content}</span>
            <span className="presta-complaint-item-foot">
              <span className="presta-complaint-item-number">{numberLabel(item.id)}</span>
              <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
                <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export type EmptyStateProps = {
  title: string;
  text: string;
  /** An optional way on, e.g. a link to file a complaint. */
  action?: { label: string; href: string };
};

/** A friendly note where a tab (or the whole list) has no complaints. */
export function EmptyState({ title, text, action }: EmptyStateProps) {
  return (
    <div className="presta-complaint-empty">
      <svg viewBox="0 0 72 72" width="72" height="72" aria-hidden="true" focusable="false">
        <circle cx="36" cy="36" r="34" fill="#FFE3EF" />
        <rect x="22" y="18" width="28" height="36" rx="4" fill="#fff" stroke="#D6136A" strokeWidth="2.5" />
        <path d="M28 29h16M28 36h16M28 43h10" stroke="#FF2A84" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
      <p className="presta-complaint-empty-title">{title}</p>
      <p className="presta-complaint-empty-text">{text}</p>
      {action ? (
        <Link to={action.href} className="presta-page-link-button">
          {action.label}
        </Link>
      ) : null}
    </div>
  );
}

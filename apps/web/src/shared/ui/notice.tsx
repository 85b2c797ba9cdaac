import type { ReactNode } from 'react';
import { withUnbreakableAmounts } from './amount-text';
import './notice.css';

export type NoticeProps = {
  children: ReactNode;
  /** Names the note for assistive tech, e.g. "Aviso". */
  label?: string;
  className?: string;
};

/** An information box (server notices, reminders): an "i" mark and the text, in a soft yellow panel. */
export function Notice({ children, label, className }: NoticeProps) {
  return (
    <div className={['presta-notice', className].filter(Boolean).join(' ')} role="note" aria-label={label}>
      <svg className="presta-notice-icon" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
        <circle cx="10" cy="10" r="9" fill="#8A5A00" />
        <rect x="9" y="8.5" width="2" height="6" rx="1" fill="#fff" />
        <circle cx="10" cy="5.8" r="1.2" fill="#fff" />
      </svg>
      <div className="presta-notice-text">{typeof children === 'string' ? withUnbreakableAmounts(children) : children}</div>
    </div>
  );
}

import { PrimaryButton } from '@/shared/ui/primary-button';
import './load-failure.css';

export type LoadFailureProps = {
  title: string;
  text: string;
  /** The button: a retry, or another way on (e.g. back to the previous page). Omit for none. */
  actionLabel?: string;
  onAction?: () => void;
  /** Heading level of the title: 1 when the failure is the whole page (default), 2 inside a page. */
  level?: 1 | 2;
};

/**
 * The failure state of a page (or a part of one) whose data did not load or
 * cannot load, with an optional button.
 */
export function LoadFailure({ title, text, actionLabel, onAction, level = 1 }: LoadFailureProps) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div className={['presta-load-failure', level === 2 ? 'presta-load-failure-inline' : ''].filter(Boolean).join(' ')} role="alert">
      <svg className="presta-load-failure-icon" viewBox="0 0 64 64" width="64" height="64" aria-hidden="true" focusable="false">
        <circle cx="32" cy="32" r="30" fill="#FFE3EF" />
        <path d="M18 38a15 15 0 0 1 28 0" fill="none" stroke="#D6136A" strokeWidth="4" strokeLinecap="round" />
        <circle cx="24" cy="26" r="3" fill="#1F1F2E" />
        <circle cx="40" cy="26" r="3" fill="#1F1F2E" />
      </svg>
      <Heading className="presta-load-failure-title">{title}</Heading>
      <p className="presta-load-failure-text">{text}</p>
      {actionLabel && onAction ? (
        <PrimaryButton block={false} className="presta-load-failure-button" onClick={onAction}>
          {actionLabel}
        </PrimaryButton>
      ) : null}
    </div>
  );
}

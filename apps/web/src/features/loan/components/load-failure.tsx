import Button from 'antd-mobile/es/components/button';
import './load-failure.css';

export type LoadFailureProps = {
  title: string;
  text: string;
  /** Omit to show the notice without a retry (nothing to retry with). */
  retryLabel?: string;
  onRetry?: () => void;
};

/** The failure state of a page whose data did not load, with a retry button. */
export function LoadFailure({ title, text, retryLabel, onRetry }: LoadFailureProps) {
  return (
    <div className="presta-loan-failure" role="alert">
      <svg className="presta-loan-failure-icon" viewBox="0 0 64 64" width="64" height="64" aria-hidden="true" focusable="false">
        <circle cx="32" cy="32" r="30" fill="#FFE3EF" />
        <path d="M18 38a15 15 0 0 1 28 0" fill="none" stroke="#D6136A" strokeWidth="4" strokeLinecap="round" />
        <circle cx="24" cy="26" r="3" fill="#1F1F2E" />
        <circle cx="40" cy="26" r="3" fill="#1F1F2E" />
      </svg>
      <h1 className="presta-loan-failure-title">{title}</h1>
      <p className="presta-loan-failure-text">{text}</p>
      {retryLabel && onRetry ? (
        <Button className="presta-loan-button presta-loan-button-primary" color="primary" onClick={onRetry}>
          {retryLabel}
        </Button>
      ) : null}
    </div>
  );
}

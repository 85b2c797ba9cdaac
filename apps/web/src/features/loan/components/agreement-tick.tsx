import { useId } from 'react';
import './agreement-tick.css';

export type AgreementTickProps = {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Text before the link, e.g. "I have read and accept the". */
  prefix: string;
  linkText: string;
  /** The contract (loan agreement) address. */
  href: string;
};

/**
 * The agreement tick box with a link to the contract. A native checkbox (so it
 * is focusable and announced), drawn as a round pink tick; the link is outside
 * the label so following it never toggles the box.
 */
export function AgreementTick({ checked, onChange, prefix, linkText, href }: AgreementTickProps) {
  const id = useId();
  return (
    <div className="presta-loan-agreement">
      <span className="presta-loan-agreement-box">
        <input
          id={id}
          type="checkbox"
          className="presta-loan-agreement-input"
          aria-labelledby={`${id}-text`}
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
        />
        <svg className="presta-loan-agreement-mark" viewBox="0 0 22 22" width="22" height="22" aria-hidden="true" focusable="false">
          <circle cx="11" cy="11" r="10" />
          <path d="M6.5 11.5l3 3 6-6.5" />
        </svg>
      </span>
      <p id={`${id}-text`} className="presta-loan-agreement-text">
        <label htmlFor={id}>{prefix}</label>{' '}
        <a href={href} className="presta-loan-agreement-link">
          {linkText}
        </a>
      </p>
    </div>
  );
}

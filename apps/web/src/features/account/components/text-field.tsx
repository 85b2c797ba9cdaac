import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import './account-forms.css';

export type TextFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Shown under the label (e.g. "we sent you a code"). */
  hint?: string;
  /** The field's problem, announced and tied to the input. */
  error?: string;
  /** Beside the input (a button, a picture). */
  aside?: ReactNode;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id' | 'className'>;

/** A labelled text input of the account forms, with its hint and its problem. */
export function TextField({ label, value, onChange, hint, error, aside, ...input }: TextFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="presta-account-field">
      <label htmlFor={id} className="presta-account-label">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="presta-account-hint">
          {hint}
        </p>
      ) : null}
      <div className="presta-account-field-row">
        <input
          id={id}
          className="presta-account-input"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
          {...input}
        />
        {aside}
      </div>
      {error ? (
        <p id={errorId} className="presta-account-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

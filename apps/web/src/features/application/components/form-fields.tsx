import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import './application-forms.css';

type FieldFrame = {
  label: string;
  /** Under the label: what to type (e.g. "18 characters, as on your INE"). */
  hint?: string;
  /** The field's problem (a validator's hint or the server's), announced and tied to the input. */
  error?: string;
};

/** The ids that tie a field's hint and problem to its input (aria-describedby). */
function useFieldIds(hint: string | undefined, error: string | undefined) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return { id, hintId, errorId, describedBy: [hintId, errorId].filter(Boolean).join(' ') || undefined };
}

function FieldHelp({ hint, hintId, error, errorId }: { hint?: string; hintId?: string; error?: string; errorId?: string }) {
  return (
    <>
      {hint ? (
        <p id={hintId} className="presta-application-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="presta-application-error">
          {error}
        </p>
      ) : null}
    </>
  );
}

export type TextFieldProps = FieldFrame & {
  value: string;
  onChange: (value: string) => void;
  /** Before the input (a currency sign). */
  prefix?: ReactNode;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id' | 'className' | 'prefix'>;

/** A labelled input of the application's forms, with its hint and its problem. */
export function TextField({ label, hint, error, value, onChange, prefix, ...input }: TextFieldProps) {
  const ids = useFieldIds(hint, error);
  return (
    <div className="presta-application-field">
      <label htmlFor={ids.id} className="presta-application-label">
        {label}
      </label>
      <div className="presta-application-input-row">
        {prefix ? (
          <span className="presta-application-prefix" aria-hidden="true">
            {prefix}
          </span>
        ) : null}
        <input
          id={ids.id}
          className="presta-application-input"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          {...input}
        />
      </div>
      <FieldHelp hint={hint} hintId={ids.hintId} error={error} errorId={ids.errorId} />
    </div>
  );
}

export type SelectFieldProps = FieldFrame & {
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  /** The first, empty option ("Choose…"). */
  placeholder: string;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange' | 'id' | 'className'>;

/** A labelled native select (the phone's own picker), with an empty first option. */
export function SelectField({ label, hint, error, value, onChange, options, placeholder, ...select }: SelectFieldProps) {
  const ids = useFieldIds(hint, error);
  return (
    <div className="presta-application-field">
      <label htmlFor={ids.id} className="presta-application-label">
        {label}
      </label>
      <select
        id={ids.id}
        className="presta-application-input presta-application-select"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        {...select}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldHelp hint={hint} hintId={ids.hintId} error={error} errorId={ids.errorId} />
    </div>
  );
}

export type ChoiceFieldProps = FieldFrame & {
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  onBlur?: () => void;
};

/** A group of radio buttons in a fieldset whose legend is the label. */
export function ChoiceField({ label, hint, error, value, onChange, options, onBlur }: ChoiceFieldProps) {
  const ids = useFieldIds(hint, error);
  return (
    <fieldset className="presta-application-choice" aria-describedby={ids.describedBy} aria-invalid={error ? true : undefined}>
      <legend className="presta-application-label">{label}</legend>
      <div className="presta-application-choice-options">
        {options.map((option) => (
          <label key={option.value} className="presta-application-choice-option">
            <input type="radio" name={ids.id} value={option.value} checked={value === option.value} onChange={() => onChange(option.value)} onBlur={onBlur} />
            {option.label}
          </label>
        ))}
      </div>
      <FieldHelp hint={hint} hintId={ids.hintId} error={error} errorId={ids.errorId} />
    </fieldset>
  );
}

export type CheckboxFieldProps = {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: string;
  error?: string;
  onBlur?: () => void;
};

/** A checkbox with its label beside it, its hint and its problem tied to it. */
export function CheckboxField({ label, checked, onChange, hint, error, onBlur }: CheckboxFieldProps) {
  const ids = useFieldIds(hint, error);
  return (
    <div className="presta-application-field">
      <label className="presta-application-check" htmlFor={ids.id}>
        <input
          id={ids.id}
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
        />
        <span>{label}</span>
      </label>
      <FieldHelp hint={hint} hintId={ids.hintId} error={error} errorId={ids.errorId} />
    </div>
  );
}

import { useId } from 'react';
import './account-forms.css';

export type RangeFieldProps = {
  label: string;
  value: number;
  /** The value as read (e.g. "$5.000,00"). */
  valueText: string;
  min: number;
  max: number;
  step: number;
  onChange: (value: number) => void;
};

/** A labelled slider with its value written beside the label. */
export function RangeField({ label, value, valueText, min, max, step, onChange }: RangeFieldProps) {
  const id = useId();
  return (
    <div className="presta-account-field">
      <div className="presta-account-field-row presta-account-range-row">
        <label htmlFor={id} className="presta-account-label">
          {label}
        </label>
        <output htmlFor={id} className="presta-account-label">
          {valueText}
        </output>
      </div>
      <input
        id={id}
        className="presta-account-range"
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        aria-valuetext={valueText}
        onChange={(event) => onChange(Number(event.target.value))}
      />
    </div>
  );
}

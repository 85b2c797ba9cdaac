import { useId, type FocusEvent } from 'react';
import { monthNames } from '@/shared/format/calendar-day';
import { useMessages } from '@/shared/i18n/use-messages';
import { applicationMessages } from '../messages';
import { joinMonth, splitMonth } from '../utils/months';
import './application-forms.css';

export type MonthFieldProps = {
  label: string;
  hint?: string;
  error?: string;
  /** 'YYYY-MM', a half-chosen 'YYYY-' or '-MM', or ''. */
  value: string;
  onChange: (value: string) => void;
  /** Focus left the whole field (both selects). */
  onBlur?: () => void;
  /** The years offered, newest first: from this year's down to `firstYear`. */
  lastYear: number;
  firstYear: number;
};

/**
 * A month and a year as two native selects in a fieldset whose legend is the label: the phone's own picker,
 * light on a cheap phone, keyboard-complete, and read out as "Month" and "Year" of the question.
 */
export function MonthField({ label, hint, error, value, onChange, onBlur, lastYear, firstYear }: MonthFieldProps) {
  const { t, lang } = useMessages(applicationMessages);
  const id = useId();
  const { year, month } = splitMonth(value);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const years = Array.from({ length: Math.max(lastYear - firstYear + 1, 1) }, (_, i) => String(lastYear - i));
  const left = (event: FocusEvent<HTMLFieldSetElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) onBlur?.();
  };
  const invalid = error ? true : undefined;
  return (
    <fieldset className="presta-application-choice" aria-describedby={describedBy} aria-invalid={invalid} onBlur={left}>
      <legend className="presta-application-label">{label}</legend>
      <div className="presta-application-month">
        <div className="presta-application-month-part">
          <label htmlFor={`${id}-month`} className="presta-application-month-label">
            {t('monthLabel')}
          </label>
          <select
            id={`${id}-month`}
            className="presta-application-input presta-application-select"
            value={month}
            onChange={(event) => onChange(joinMonth(year, event.target.value))}
            aria-invalid={invalid}
            aria-describedby={describedBy}
          >
            <option value="">{t('monthChoose')}</option>
            {monthNames(lang).map((name, i) => (
              <option key={name} value={String(i + 1).padStart(2, '0')}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className="presta-application-month-part">
          <label htmlFor={`${id}-year`} className="presta-application-month-label">
            {t('yearLabel')}
          </label>
          <select
            id={`${id}-year`}
            className="presta-application-input presta-application-select"
            value={year}
            onChange={(event) => onChange(joinMonth(event.target.value, month))}
            aria-invalid={invalid}
            aria-describedby={describedBy}
          >
            <option value="">{t('yearChoose')}</option>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </div>
      </div>
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
    </fieldset>
  );
}

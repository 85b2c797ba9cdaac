import { useState } from 'react';
import { useMessages } from '@/shared/i18n/use-messages';
import { applicationMessages } from '../messages';
import { TextField } from './form-fields';

export type AadhaarFieldProps = {
  /** The digits typed (held in memory only: never in storage, the address or a save as typed). */
  value: string;
  onChange: (digits: string) => void;
  onBlur: () => void;
  /** The number verified before, masked ('XXXX XXXX 1234'); '' when none. */
  onFile: string;
  error?: string;
};

const grouped = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

/**
 * India's Aadhaar number: grouped by four while typed, masked to its last four once the field is left (a
 * phone shown to someone else shows no number). Not given a name or autocomplete, so no browser keeps it.
 */
export function AadhaarField({ value, onChange, onBlur, onFile, error }: AadhaarFieldProps) {
  const { t } = useMessages(applicationMessages);
  const [editing, setEditing] = useState(false);
  const masked = value ? `XXXX XXXX ${value.slice(-4)}`.slice(0, 14) : '';
  return (
    <TextField
      label={t('aadhaar')}
      hint={onFile ? `${t('aadhaarHint')} ${t('aadhaarOnFile', { masked: onFile })}` : t('aadhaarHint')}
      inputMode="numeric"
      autoComplete="off"
      spellCheck={false}
      maxLength={14}
      value={editing ? grouped(value) : masked}
      onFocus={() => setEditing(true)}
      onBlur={() => {
        setEditing(false);
        onBlur();
      }}
      onChange={(typed) => onChange(typed.replace(/\D/g, '').slice(0, 12))}
      error={error}
    />
  );
}

import { MONTHLY_AMOUNT_MAX } from '@presta/contract/application-rules';

/**
 * Monthly amounts are typed in the market's major unit (pesos, rupees) and sent in minor units. A separator
 * followed by one or two digits at the end is the decimal one ("12500,50", "12500.5"); any other separator
 * groups thousands ("12.500", "1,25,000"). Null: not an amount; '' is "not typed yet".
 */
export function minorFromTyped(typed: string): number | null | '' {
  const text = typed.replace(/\s/g, '');
  if (text === '') return '';
  if (!/^\d[\d.,]*$/.test(text)) return null;
  const decimal = /[.,](\d{1,2})$/.exec(text);
  const whole = (decimal ? text.slice(0, decimal.index) : text).replace(/[.,]/g, '');
  const cents = decimal ? decimal[1]!.padEnd(2, '0') : '00';
  const minor = Number(whole) * 100 + Number(cents);
  return Number.isSafeInteger(minor) ? minor : null;
}

/** A saved amount as the borrower would type it again: whole units, or with cents after a point. */
export function typedFromMinor(minor: number | null): string {
  if (minor === null) return '';
  const cents = minor % 100;
  return cents === 0 ? String(minor / 100) : `${Math.floor(minor / 100)}.${String(cents).padStart(2, '0')}`;
}

/** Why a typed amount cannot be sent: 'amountInvalid' or 'amountTooLarge'; null when it can ('' included). */
export function amountProblem(typed: string): 'amountInvalid' | 'amountTooLarge' | null {
  const minor = minorFromTyped(typed);
  if (minor === null) return 'amountInvalid';
  return minor !== '' && minor > MONTHLY_AMOUNT_MAX ? 'amountTooLarge' : null;
}

/** The amount as the contract takes it: minor units as digits, '' when not typed or not an amount. */
export function amountField(typed: string): string {
  const minor = minorFromTyped(typed);
  return minor === null || minor === '' || minor > MONTHLY_AMOUNT_MAX ? '' : String(minor);
}

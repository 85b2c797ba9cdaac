import { normalizeIdentityNumber, normalizeName } from './normalize';

/*
 * PAN (Permanent Account Number, India's Income Tax Department): 10 characters, AAAPL1234C. Letters 1–3 a series,
 * the 4th the holder's kind (P: a person; C company, H HUF, F firm, A AOP, B BOI, G government, J artificial
 * juridical person, L local authority, T trust), the 5th the initial of a person's surname, 4 digits, a letter.
 */

export type PanFault = 'format' | 'notPerson' | 'name';

const PAN_FORMAT = /^[A-Z]{5}\d{4}[A-Z]$/;

/** The surname's initial: the first letter of the name's last word (a single-word name: its first letter). */
function surnameInitial(fullName: string): string {
  const words = normalizeName(fullName).replace(/[^A-Z ]/g, ' ').split(' ').filter(Boolean);
  return words.at(-1)?.[0] ?? '';
}

/** null when the PAN is well formed, a person's, and (given the name as on the card) its 5th letter is the surname's initial. */
export function checkPan(pan: string, fullName?: string): PanFault | null {
  const p = normalizeIdentityNumber(pan);
  if (!PAN_FORMAT.test(p)) return 'format';
  if (p[3] !== 'P') return 'notPerson';
  if (fullName !== undefined && p[4] !== surnameInitial(fullName)) return 'name';
  return null;
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A well-formed person's PAN for the name (test data, the demo); the seed picks the series, digits and last letter. */
export function panFor(fullName: string, seed = 0): string {
  const n = Math.abs(Math.trunc(seed));
  const series = [0, 1, 2].map((i) => LETTERS[Math.floor(n / 26 ** i) % 26]).join('');
  const digits = String((n % 9999) + 1).padStart(4, '0');
  return `${series}P${surnameInitial(fullName) || 'X'}${digits}${LETTERS[(n * 7 + 3) % 26]}`;
}

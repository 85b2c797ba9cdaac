import type { CurpPerson } from './curp';
import { curpNameLetters } from './curp';
import { isCalendarDate, normalizeIdentityNumber, normalizeName } from './normalize';

/*
 * RFC (Registro Federal de Contribuyentes) of a persona física, 13 characters, by SAT's "Algoritmo para generar el
 * RFC con homoclave para personas físicas y morales" (INFOMEX request 0610100135506): 4 letters from the names,
 * birth date YYMMDD, a 2-character homoclave SAT assigns against homonyms, and a check digit (0–9 or A).
 * The homoclave is not checked: SAT computes it from the name as registered and assigns another on a collision.
 */

export type RfcFault = 'format' | 'checkDigit' | 'names' | 'birthDate';

const RFC_FORMAT = /^[A-ZÑ&]{4}\d{6}[A-Z0-9]{2}[0-9A]$/;

/** SAT's Anexo 3: a character's value for the check digit (& after N, space and Ñ last). */
const CHECK_ALPHABET = '0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ Ñ';

/** The 12 characters weighted 13 down to 2, summed; 11 − sum mod 11, where 11 is written 0 and 10 is written A. */
export function rfcCheckDigit(first12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += CHECK_ALPHABET.indexOf(first12[i] ?? '') * (13 - i);
  const digit = (11 - (sum % 11)) % 11;
  return digit === 10 ? 'A' : String(digit);
}

/** SAT's Anexo IV: an inconvenient word's last letter becomes X. */
const INCONVENIENT = new Set(
  ('BUEI BUEY CACA CACO CAGA CAGO CAKA CAKO COGE COJA COJE COJI COJO CULO FETO GUEY JOTO KACA KACO KAGA KAGO KOGE ' +
    'KOJO KAKA KULO MAME MAMO MEAR MEAS MEON MION MOCO MULA PEDA PEDO PENE PUTA PUTO QULO RATA RUIN').split(' '),
);

/** The 4 letters as SAT forms them: like CURP's, but a short or missing surname takes letters from the given name. */
function rfcLetters(person: CurpPerson): string {
  const [curpLetters = ''] = curpNameLetters(person);
  const first = normalizeName(person.firstSurname).replace(/[^A-ZÑ ]/g, '');
  const given = curpLetters.slice(3, 4);
  const givenWord = normalizeName(person.givenNames).split(' ').find((w) => w.startsWith(given)) ?? given;
  let letters: string;
  if (!normalizeName(person.secondSurname)) letters = first.slice(0, 2) + givenWord.slice(0, 2);
  else if (first.length <= 2) letters = first.slice(0, 1) + curpLetters.slice(2, 3) + givenWord.slice(0, 2);
  else letters = curpLetters;
  letters = letters.padEnd(4, 'X');
  return INCONVENIENT.has(letters) ? letters.slice(0, 3) + 'X' : letters;
}

/** An RFC's date has no century: it agrees with a birth date of either. */
function rfcDateValid(rfc: string): boolean {
  const [yy, mm, dd] = [rfc.slice(4, 6), rfc.slice(6, 8), rfc.slice(8, 10)];
  return isCalendarDate(`19${yy}-${mm}-${dd}`) || isCalendarDate(`20${yy}-${mm}-${dd}`);
}

/** Ñ and X are one letter for the comparison: RENAPO writes X where SAT may keep Ñ. */
const sameLetters = (a: string, b: string) => a.replace(/Ñ/g, 'X') === b.replace(/Ñ/g, 'X');

/** null when the RFC (13 characters) is well formed, its check digit right and (given the person) it agrees with them. */
export function checkRfc(rfc: string, person?: CurpPerson): RfcFault | null {
  const r = normalizeIdentityNumber(rfc);
  if (!RFC_FORMAT.test(r) || !rfcDateValid(r)) return 'format';
  if (rfcCheckDigit(r.slice(0, 12)) !== r[12]) return 'checkDigit';
  if (!person) return null;
  if (r.slice(4, 10) !== person.birthDate.slice(2).replace(/-/g, '')) return 'birthDate';
  // SAT's own letters or any reading of CURP's (many RFCs were issued from the CURP).
  const letters = r.slice(0, 4);
  const accepted = [rfcLetters(person), ...curpNameLetters(person)];
  return accepted.some((a) => sameLetters(letters, a)) ? null : 'names';
}

/** Anexo 1: a character's two-digit value for the homoclave. */
function homoclaveValue(c: string): string {
  if (c === ' ') return '00';
  if (/\d/.test(c)) return `0${c}`;
  if (c === '&') return '10';
  if (c === 'Ñ') return '40';
  const i = c.charCodeAt(0) - 65;
  if (i <= 8) return String(11 + i);
  if (i <= 17) return String(21 + i - 9);
  return String(32 + i - 18);
}

/** Anexo 2: the homoclave's characters (no O: it reads as zero). */
const HOMOCLAVE_ALPHABET = '123456789ABCDEFGHIJKLMNPQRSTUVWXYZ';

/** SAT's homoclave of a full name "FIRST SECOND GIVEN": pairs of the values' digits times the pair's second digit. */
export function rfcHomoclave(person: Pick<CurpPerson, 'firstSurname' | 'secondSurname' | 'givenNames'>): string {
  const full = normalizeName(`${person.firstSurname} ${person.secondSurname} ${person.givenNames}`).replace(/[^A-ZÑ& ]/g, '').replace(/\s+/g, ' ').trim();
  const digits = '0' + [...full].map(homoclaveValue).join('');
  let sum = 0;
  for (let i = 0; i < digits.length - 1; i++) sum += Number(digits.slice(i, i + 2)) * Number(digits[i + 1]);
  const last3 = sum % 1000;
  return HOMOCLAVE_ALPHABET.charAt(Math.floor(last3 / 34)) + HOMOCLAVE_ALPHABET.charAt(last3 % 34);
}

/** A valid RFC for the person (test data, the demo); without a homoclave, SAT's for the name. */
export function rfcFor(person: CurpPerson, homoclave?: string): string {
  const first12 = `${rfcLetters(person)}${person.birthDate.replace(/-/g, '').slice(2)}${homoclave ?? rfcHomoclave(person)}`;
  return first12 + rfcCheckDigit(first12);
}

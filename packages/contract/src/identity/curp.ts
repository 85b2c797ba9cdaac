import { mxStates } from '../application-rules';
import { isCalendarDate, normalizeIdentityNumber, normalizeName } from './normalize';

/*
 * CURP (Clave Única de Registro de Población), by RENAPO's "Instructivo normativo para la asignación de la CURP":
 * 4 letters from the names, birth date YYMMDD, sex, state of birth, the first inner consonants of the names, a
 * character against homonyms (a digit for births before 2000, a letter from 2000) and a check digit.
 * docs/identity-verification.md gives the rules and their sources.
 */

export type CurpPerson = {
  givenNames: string;
  firstSurname: string;
  secondSurname: string;
  /** YYYY-MM-DD */
  birthDate: string;
  /** H (hombre), M (mujer) or X (no binario), as CURP writes it. */
  sex: string;
  /** mxStates' code; NE: born abroad. */
  birthState: string;
};

export type CurpFault = 'format' | 'checkDigit' | 'names' | 'birthDate' | 'sex' | 'state';

const STATE_CODES = Object.keys(mxStates).join('|');
const CURP_FORMAT = new RegExp(`^[A-Z][AEIOUX][A-Z]{2}\\d{6}[HMX](${STATE_CODES})[B-DF-HJ-NP-TV-Z]{3}[0-9A-Z]\\d$`);

/** The check digit's alphabet: a character's value is its index (Ñ between N and O, as RENAPO counts). */
const CHECK_ALPHABET = '0123456789ABCDEFGHIJKLMNÑOPQRSTUVWXYZ';

/** Position 18: the 17 characters weighted 18 down to 2, summed; (10 − sum mod 10) mod 10. */
export function curpCheckDigit(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += CHECK_ALPHABET.indexOf(first17[i] ?? '') * (18 - i);
  return String((10 - (sum % 10)) % 10);
}

/** Words RENAPO's names skip in a compound name or surname (Instructivo, criterios de excepción). */
const PARTICLES = new Set(['DA', 'DAS', 'DE', 'DEL', 'DER', 'DI', 'DIE', 'DD', 'EL', 'LA', 'LOS', 'LAS', 'LE', 'LES', 'MAC', 'MC', 'VAN', 'VON', 'Y']);
/** First given names skipped when a second follows (MARIA LUISA → L). */
const COMMON_GIVEN = new Set(['MARIA', 'MA', 'M', 'JOSE', 'J']);
/** The Instructivo's Anexo 2 ("palabras altisonantes"): the second letter becomes X. */
const INCONVENIENT = new Set(
  ('BACA BAKA BUEI BUEY CACA CACO CAGA CAGO CAKA CAKO COGE COGI COJA COJE COJI COJO COLA CULO FALO FETO GETA GUEI GUEY ' +
    'JETA JOTO KACA KACO KAGA KAGO KAKA KAKO KOGE KOGI KOJA KOJE KOJI KOJO KOLA KULO LILO LOCA LOCO LOKA LOKO MAME MAMO ' +
    'MEAR MEAS MEON MIAR MION MOCO MOKO MULA MULO NACA NACO PEDA PEDO PENE PIPI PITO POPO PUTA PUTO QULO RATA ROBA ROBE ' +
    'ROBO RUIN SENO TETA VACA VAGA VAGO VAKA VUEI VUEY WUEI WUEY').split(' '),
);

/**
 * How a name is read. RENAPO's own records differ on a few points (a special character read as X or skipped, a
 * particle or MARIA/JOSE kept in older records), so the check accepts any of these readings; curpFor uses the first.
 */
type Reading = { specialAsX: boolean; skipParticles: boolean; skipCommonGiven: boolean };
const CURP_READING: Reading = { specialAsX: true, skipParticles: true, skipCommonGiven: true };
const READINGS: Reading[] = [true, false].flatMap((specialAsX) =>
  [true, false].flatMap((skipParticles) => [true, false].map((skipCommonGiven) => ({ specialAsX, skipParticles, skipCommonGiven }))),
);

/** The word of a name or surname that gives its letters: the first, after the particles. */
function keyWord(name: string, reading: Reading): string {
  let words = normalizeName(name).split(' ').filter(Boolean);
  if (!reading.specialAsX) words = words.map((w) => w.replace(/[/\-.'&]/g, '')).filter(Boolean);
  if (reading.skipParticles && words.some((w) => !PARTICLES.has(w))) words = words.filter((w) => !PARTICLES.has(w));
  return words[0] ?? '';
}

function givenKeyWord(givenNames: string, reading: Reading): string {
  let words = normalizeName(givenNames).split(' ').filter(Boolean);
  if (reading.skipParticles && words.some((w) => !PARTICLES.has(w))) words = words.filter((w) => !PARTICLES.has(w));
  if (reading.skipCommonGiven && words.length > 1 && COMMON_GIVEN.has((words[0] ?? '').replace(/\./g, ''))) words = words.slice(1);
  return keyWord(words.join(' '), { ...reading, skipParticles: false });
}

const VOWELS = 'AEIOU';
const isLetter = (c: string) => /^[A-Z]$/.test(c);

/** A word's first letter; Ñ and special characters are written X, no word at all too. */
function initial(word: string): string {
  const c = word[0] ?? 'X';
  return isLetter(c) ? c : 'X';
}

/** The first character after the first that `wanted` accepts; a special character or none found: X. */
function firstInner(word: string, wanted: (c: string) => boolean): string {
  for (const c of word.slice(1)) {
    if (wanted(c)) return c === 'Ñ' ? 'X' : c;
    if (!isLetter(c) && c !== 'Ñ') return 'X';
  }
  return 'X';
}
const innerVowel = (w: string) => firstInner(w, (c) => VOWELS.includes(c));
const innerConsonant = (w: string) => firstInner(w, (c) => c === 'Ñ' || (isLetter(c) && !VOWELS.includes(c)));

/** Positions 1–4 and 14–16 of one reading of the names. */
function nameCode(person: Pick<CurpPerson, 'givenNames' | 'firstSurname' | 'secondSurname'>, reading: Reading): { letters: string; consonants: string } {
  const first = keyWord(person.firstSurname, reading);
  const second = keyWord(person.secondSurname, reading);
  const given = givenKeyWord(person.givenNames, reading);
  let letters = initial(first) + innerVowel(first) + (second ? initial(second) : 'X') + initial(given);
  if (INCONVENIENT.has(letters)) letters = letters[0] + 'X' + letters.slice(2);
  const consonants = innerConsonant(first) + (second ? innerConsonant(second) : 'X') + innerConsonant(given);
  return { letters, consonants };
}

/** Positions 1–4 under every reading RENAPO's records use (the first is curpFor's); the RFC check reuses them. */
export function curpNameLetters(person: Pick<CurpPerson, 'givenNames' | 'firstSurname' | 'secondSurname'>): string[] {
  return READINGS.map((r) => nameCode(person, r).letters);
}

/** The CURP's birth date: its century from position 17 (a digit: 1900s; a letter: 2000s). */
function curpBirthDate(curp: string): string {
  const century = /\d/.test(curp[16] ?? '') ? '19' : '20';
  return `${century}${curp.slice(4, 6)}-${curp.slice(6, 8)}-${curp.slice(8, 10)}`;
}

/** null when the CURP is well formed, its check digit right and (given the person) it agrees with them. */
export function checkCurp(curp: string, person?: CurpPerson): CurpFault | null {
  const c = normalizeIdentityNumber(curp);
  if (!CURP_FORMAT.test(c) || !isCalendarDate(curpBirthDate(c))) return 'format';
  if (curpCheckDigit(c.slice(0, 17)) !== c[17]) return 'checkDigit';
  if (!person) return null;
  if (curpBirthDate(c) !== person.birthDate) return 'birthDate';
  if (c[10] !== person.sex.toUpperCase()) return 'sex';
  if (c.slice(11, 13) !== person.birthState.toUpperCase()) return 'state';
  const codes = READINGS.map((r) => nameCode(person, r));
  if (!codes.some((k) => k.letters === c.slice(0, 4)) || !codes.some((k) => k.consonants === c.slice(13, 16))) return 'names';
  return null;
}

/** A valid CURP for the person (test data, the demo); homoclave: position 17, by default 0 before 2000 and A from 2000. */
export function curpFor(person: CurpPerson, homoclave?: string): string {
  const { letters, consonants } = nameCode(person, CURP_READING);
  const date = person.birthDate.replace(/-/g, '');
  const h = homoclave ?? (Number(date.slice(0, 4)) < 2000 ? '0' : 'A');
  const first17 = `${letters}${date.slice(2)}${person.sex.toUpperCase()}${person.birthState.toUpperCase()}${consonants}${h}`;
  return first17 + curpCheckDigit(first17);
}

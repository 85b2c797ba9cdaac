import { APPLICANT_MAX_AGE, APPLICANT_MIN_AGE } from '@presta/contract/application-rules';
import { checkAadhaar } from '@presta/contract/identity/aadhaar';
import { checkCurp, type CurpPerson } from '@presta/contract/identity/curp';
import { ageOn, isCalendarDate, normalizeIdentityNumber } from '@presta/contract/identity/normalize';
import { checkPan } from '@presta/contract/identity/pan';
import { checkRfc } from '@presta/contract/identity/rfc';
import type { MarketCode } from '@presta/contract/markets';
import { requiredHints, type Hint, type Hints } from './hints';

/** The identity step's fields, as typed (the Aadhaar number lives only here, in memory, until it is sent). */
export type IdentityValues = {
  market: MarketCode;
  givenNames: string;
  firstSurname: string;
  secondSurname: string;
  fullName: string;
  birthDate: string;
  sex: string;
  birthState: string;
  curp: string;
  rfc: string;
  pan: string;
  aadhaar: string;
  email: string;
  /** IN: 'IN' (an Indian national) or 'other'; '' not answered (Mexico does not ask). */
  nationality: string;
};

export type IdentityField = Exclude<keyof IdentityValues, 'market'>;
export type IdentityHints = Hints<IdentityField>;

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The fields the market asks for; RFC is optional, and so is the Aadhaar number once one is on file. */
export function identityFields(market: MarketCode): IdentityField[] {
  return market === 'MX'
    ? ['givenNames', 'firstSurname', 'secondSurname', 'birthDate', 'sex', 'birthState', 'curp', 'rfc', 'email']
    : ['fullName', 'birthDate', 'pan', 'aadhaar', 'email', 'nationality'];
}

function birthDateHint(birthDate: string, today: string): Hint | undefined {
  if (!isCalendarDate(birthDate)) return { key: 'birthDateInvalid' };
  const age = ageOn(birthDate, today);
  if (age < APPLICANT_MIN_AGE) return { key: 'tooYoung', vars: { min: APPLICANT_MIN_AGE } };
  if (age > APPLICANT_MAX_AGE) return { key: 'tooOld', vars: { max: APPLICANT_MAX_AGE } };
  return undefined;
}

function mexicoHints(v: IdentityValues): IdentityHints {
  const person: CurpPerson = {
    givenNames: v.givenNames,
    firstSurname: v.firstSurname,
    secondSurname: v.secondSurname,
    birthDate: v.birthDate,
    sex: v.sex,
    birthState: v.birthState,
  };
  // The CURP is compared with the person once the person is typed; before, only its own form is checked.
  const personTyped = Boolean(v.givenNames.trim() && v.firstSurname.trim() && isCalendarDate(v.birthDate) && v.sex && v.birthState);
  const curp = checkCurp(normalizeIdentityNumber(v.curp), personTyped ? person : undefined);
  const rfc = v.rfc.trim() ? checkRfc(normalizeIdentityNumber(v.rfc), personTyped ? person : undefined) : null;
  return {
    ...(curp ? { curp: { key: `curp_${curp}` as const } } : {}),
    ...(rfc ? { rfc: { key: `rfc_${rfc}` as const } } : {}),
  };
}

function indiaHints(v: IdentityValues, aadhaarOnFile: boolean): IdentityHints {
  const pan = checkPan(normalizeIdentityNumber(v.pan), v.fullName.trim() || undefined);
  const aadhaarTyped = v.aadhaar.replace(/\s/g, '');
  const aadhaar = aadhaarTyped || !aadhaarOnFile ? checkAadhaar(aadhaarTyped) : null;
  return {
    ...(pan ? { pan: { key: `pan_${pan}` as const } } : {}),
    ...(aadhaar ? { aadhaar: { key: `aadhaar_${aadhaar}` as const } } : {}),
  };
}

/**
 * The contract's validators run here for early hints, field by field (the server checks again at final=1 and
 * is the judge): an empty required field, the birth date and age, the identity numbers' form and agreement
 * with the person, the e-mail's form. `aadhaarOnFile`: a number was verified before, so an empty one keeps it.
 */
export function identityHints(v: IdentityValues, today: string, aadhaarOnFile: boolean): IdentityHints {
  const hints: IdentityHints = v.market === 'MX' ? mexicoHints(v) : indiaHints(v, aadhaarOnFile);
  const birth = birthDateHint(v.birthDate, today);
  if (birth) hints.birthDate = birth;
  if (!emailPattern.test(v.email.trim())) hints.email = { key: 'emailInvalid' };
  // RFC and the second surname may be empty (the server judges a missing one); so may a number on file.
  const required = identityFields(v.market).filter((f) => f !== 'rfc' && f !== 'secondSurname' && !(f === 'aadhaar' && aadhaarOnFile));
  return { ...hints, ...requiredHints(v, required) };
}

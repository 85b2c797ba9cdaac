import type { z } from 'zod';
import type { applicationAddress, applicationIdentity, applicationWork } from '@presta/contract/api/application';
import {
  APPLICANT_MAX_AGE,
  APPLICANT_MIN_AGE,
  inStates,
  MONTHLY_AMOUNT_MAX,
  mxStates,
  nationalities,
  occupationsWithEmployer,
} from '@presta/contract/application-rules';
import { checkAadhaar, type AadhaarFault } from '@presta/contract/identity/aadhaar';
import { checkCurp, type CurpFault, type CurpPerson } from '@presta/contract/identity/curp';
import { ageOn, isCalendarDate, normalizeIdentityNumber } from '@presta/contract/identity/normalize';
import { checkPan, type PanFault } from '@presta/contract/identity/pan';
import { checkRfc, type RfcFault } from '@presta/contract/identity/rfc';
import type { MarketCode } from '@presta/contract/markets';
import type { StepAnswers } from '../../db/schema';
import { badRequest } from '../../lib/app-error';
import type { MessageKey } from '../../i18n/messages';
import type { IdentityKeys } from './application-store';

/*
 * Each step's checks, per market (issue 34, docs/application.md "Steps"). final=0 keeps what was typed (draft*):
 * the contract has checked lengths, nothing else, and an Aadhaar number is never read. final=1 (check*) checks form
 * and consistency, refusing with one clear message (400) for the first fault; nothing is verified with a provider
 * here: that runs at submit. Identity numbers are read in capitals without spaces or dashes.
 */

export type IdentityInput = z.output<(typeof applicationIdentity)['request']>;
export type AddressInput = z.output<(typeof applicationAddress)['request']>;
export type WorkInput = z.output<(typeof applicationWork)['request']>;

const refuse = (key: MessageKey, vars?: Record<string, string | number>) => badRequest(key, vars);

// ---------------------------------------------------------------------------
// Identity
// ---------------------------------------------------------------------------

type IdentityAnswers = Record<
  'givenNames' | 'firstSurname' | 'secondSurname' | 'fullName' | 'birthDate' | 'sex' | 'birthState' | 'curp' | 'rfc' | 'pan' | 'email' | 'nationality',
  string
>;

/** The identity as typed (numbers in capitals without spaces; the nationality India's only); never the Aadhaar number. */
export function draftIdentity(input: IdentityInput): IdentityAnswers {
  return {
    givenNames: input.givenNames,
    firstSurname: input.firstSurname,
    secondSurname: input.secondSurname,
    fullName: input.fullName,
    birthDate: input.birthDate,
    sex: input.sex.toUpperCase(),
    birthState: input.birthState.toUpperCase(),
    curp: normalizeIdentityNumber(input.curp),
    rfc: normalizeIdentityNumber(input.rfc),
    pan: normalizeIdentityNumber(input.pan),
    email: input.email.toLowerCase(),
    nationality: input.market === 'IN' ? input.nationality : '',
  };
}

const curpFaults: Record<CurpFault, MessageKey> = {
  format: 'identityCurpFormat',
  checkDigit: 'identityCurpCheckDigit',
  names: 'identityCurpNames',
  birthDate: 'identityCurpBirthDate',
  sex: 'identityCurpSex',
  state: 'identityCurpState',
};
const rfcFaults: Record<RfcFault, MessageKey> = {
  format: 'identityRfcFormat',
  checkDigit: 'identityRfcCheckDigit',
  names: 'identityRfcNames',
  birthDate: 'identityRfcBirthDate',
};
const panFaults: Record<PanFault, MessageKey> = { format: 'identityPanFormat', notPerson: 'identityPanNotPerson', name: 'identityPanName' };
const aadhaarFaults: Record<AadhaarFault, MessageKey> = { format: 'identityAadhaarFormat', checkDigit: 'identityAadhaarCheckDigit' };

/** A name as the identity keys hold it: capitals, single spaces. */
export const nameKeyOf = (...parts: string[]) => parts.join(' ').trim().replace(/\s+/g, ' ').toUpperCase();

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** The birth date: a calendar date, and the applicant between the minimum and maximum age today. */
function checkBirthDate(birthDate: string, today: string): void {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(birthDate) || !isCalendarDate(birthDate) || birthDate > today) throw refuse('identityBirthDate');
  const age = ageOn(birthDate, today);
  if (age < APPLICANT_MIN_AGE) throw refuse('identityAgeMin', { min: APPLICANT_MIN_AGE });
  if (age > APPLICANT_MAX_AGE) throw refuse('identityAgeMax', { max: APPLICANT_MAX_AGE });
}

/**
 * A Mexican identity checked: names, birth date and age, sex, state of birth, the CURP against all of them, the RFC
 * (optional) against names and birth date, the e-mail. Answers the answers to keep and the identity keys.
 */
function checkMexicanIdentity(a: IdentityAnswers, today: string): IdentityKeys {
  if (a.givenNames === '') throw refuse('identityGivenNamesRequired');
  if (a.firstSurname === '') throw refuse('identityFirstSurnameRequired');
  checkBirthDate(a.birthDate, today);
  if (!['H', 'M', 'X'].includes(a.sex)) throw refuse('identitySex');
  if (!(a.birthState in mxStates)) throw refuse('identityBirthState');
  const person: CurpPerson = {
    givenNames: a.givenNames,
    firstSurname: a.firstSurname,
    secondSurname: a.secondSurname,
    birthDate: a.birthDate,
    sex: a.sex,
    birthState: a.birthState,
  };
  const curpFault = checkCurp(a.curp, person);
  if (curpFault) throw refuse(curpFaults[curpFault]);
  if (a.rfc !== '') {
    const rfcFault = checkRfc(a.rfc, person);
    if (rfcFault) throw refuse(rfcFaults[rfcFault]);
  }
  if (!EMAIL.test(a.email)) throw refuse('identityEmail');
  return { curp: a.curp, pan: null, birthDate: a.birthDate, nameKey: nameKeyOf(a.givenNames, a.firstSurname, a.secondSurname) };
}

/**
 * An Indian identity checked: the name as on the PAN (two words at least: the PAN's fifth letter is the surname's
 * initial), birth date and age, the PAN, the e-mail, the nationality ('IN' or 'other'). The Aadhaar is checked by checkAadhaarNumber.
 */
function checkIndianIdentity(a: IdentityAnswers, today: string): IdentityKeys {
  if (a.fullName.split(/\s+/).filter(Boolean).length < 2) throw refuse('identityFullNameRequired');
  checkBirthDate(a.birthDate, today);
  const panFault = checkPan(a.pan, a.fullName);
  if (panFault) throw refuse(panFaults[panFault]);
  if (!EMAIL.test(a.email)) throw refuse('identityEmail');
  // 'other' is kept: the policy declines it with its reason (not_national), which the borrower reads.
  if (!(nationalities as readonly string[]).includes(a.nationality)) throw refuse('identityNationalityRequired');
  return { curp: null, pan: a.pan, birthDate: a.birthDate, nameKey: nameKeyOf(a.fullName) };
}

/** The identity step with final=1: the answers to keep and the identity keys (400 with one message per fault). */
export function checkIdentity(market: MarketCode, input: IdentityInput, today: string): { answers: IdentityAnswers; keys: IdentityKeys } {
  const answers = draftIdentity(input);
  const keys = market === 'MX' ? checkMexicanIdentity(answers, today) : checkIndianIdentity(answers, today);
  return { answers, keys };
}

/** India: the Aadhaar number as typed, checked (12 digits, Verhoeff); '' when not typed. */
export function checkAadhaarNumber(typed: string): string {
  const aadhaar = normalizeIdentityNumber(typed);
  if (aadhaar === '') return '';
  const fault = checkAadhaar(aadhaar);
  if (fault) throw refuse(aadhaarFaults[fault]);
  return aadhaar;
}

// ---------------------------------------------------------------------------
// Address
// ---------------------------------------------------------------------------

/** The address as typed (codes in capitals). */
export function draftAddress(input: AddressInput) {
  return {
    street: input.street,
    number: input.number,
    interior: input.interior,
    colonia: input.colonia,
    municipality: input.municipality,
    postalCode: input.postalCode.replace(/\s/g, ''),
    state: input.state.toUpperCase(),
    line1: input.line1,
    line2: input.line2,
    city: input.city,
    permanent: input.permanent === 1,
    residentSince: input.residentSince,
  };
}

const YEAR_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * A month as YYYY-MM (time at the address, at the employer: issue 35 scores them): typed, not after `today`'s month
 * and, when `birthDate` is known, not before the month of birth.
 */
function checkSince(value: string, today: string, birthDate: string | null, faults: { required: MessageKey; future: MessageKey; beforeBirth: MessageKey }) {
  if (!YEAR_MONTH.test(value)) throw refuse(faults.required);
  if (value > today.slice(0, 7)) throw refuse(faults.future);
  if (birthDate && value < birthDate.slice(0, 7)) throw refuse(faults.beforeBirth);
}

/**
 * The address step with final=1. Mexico: street, number, colonia, municipality, a 5-digit postal code, a state.
 * India: the first line, city, state, a 6-digit PIN code, and the declaration that it is a permanent address in
 * India (the loan terms' residence rule). Both: since when they live there (YYYY-MM, from the month of birth to now).
 */
export function checkAddress(market: MarketCode, input: AddressInput, since: { today: string; birthDate: string | null }): StepAnswers {
  const a = draftAddress(input);
  if (market === 'MX') {
    if (a.street === '') throw refuse('addressStreetRequired');
    if (a.number === '') throw refuse('addressNumberRequired');
    if (a.colonia === '') throw refuse('addressColoniaRequired');
    if (a.municipality === '') throw refuse('addressMunicipalityRequired');
    if (!/^\d{5}$/.test(a.postalCode)) throw refuse('addressPostalCodeMx');
    if (!(a.state in mxStates) || a.state === 'NE') throw refuse('addressStateMx');
  } else {
    if (a.line1 === '') throw refuse('addressLine1Required');
    if (a.city === '') throw refuse('addressCityRequired');
    if (!(a.state in inStates)) throw refuse('addressStateIn');
    if (!/^[1-9]\d{5}$/.test(a.postalCode)) throw refuse('addressPinCode');
    if (a.permanent !== true) throw refuse('addressPermanentRequired');
  }
  checkSince(a.residentSince, since.today, since.birthDate, {
    required: 'addressResidentSinceRequired',
    future: 'addressResidentSinceFuture',
    beforeBirth: 'addressResidentSinceBeforeBirth',
  });
  return a;
}

// ---------------------------------------------------------------------------
// Work and income
// ---------------------------------------------------------------------------

/** The work step as typed: amounts as digits ('' not typed). */
export function draftWork(input: WorkInput) {
  return {
    occupation: input.occupation,
    employer: input.employer,
    monthlyIncome: input.monthlyIncome,
    payFrequency: input.payFrequency,
    monthlyObligations: input.monthlyObligations,
    workingSince: input.workingSince,
  };
}

/**
 * The work step with final=1: an occupation, the employer when the occupation has one, the monthly income (more
 * than 0), how often it is paid, the monthly obligations (0 allowed); amounts at most MONTHLY_AMOUNT_MAX; with an
 * employer, since when (YYYY-MM, from the month of birth to now; kept '' for the other occupations).
 */
export function checkWork(input: WorkInput, since: { today: string; birthDate: string | null }): StepAnswers {
  const w = draftWork(input);
  if (w.occupation === '') throw refuse('workOccupationRequired');
  if (occupationsWithEmployer.includes(w.occupation) && w.employer === '') throw refuse('workEmployerRequired');
  if (w.monthlyIncome === '' || Number(w.monthlyIncome) <= 0) throw refuse('workIncomeRequired');
  if (Number(w.monthlyIncome) > MONTHLY_AMOUNT_MAX) throw refuse('workIncomeMax');
  if (w.payFrequency === '') throw refuse('workPayFrequencyRequired');
  if (w.monthlyObligations === '') throw refuse('workObligationsRequired');
  if (Number(w.monthlyObligations) > MONTHLY_AMOUNT_MAX) throw refuse('workObligationsMax');
  if (!occupationsWithEmployer.includes(w.occupation)) return { ...w, workingSince: '' };
  checkSince(w.workingSince, since.today, since.birthDate, {
    required: 'workWorkingSinceRequired',
    future: 'workWorkingSinceFuture',
    beforeBirth: 'workWorkingSinceBeforeBirth',
  });
  return w;
}

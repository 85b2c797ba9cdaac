import { createHash } from 'node:crypto';
import { addDays } from '@presta/contract/dates';
import { aadhaarFor } from '@presta/contract/identity/aadhaar';
import { curpFor, type CurpPerson } from '@presta/contract/identity/curp';
import { normalizeIdentityNumber, normalizeName } from '@presta/contract/identity/normalize';
import { rfcFor } from '@presta/contract/identity/rfc';
import type { CreditOutcome } from '@presta/contract/application-rules';
import type { MarketCode } from '@presta/contract/markets';
import type { IndiaIdentity, MexicoIdentity } from '../../application/kyc/kyc-sandbox-data';

/*
 * The sandbox bureau's test data (docs/credit-bureau.md "Sandbox"): which file an identity has, read from a mark
 * the KYC sandbox does not read (Mexico: the RFC's two homoclave characters; India: the PAN's first three
 * letters), the files' figures per profile, and identities of each profile that the KYC sandbox verifies (CURP
 * homoclave 0; PAN digits that are not a KYC mark), one per seed so that many applicants never share an identity.
 */

export type SandboxBureauProfile = 'clean_high' | 'clean_mid' | 'clean_low' | 'thin' | 'delinquent' | 'inquiries' | 'not_found' | 'mismatch';
/** A profile, or the bureau not answering (BureauUnavailable: the decision is retried). */
export type SandboxBureauMark = SandboxBureauProfile | 'unavailable';

export const sandboxBureauProfiles: readonly SandboxBureauProfile[] = ['clean_high', 'clean_mid', 'clean_low', 'thin', 'delinquent', 'inquiries', 'not_found', 'mismatch'];

/** The profile that gives the demo applicant each outcome (npm run demo -- applicant --outcome). */
export const demoOutcomeProfiles: Record<CreditOutcome, SandboxBureauProfile> = { approved: 'clean_high', referred: 'clean_mid', declined: 'delinquent' };

/** Mexico: the RFC's homoclave (characters 11–12). India: the PAN's series (letters 1–3). */
export const RFC_MARKS: Record<SandboxBureauMark, string> = {
  clean_high: 'HG', clean_mid: 'MD', clean_low: 'LW', thin: 'TH', delinquent: 'DL', inquiries: 'IQ', not_found: 'NF', mismatch: 'MM', unavailable: 'UN',
};
export const PAN_MARKS: Record<SandboxBureauMark, string> = {
  clean_high: 'HIG', clean_mid: 'MID', clean_low: 'LOW', thin: 'THN', delinquent: 'DLQ', inquiries: 'INQ', not_found: 'NFD', mismatch: 'MSM', unavailable: 'UNA',
};

const byMark = (marks: Record<SandboxBureauMark, string>) => new Map(Object.entries(marks).map(([mark, code]) => [code, mark as SandboxBureauMark]));
const RFC_MARK_OF = byMark(RFC_MARKS);
const PAN_MARK_OF = byMark(PAN_MARKS);

/** The identity's mark, or null: an unmarked identity gets a clean file chosen by its hash (fileFigures). */
export function sandboxMarkOf(subject: { market: MarketCode; rfc: string; pan: string }): SandboxBureauMark | null {
  if (subject.market === 'MX') return RFC_MARK_OF.get(normalizeIdentityNumber(subject.rfc).slice(10, 12)) ?? null;
  return PAN_MARK_OF.get(normalizeIdentityNumber(subject.pan).slice(0, 3)) ?? null;
}

/** An open account of a file: what it costs a month (minor units) and how many payments are overdue now. */
export type SandboxAccount = { kind: 'card' | 'personal' | 'auto' | 'phone'; monthly: number; overduePayments: number; openedDaysAgo: number };

/** A file's figures: the score (null: too little history to score), the open accounts, and inquiries (days ago). */
export type FileFigures = { score: number | null; accounts: SandboxAccount[]; closedAccounts: number; inquiriesDaysAgo: number[] };

/** A deterministic number from the identity (sha-256), for variation within a profile. */
export function identityHash(subject: { market: MarketCode; curp: string; pan: string; birthDate: string }): number {
  const key = `${subject.market}|${normalizeIdentityNumber(subject.market === 'MX' ? subject.curp : subject.pan)}|${subject.birthDate}`;
  return createHash('sha256').update(key).digest().readUInt32BE(0);
}

const account = (kind: SandboxAccount['kind'], monthly: number, openedDaysAgo: number, overduePayments = 0): SandboxAccount => ({ kind, monthly, overduePayments, openedDaysAgo });

/**
 * Each profile's file. The payments and scores keep the demo applicant (22 000.00 a month, 3 000.00 of obligations)
 * in one outcome whatever the hash: clean_high approved, clean_mid referred, clean_low declined on the score.
 */
export function fileFigures(profile: SandboxBureauProfile | null, hash: number): FileFigures {
  const vary = (range: number) => hash % range;
  switch (profile) {
    case 'clean_high':
    case 'mismatch':
      return { score: 760 + vary(40), accounts: [account('card', 60_000, 1_400), account('phone', 40_000, 700)], closedAccounts: 2, inquiriesDaysAgo: [40] };
    case 'clean_mid':
      return { score: 600 + vary(40), accounts: [account('card', 150_000, 900), account('personal', 250_000, 300)], closedAccounts: 1, inquiriesDaysAgo: [15, 70] };
    case 'clean_low':
      return { score: 500 + vary(40), accounts: [account('card', 200_000, 600), account('personal', 500_000, 200)], closedAccounts: 0, inquiriesDaysAgo: [10, 30, 60, 120] };
    case 'thin':
      return { score: null, accounts: [], closedAccounts: 1, inquiriesDaysAgo: [] };
    case 'delinquent':
      return { score: 500 + vary(40), accounts: [account('card', 100_000, 800, 2), account('phone', 50_000, 500)], closedAccounts: 1, inquiriesDaysAgo: [25] };
    case 'inquiries':
      return { score: 660 + vary(40), accounts: [account('card', 100_000, 500)], closedAccounts: 0, inquiriesDaysAgo: [2, 5, 9, 14, 20, 33, 41, 58, 77, 95, 130] };
    case 'not_found':
      return { score: null, accounts: [], closedAccounts: 0, inquiriesDaysAgo: [] };
    case null:
      // Unmarked: a clean file, its score 700–849 and its payments 1 000.00–2 000.00 by the identity's hash.
      return { score: 700 + vary(150), accounts: [account('card', 50_000 + 25_000 * vary(3), 1_000), account('phone', 50_000 + 25_000 * vary(2), 600)], closedAccounts: 1, inquiriesDaysAgo: [50] };
  }
}

/** The mismatch profile's file: the same person born 397 days later (a different day, month and year). */
export const mismatchedBirthDate = (birthDate: string): string => addDays(birthDate, 397);

const MX_PEOPLE = {
  given: [['Ana Sofía', 'M'], ['Luis Alberto', 'H'], ['Gabriela', 'M'], ['José Manuel', 'H'], ['Valeria', 'M'], ['Diego', 'H'], ['Mariana', 'M'], ['Fernando', 'H'], ['Paola', 'M'], ['Raúl', 'H']],
  first: ['García', 'Martínez', 'Rodríguez', 'Hernández', 'Gómez', 'Díaz', 'Morales', 'Vázquez', 'Castro', 'Ortiz'],
  second: ['Sánchez', 'Flores', 'Ruiz', 'Jiménez', 'Mendoza', 'Aguilar', 'Reyes', 'Cruz', 'Romero', 'Torres'],
  states: ['DF', 'JC', 'NL', 'PL', 'GT', 'VZ', 'YN', 'MC', 'QT', 'SL'],
} as const;
const IN_PEOPLE = {
  given: ['Aarav', 'Ananya', 'Vikram', 'Isha', 'Rahul', 'Meera', 'Karthik', 'Divya', 'Sanjay', 'Neha'],
  middle: ['', 'Kumar', 'Devi', 'Prasad', 'Lakshmi'],
  /** Ten different initials: the PAN's fifth letter tells them apart. */
  surname: ['Sharma', 'Iyer', 'Reddy', 'Patel', 'Gupta', 'Nair', 'Kulkarni', 'Bose', 'Das', 'Menon'],
} as const;

/** Days of birth dates the seeds run through: 1975-01-01 onwards (ages 31–51 in 2026; the policies' limits hold). */
const BIRTH_DAYS = 7_000;
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ascii = (s: string) => normalizeName(s).replace(/Ñ/g, 'N').replace(/[^A-Z]/g, '').toLowerCase();

function mexicanIdentity(mark: SandboxBureauMark, seed: number): MexicoIdentity {
  const n = Math.abs(Math.trunc(seed));
  const names = Math.floor(n / BIRTH_DAYS);
  const [givenNames, sex] = MX_PEOPLE.given[names % 10]!;
  const person: CurpPerson = {
    givenNames,
    firstSurname: MX_PEOPLE.first[Math.floor(names / 10) % 10]!,
    secondSurname: MX_PEOPLE.second[Math.floor(names / 100) % 10]!,
    birthDate: addDays('1975-01-01', n % BIRTH_DAYS),
    sex,
    birthState: MX_PEOPLE.states[n % 10]!,
  };
  // CURP homoclave 0: the KYC sandbox verifies it; the RFC's homoclave is the bureau's mark.
  const email = `${ascii(givenNames.split(' ')[0]!)}.${ascii(person.firstSurname)}.${n}@example.com`;
  return { ...person, curp: curpFor(person, '0'), rfc: rfcFor(person, RFC_MARKS[mark]), email };
}

function indianIdentity(mark: SandboxBureauMark, seed: number): IndiaIdentity {
  const n = Math.abs(Math.trunc(seed));
  // The PAN's digits 1000–6999 (never a KYC sandbox mark: 7777, 8888, 9999), its last letter and the surname's
  // initial come from the seed in turn: 1 560 000 seeds, as many PANs per series.
  const surname = IN_PEOPLE.surname[Math.floor(n / 156_000) % 10]!;
  const names = Math.floor(n / BIRTH_DAYS);
  const fullName = [IN_PEOPLE.given[names % 10]!, IN_PEOPLE.middle[Math.floor(names / 10) % 5]!, surname].filter(Boolean).join(' ');
  const pan = `${PAN_MARKS[mark]}P${surname[0]}${1000 + (n % 6000)}${LETTERS[Math.floor(n / 6000) % 26]}`;
  let aadhaar = aadhaarFor(n + 500_000);
  // An Aadhaar starting 9999 is one the KYC sandbox does not find.
  if (aadhaar.startsWith('9999')) aadhaar = aadhaarFor(n + 900_000_000);
  return { fullName, birthDate: addDays('1975-01-01', n % BIRTH_DAYS), pan, aadhaar, email: `${ascii(fullName.split(' ')[0]!)}.${ascii(surname)}.${n}@example.com` };
}

/**
 * A complete identity step whose bureau file is `mark`'s and that the KYC sandbox verifies; a different one for
 * each seed below 1 560 000 (Mexico: below 7 000 000), so that applicants made with different seeds never share an
 * identity (CURP, RFC, PAN, Aadhaar, email).
 */
export function sandboxBureauIdentity(market: 'MX', mark: SandboxBureauMark, seed: number): MexicoIdentity;
export function sandboxBureauIdentity(market: 'IN', mark: SandboxBureauMark, seed: number): IndiaIdentity;
export function sandboxBureauIdentity(market: MarketCode, mark: SandboxBureauMark, seed: number): MexicoIdentity | IndiaIdentity;
export function sandboxBureauIdentity(market: MarketCode, mark: SandboxBureauMark, seed: number): MexicoIdentity | IndiaIdentity {
  return market === 'MX' ? mexicanIdentity(mark, seed) : indianIdentity(mark, seed);
}

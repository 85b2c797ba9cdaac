import { occupationsWithEmployer, type Occupation } from '@presta/contract/application-rules';
import { normalizeName } from '@presta/contract/identity/normalize';
import type { CreditInputs } from './policy-types';

/*
 * The measures the policy's rules and scorecard read from the inputs (docs/credit-policy.md "Measures"), each with
 * its one rounding rule. Pure; integers only.
 */

/** RATIO_BP_FLOOR: floor(a × 10 000 / b) in BigInt, basis points; null when b ≤ 0 (no income to measure against). */
export function basisPoints(a: number, b: number): number | null {
  if (b <= 0) return null;
  return Number((BigInt(a) * 10_000n) / BigInt(b));
}

/** The bureau's monthly payments, 0 without a file. */
export function bureauPayments(inputs: CreditInputs): number {
  return inputs.bureau?.found ? (inputs.bureau.monthlyPayments ?? 0) : 0;
}

/** Everything the applicant pays a month: their declared obligations and the bureau's monthly payments. */
export function totalObligations(inputs: CreditInputs): number {
  return inputs.applicant.monthlyObligations + bureauPayments(inputs);
}

/** (Declared obligations + the bureau's monthly payments) to income, RATIO_BP_FLOOR. */
export function obligationsToIncomeBp(inputs: CreditInputs): number | null {
  return basisPoints(totalObligations(inputs), inputs.applicant.monthlyIncome);
}

/** MONTHS_CALENDAR: whole calendar months from 'YYYY-MM' to the month of 'YYYY-MM-DD' (a future month: 0); null when not answered. */
export function monthsSince(since: string | null, today: string): number | null {
  const m = since === null ? null : /^(\d{4})-(\d{2})$/.exec(since);
  if (!m) return null;
  const months = (Number(today.slice(0, 4)) - Number(m[1])) * 12 + (Number(today.slice(5, 7)) - Number(m[2]));
  return Math.max(0, months);
}

/** Months at the employer: only for occupations with an employer (or business), null otherwise. */
export function monthsAtEmployer(inputs: CreditInputs): number | null {
  const { occupation, workingSince } = inputs.applicant;
  if (!occupationsWithEmployer.includes(occupation as Occupation)) return null;
  return monthsSince(workingSince, inputs.today);
}

/** A name's words for the comparison: normalizeName, Ñ read as N (bureaus write either), punctuation as a space. */
export function nameWords(name: string): string[] {
  return normalizeName(name).replace(/Ñ/g, 'N').replace(/[^A-Z ]/g, ' ').split(' ').filter(Boolean);
}

/**
 * NAME_WORDS_CONTAINED: two names agree when every word of the one with fewer words appears in the other (each
 * word used once). "MARIA LOPEZ" agrees with "MARIA FERNANDA LOPEZ HERNANDEZ"; "MARIA LOPEZ" and "MARIA PEREZ" do
 * not. Either name empty: nothing to compare (agree).
 */
export function namesAgree(a: string, b: string): boolean {
  const [short, long] = [nameWords(a), nameWords(b)].sort((x, y) => x.length - y.length) as [string[], string[]];
  const pool = [...long];
  for (const word of short) {
    const i = pool.indexOf(word);
    if (i < 0) return false;
    pool.splice(i, 1);
  }
  return true;
}

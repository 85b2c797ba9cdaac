import type { CreditReason } from '@presta/contract/application-rules';
import { ageOn } from '@presta/contract/identity/normalize';
import type { CreditPolicy } from './credit-policy';
import { namesAgree, obligationsToIncomeBp } from './policy-measures';
import type { CreditInputs, RuleKind, RuleResult } from './policy-types';

/*
 * The policy's rules before the score (docs/credit-policy.md "Knock-outs" and "Refer rules"): each one answers
 * whether it hit, with the applicant's value and the policy's threshold, hit or not, so that a decision reads line
 * by line. Rules that need the score (score_below_cutoff, score_in_review_band, no_affordable_amount) are
 * evaluate-policy.ts's. Pure.
 */

const rule = (code: CreditReason, kind: RuleKind, hit: boolean, value: RuleResult['value'], threshold: RuleResult['threshold']): RuleResult => ({
  code,
  kind,
  hit,
  value,
  threshold,
});

/** The oldest age any offered product takes (the applicant-level rule); each product's own maximum caps its limit. */
export function maxAgeOf(policy: CreditPolicy, productCode: string): number {
  return policy.knockouts.maxAgeByProduct[productCode] ?? policy.knockouts.maxAgeDefault;
}

function eligibilityRules(policy: CreditPolicy, inputs: CreditInputs): RuleResult[] {
  const k = policy.knockouts;
  const age = ageOn(inputs.applicant.birthDate, inputs.today);
  const maxAge = inputs.products.length ? Math.max(...inputs.products.map((p) => maxAgeOf(policy, p.code))) : k.maxAgeDefault;
  // !(age >= min): a birth date that cannot be read (NaN) is under the minimum, never waved through.
  const rules = [rule('age_under_minimum', 'knockout', !(age >= k.minAge), age, k.minAge), rule('age_over_maximum', 'knockout', age > maxAge, age, maxAge)];
  if (k.nationalOnly) rules.push(rule('not_national', 'knockout', inputs.applicant.nationality !== inputs.market, inputs.applicant.nationality, inputs.market));
  if (k.permanentAddressRequired) rules.push(rule('no_permanent_address', 'knockout', !inputs.applicant.permanentAddress, inputs.applicant.permanentAddress, true));
  return rules;
}

function identityRules(policy: CreditPolicy, inputs: CreditInputs): RuleResult[] {
  const { verified, faceScore, usedByAnotherBorrower } = inputs.identity;
  const minFace = policy.knockouts.minFaceScore;
  return [
    rule('identity_not_verified', 'knockout', !verified, verified, true),
    // No face score is no face match: the same as one under the threshold.
    rule('face_score_low', 'knockout', faceScore === null || faceScore < minFace, faceScore, minFace),
    rule('identity_in_use', 'knockout', usedByAnotherBorrower, usedByAnotherBorrower, false),
    rule('income_below_minimum', 'knockout', inputs.applicant.monthlyIncome < policy.knockouts.minMonthlyIncome, inputs.applicant.monthlyIncome, policy.knockouts.minMonthlyIncome),
  ];
}

/** What of the file disagrees with the application: 'birth_date', 'name', both joined by '+', or 'none'; null: no file. */
function fileDisagreement(inputs: CreditInputs): string | null {
  const file = inputs.bureau;
  if (!file?.found) return null;
  const parts: string[] = [];
  if (file.fileBirthDate !== null && file.fileBirthDate !== inputs.applicant.birthDate) parts.push('birth_date');
  if (file.fileNameKey !== null && !namesAgree(file.fileNameKey, inputs.applicant.nameKey)) parts.push('name');
  return parts.length ? parts.join('+') : 'none';
}

function bureauRules(policy: CreditPolicy, inputs: CreditInputs): RuleResult[] {
  const k = policy.knockouts;
  const file = inputs.bureau;
  const found = file?.found === true;
  // Not pulled (no authorisation) always declines; a file the bureau does not find declines or refers by the policy.
  const notFoundKind: RuleKind = file === null || k.fileNotFoundDeclines ? 'knockout' : 'refer';
  const foundValue = file === null ? 'not_pulled' : found ? 'found' : 'not_found';
  const disagreement = fileDisagreement(inputs);
  const delinquency = found ? file.worstDelinquencyDays : null;
  const inquiries = found ? file.inquiries90d : null;
  return [
    rule('bureau_file_not_found', notFoundKind, !found, foundValue, 'found'),
    rule('bureau_data_mismatch', 'knockout', disagreement !== null && disagreement !== 'none', disagreement, 'none'),
    rule('current_delinquency', 'knockout', delinquency !== null && delinquency > k.maxCurrentDelinquencyDays, delinquency, k.maxCurrentDelinquencyDays),
    rule('too_many_inquiries', 'knockout', inquiries !== null && inquiries > k.maxInquiries90d, inquiries, k.maxInquiries90d),
  ];
}

/** Thin: a file with no open account or no score. Over-indebted: obligations over the share of income. */
function referRules(policy: CreditPolicy, inputs: CreditInputs): RuleResult[] {
  const file = inputs.bureau;
  const found = file?.found === true;
  const thin = found && (!file.openAccounts || file.score === null);
  const thinValue = found ? `accounts:${file.openAccounts ?? 'none'} score:${file.score ?? 'none'}` : null;
  const ratio = obligationsToIncomeBp(inputs);
  const maxRatio = policy.refer.maxObligationsToIncomeBp;
  return [
    rule('thin_file', 'refer', thin, thinValue, 'accounts:≥1 score:any'),
    rule('over_indebted', 'refer', ratio === null || ratio > maxRatio, ratio, maxRatio),
  ];
}

/** Every rule that does not need the score, in the order the decision lists them. */
export function applicantRules(policy: CreditPolicy, inputs: CreditInputs): RuleResult[] {
  return [...eligibilityRules(policy, inputs), ...identityRules(policy, inputs), ...bureauRules(policy, inputs), ...referRules(policy, inputs)];
}

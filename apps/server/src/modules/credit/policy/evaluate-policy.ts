import { addDays } from '@presta/contract/dates';
import type { CreditOutcome } from '@presta/contract/application-rules';
import type { CreditPolicy } from './credit-policy';
import { limitLines } from './policy-limits';
import { applicantRules } from './policy-rules';
import { bandOf, scorecardLines } from './policy-scorecard';
import type { CreditInputs, LimitLine, PolicyResult, RuleResult } from './policy-types';

/*
 * The credit decision's policy step (docs/credit-policy.md): inputs and a policy version in, the outcome with
 * every rule, every point and the limits out. Pure and deterministic: no clock, no randomness, no I/O; the same
 * inputs (or their JSON read back from credit_decisions.inputs) through the same version give the same result.
 */

function scoreRules(policy: CreditPolicy, score: number, limits: LimitLine[], bandName: string): RuleResult[] {
  const lowest = policy.bands.at(-1)!;
  const refer = policy.bands.find((b) => b.decision === 'refer');
  const declined = bandName === policy.declineBand;
  const rules: RuleResult[] = [{ code: 'score_below_cutoff', kind: 'knockout', hit: declined, value: score, threshold: lowest.minScore }];
  if (refer) rules.push({ code: 'score_in_review_band', kind: 'refer', hit: bandName === refer.name, value: score, threshold: refer.minScore });
  // A band that would lend, with nothing affordable on any product: nothing to offer or to review.
  const affordable = limits.some((l) => l.limitAmount > 0);
  rules.push({ code: 'no_affordable_amount', kind: 'knockout', hit: !declined && !affordable, value: Math.max(0, ...limits.map((l) => l.limitAmount)), threshold: 1 });
  return rules;
}

function outcomeOf(rules: RuleResult[]): { outcome: CreditOutcome; reasons: RuleResult['code'][] } {
  const knockouts = rules.filter((r) => r.kind === 'knockout' && r.hit).map((r) => r.code);
  if (knockouts.length) return { outcome: 'declined', reasons: knockouts };
  const refers = rules.filter((r) => r.kind === 'refer' && r.hit).map((r) => r.code);
  if (refers.length) return { outcome: 'referred', reasons: refers };
  return { outcome: 'approved', reasons: [] };
}

export function evaluatePolicy(policy: CreditPolicy, inputs: CreditInputs): PolicyResult {
  if (inputs.market !== policy.market) throw new Error(`policy ${policy.version} is ${policy.market}'s, not ${inputs.market}'s`);
  const points = scorecardLines(policy, inputs);
  const score = points.reduce((sum, p) => sum + p.points, 0);
  const band = bandOf(policy, score);
  const bandName = band?.name ?? policy.declineBand;
  const computed = limitLines(policy, inputs, band);
  const rules = [...applicantRules(policy, inputs), ...scoreRules(policy, score, computed, bandName)];
  const { outcome, reasons } = outcomeOf(rules);
  // Declined: nothing is granted (the caps stay, to explain); referred: the band's suggestion for the reviewer.
  const limits = outcome === 'declined' ? computed.map((l) => ({ ...l, limitAmount: 0 })) : computed;
  return {
    policyVersion: policy.version,
    outcome,
    rules,
    points,
    score,
    band: bandName,
    limits,
    reasons,
    reapplyAfter: outcome === 'declined' ? addDays(inputs.today, policy.reapplyAfterDays) : null,
  };
}

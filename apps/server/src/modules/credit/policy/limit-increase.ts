import type { CreditPolicy } from './credit-policy';
import { onSteps } from './policy-limits';
import type { OwnHistory, PolicyResult, ProductTerms } from './policy-types';

/*
 * A returning borrower's limit increase (docs/credit-policy.md "Returning borrowers"): after a loan is settled,
 * the decision runs again on their history (trigger 'settlement'); when it approves and they repaid on time, the
 * limit may grow one band up, by at most the policy's factor, never past what they can afford. It is a proposal:
 * applied only when the borrower accepts it within proposalValidDays (India: never without recorded consent).
 */

export type LimitIncreaseProposal = {
  productCode: string;
  currentLimit: number;
  proposedLimit: number;
  /** The caps it respects: the band one step up, the affordable maximum, the growth factor. */
  bandMax: number;
  affordableMax: number;
  growthMax: number;
  /** Days the borrower has to accept it. */
  validDays: number;
};

function eligible(policy: CreditPolicy, history: OwnHistory, result: PolicyResult): boolean {
  const rule = policy.limitIncrease;
  if (result.outcome !== 'approved') return false;
  if (rule.excludeEverLate30 && history.everLate30) return false;
  return history.settledOnTime >= rule.minSettledOnTime;
}

/**
 * The proposal for one product, or null: not eligible, or nothing above the current limit. GROWTH_FLOOR: the growth
 * cap is floor(currentLimit × maxGrowthPpm / 1e6); the least cap is then rounded down to the product's step.
 */
export function proposedIncrease(
  policy: CreditPolicy,
  input: { currentLimit: number; result: PolicyResult; product: ProductTerms; history: OwnHistory },
): LimitIncreaseProposal | null {
  const { currentLimit, result, product, history } = input;
  if (result.policyVersion !== policy.version || !eligible(policy, history, result)) return null;
  const line = result.limits.find((l) => l.productCode === product.code);
  const at = policy.bands.findIndex((b) => b.name === result.band);
  if (!line || line.limitAmount === 0 || at < 0) return null;
  const up = policy.bands[Math.max(0, at - policy.limitIncrease.bandStepsUp)]!;
  const bandMax = up.limitMax[product.code] ?? 0;
  const growthMax = Number((BigInt(currentLimit) * BigInt(policy.limitIncrease.maxGrowthPpm)) / 1_000_000n);
  const proposedLimit = onSteps(product, Math.min(bandMax, line.affordableMax, growthMax));
  if (proposedLimit <= currentLimit) return null;
  return { productCode: product.code, currentLimit, proposedLimit, bandMax, affordableMax: line.affordableMax, growthMax, validDays: policy.limitIncrease.proposalValidDays };
}

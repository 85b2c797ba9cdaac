import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { policyFor } from './credit-policy';
import { evaluatePolicy } from './evaluate-policy';
import { proposedIncrease } from './limit-increase';
import { demoInputs } from './policy-test-inputs';
import type { CreditInputs, OwnHistory } from './policy-types';

const onTime: OwnHistory = { settledLoans: 1, settledOnTime: 1, everLate30: false, openLoans: 0 };

function propose(market: 'MX' | 'IN', currentLimit: number, history: OwnHistory, change: (i: CreditInputs) => void = () => {}) {
  const policy = policyFor(market);
  const inputs = { ...demoInputs(market, { score: 720, monthlyPayments: 300_000 }), history };
  change(inputs);
  const result = evaluatePolicy(policy, inputs);
  return { result, proposal: proposedIncrease(policy, { currentLimit, result, product: inputs.products[0]!, history }) };
}

describe('proposedIncrease', () => {
  it('a borrower who settled on time: one band up, at most 1.5 times the limit, on the steps, valid 30 days', () => {
    const { result, proposal } = propose('MX', 600_000, onTime);
    expect(result.band).toBe('B');
    // Band A allows 20 000.00; 1.5 × 6 000.00 = 9 000.00 is the cap that binds.
    expect(proposal).toEqual({ productCode: 'presta-mx', currentLimit: 600_000, proposedLimit: 900_000, bandMax: 2_000_000, affordableMax: result.limits[0]!.affordableMax, growthMax: 900_000, validDays: 30 });
  });

  it('nothing for a first loan not settled on time, one ever 30 days late, a decision that does not approve, or no growth', () => {
    expect(propose('MX', 600_000, { settledLoans: 1, settledOnTime: 0, everLate30: false, openLoans: 0 }).proposal).toBeNull();
    expect(propose('MX', 600_000, { ...onTime, everLate30: true }).proposal).toBeNull();
    expect(propose('MX', 600_000, onTime, (i) => (i.bureau!.worstDelinquencyDays = 90)).proposal).toBeNull();
    expect(propose('MX', 2_000_000, onTime).proposal).toBeNull();
  });

  it('property: a proposal is above the current limit and within every cap, on the product steps', () => {
    fc.assert(
      fc.property(fc.constantFrom('MX' as const, 'IN' as const), fc.integer({ min: 0, max: 200 }), fc.integer({ min: 1, max: 5 }), (market, steps, settled) => {
        const product = demoInputs(market).products[0]!;
        const current = steps * product.amountStep;
        const { proposal } = propose(market, current, { settledLoans: settled, settledOnTime: settled, everLate30: false, openLoans: 0 });
        if (!proposal) return;
        expect(proposal.proposedLimit).toBeGreaterThan(current);
        expect(proposal.proposedLimit).toBeLessThanOrEqual(Math.min(proposal.bandMax, proposal.affordableMax, proposal.growthMax, product.amountMax));
        expect(proposal.proposedLimit % product.amountStep).toBe(0);
      }),
    );
  });
});

import type { CreditPolicy, NumericBins, ScoreBand } from './credit-policy';
import { monthsAtEmployer, monthsSince, obligationsToIncomeBp } from './policy-measures';
import type { CreditInputs, PointLine, ScoreFactor } from './policy-types';

/*
 * The scorecard (docs/credit-policy.md "Scorecard"): one line per factor with its value, the bin it fell in and
 * the points; the score is their sum, and the band is the highest whose cut-off the score reaches. Pure.
 */

/** The bin of a value: the last whose lower bound it reaches (bins ascend); a missing value: the `none` bin. */
export function binOf(bins: NumericBins, value: number | null): { bin: string; points: number } {
  if (value === null) return { bin: bins.none.label, points: bins.none.points };
  let found = bins.bins[0]!;
  for (const b of bins.bins) if (b.min === null || value >= b.min) found = b;
  return { bin: found.label, points: found.points };
}

function numericLine(factor: ScoreFactor, bins: NumericBins, value: number | null): PointLine {
  return { factor, value, ...binOf(bins, value) };
}

/** Our own history: a loan ever 30+ days late outweighs all; otherwise loans settled on time earn points. */
function ownHistoryLine(policy: CreditPolicy, inputs: CreditInputs): PointLine {
  const h = policy.scorecard.ownHistory;
  const { settledLoans, settledOnTime, everLate30 } = inputs.history;
  const value = `settled:${settledLoans} on_time:${settledOnTime} late30:${everLate30 ? 'yes' : 'no'}`;
  if (everLate30) return { factor: 'own_history', value, bin: 'ever_late_30', points: h.everLate30 };
  if (settledLoans === 0) return { factor: 'own_history', value, bin: 'none', points: h.noHistory };
  const reached = h.onTime.filter((t) => settledOnTime >= t.minOnTime).at(-1);
  return reached ? { factor: 'own_history', value, bin: reached.label, points: reached.points } : { factor: 'own_history', value, bin: 'settled_late', points: h.settledLate };
}

export function scorecardLines(policy: CreditPolicy, inputs: CreditInputs): PointLine[] {
  const s = policy.scorecard;
  const file = inputs.bureau;
  const bureauScore = file?.found ? file.score : null;
  return [
    numericLine('bureau_score', s.bureauScore, bureauScore),
    numericLine('income', s.income, inputs.applicant.monthlyIncome),
    numericLine('obligations_to_income', s.obligationsToIncome, obligationsToIncomeBp(inputs)),
    numericLine('time_at_address', s.timeAtAddress, monthsSince(inputs.applicant.residentSince, inputs.today)),
    numericLine('time_at_employer', s.timeAtEmployer, monthsAtEmployer(inputs)),
    ownHistoryLine(policy, inputs),
  ];
}

/** The highest band whose cut-off the score reaches; null: below every cut-off (the policy's decline band). */
export function bandOf(policy: CreditPolicy, score: number): ScoreBand | null {
  return policy.bands.find((b) => score >= b.minScore) ?? null;
}

import type { z } from 'zod';
import type { creditDecisionSchema, pendingApprovalSchema } from '@presta/contract/api/console/credit-applications';
import { creditReasons, type CreditReason } from '@presta/contract/application-rules';
import type { Language } from '@presta/contract/language';
import { formatMarketMoney, formatMarketPercent, markets, type MarketCode } from '@presta/contract/markets';
import { translate, type MessageKey } from '../../i18n/messages';
import type { BureauReportRow, CreditDecisionRow } from '../credit/credit-store';
import type { PendingApproval } from '../credit/credit-review';
import type { PointLine, RuleResult, ScoreFactor } from '../credit/policy/policy-types';

/*
 * A credit decision as the back office explains it (issue 35; docs/back-office.md "Credit decisions"): each rule
 * with the applicant's value, the policy's threshold and its text in the member's language, each scorecard factor
 * with its points, the limits per product, the reasons in the words the borrower read. Amounts are written as the
 * market writes money; the stored decision keeps them in minor units.
 */

type DecisionView = z.input<typeof creditDecisionSchema>;

/**
 * How a rule's or factor's numbers read: amounts (minor units) as money, ratios (basis points) as a percentage; the
 * others are counts, days, ages, scores or flags, shown as they are.
 */
type Unit = 'amount' | 'ratio' | 'plain';
const ruleUnits: Record<string, Unit> = { income_below_minimum: 'amount', no_affordable_amount: 'amount', over_indebted: 'ratio' };
const factorUnits: Record<string, Unit> = { income: 'amount', obligations_to_income: 'ratio' };

const scoreFactors = new Set<string>(['bureau_score', 'income', 'obligations_to_income', 'time_at_address', 'time_at_employer', 'own_history'] satisfies ScoreFactor[]);

const isReason = (code: unknown): code is CreditReason => typeof code === 'string' && (creditReasons as readonly string[]).includes(code);

/** A stored value for the reader: an amount as money, a flag as yes/no, nothing as a dash. */
function shownValue(value: unknown, unit: Unit, market: MarketCode, lang: Language): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return translate(lang, value ? 'creditValueYes' : 'creditValueNo');
  if (typeof value === 'number' && unit === 'amount') return formatMarketMoney(value, market);
  if (typeof value === 'number' && unit === 'ratio') return formatMarketPercent(value * 100, market);
  return typeof value === 'number' || typeof value === 'string' ? String(value) : JSON.stringify(value);
}

function ruleLines(rows: unknown[], market: MarketCode, lang: Language): DecisionView['rules'] {
  return (rows as RuleResult[])
    .filter((r) => isReason(r.code))
    .map((r) => {
      const unit = ruleUnits[r.code] ?? 'plain';
      return {
        code: r.code,
        kind: r.kind,
        hit: r.hit,
        value: shownValue(r.value, unit, market, lang),
        threshold: shownValue(r.threshold, unit, market, lang),
        text: translate(lang, `creditRule_${r.code}` as MessageKey),
      };
    });
}

function pointLines(rows: unknown[], market: MarketCode, lang: Language): DecisionView['points'] {
  return (rows as PointLine[]).map((p) => {
    return {
      factor: scoreFactors.has(p.factor) ? translate(lang, `creditFactor_${p.factor}`) : p.factor,
      value: shownValue(p.value, factorUnits[p.factor] ?? 'plain', market, lang),
      bin: p.bin,
      points: p.points,
    };
  });
}

/** The newest decision explained line by line in the member's language. */
export function decisionView(row: CreditDecisionRow, lang: Language): DecisionView {
  const currency = markets[row.market].currency.code;
  return {
    id: String(row.id),
    trigger: row.trigger,
    policyVersion: row.policyVersion,
    outcome: row.outcome,
    score: row.score,
    band: row.band,
    rules: ruleLines(row.rules, row.market, lang),
    points: pointLines(row.points, row.market, lang),
    limits: row.limits.map((l) => ({ ...l, currency })),
    reasons: row.reasons.filter(isReason).map((code) => ({ code, text: translate(lang, `creditReason_${code}`) })),
    reapplyAfter: row.reapplyAfter,
    actor: row.actor,
    at: row.decidedAt.toISOString(),
  };
}

/** A decision as the list of every decision shows it. */
export const decisionLine = (row: CreditDecisionRow) => ({
  id: String(row.id),
  trigger: row.trigger,
  outcome: row.outcome,
  policyVersion: row.policyVersion,
  actor: row.actor,
  at: row.decidedAt.toISOString(),
});

/** The report's attributes the policy read (the body itself is opened apart, audited). */
export const bureauAttributes = (r: BureauReportRow) => ({
  bureau: r.bureau,
  reference: r.reference,
  found: r.outcome === 'found',
  score: r.score,
  openAccounts: r.openAccounts,
  worstDelinquencyDays: r.worstDelinquencyDays,
  inquiries90d: r.inquiries90d,
  monthlyPayments: r.monthlyPayments,
  requestedAt: r.requestedAt.toISOString(),
});

/** An approval waiting for a credit manager: the limits, the maker's note, who made it and when. */
export const pendingApprovalView = ({ request, makerName }: PendingApproval): z.input<typeof pendingApprovalSchema> => ({
  limits: request.limits.map(({ productCode, limitAmount }) => ({ productCode, limitAmount })),
  note: request.note,
  maker: { id: request.makerId, name: makerName },
  at: request.createdAt.toISOString(),
});

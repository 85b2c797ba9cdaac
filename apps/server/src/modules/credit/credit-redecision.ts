import { eq } from 'drizzle-orm';
import { todayIn } from '@presta/contract/dates';
import { formatMarketMoney, marketOf } from '@presta/contract/markets';
import type { DbOrTx } from '../../db/database';
import { borrowers, creditApplications, productOffers, products } from '../../db/schema';
import { translate } from '../../i18n/messages';
import { bureauConsentInForce, type ApplicationRow } from '../application/application-store';
import { dayInWords } from '../application/application-view';
import { systemActor } from '../audit/audit-log';
import { outboxSmsSender } from '../sms/sms-sender';
import { BureauUnavailable } from './bureau/credit-bureau';
import { recordCreditDecision } from './credit-decision';
import { gatherInputs } from './credit-inputs';
import { applicationsToRedecide, insertProposal, latestBureauReport, reusableBureauReport, type BureauReportRow } from './credit-store';
import { reportFor, type DecisionDeps } from './decide-application';
import { policyFor, type CreditPolicy } from './policy/credit-policy';
import { evaluatePolicy } from './policy/evaluate-policy';
import { proposedIncrease } from './policy/limit-increase';
import type { CreditInputs, PolicyResult } from './policy/policy-types';

/*
 * Returning borrowers (issue 35, docs/credit-policy.md "After a loan is settled"; docs/scheduled-work.md): the
 * `credit-redecision` job, every 10 minutes, gives a borrower who settled a loan after their newest decision, and
 * whose newest application was approved, a fresh decision on their history (trigger 'settlement'): the stored
 * answers, the bureau report reused while young enough, else a new pull under the application's authorisation if
 * still in force, else the last report. Where the policy allows more than an offer's limit, a proposal (pending,
 * for the policy's proposalValidDays; an older pending one superseded) and an SMS. It never changes product_offers:
 * the borrower's acceptance does (limit-increases.ts).
 */

export const REDECISION_ACTOR = 'job:credit-redecision';
const DAY_MS = 86_400_000;

export type Redecided = { decisionId: number; proposals: number; outboxIds: number[] };

/** The report a settlement's decision reads: young enough, else a new pull if authorised, else the last one (or none). */
async function settlementReport(deps: DecisionDeps, row: ApplicationRow, policy: CreditPolicy, now: Date): Promise<BureauReportRow | null> {
  const recent = await reusableBureauReport(deps.db, row.borrowerId, new Date(now.getTime() - policy.bureauReuseDays * DAY_MS));
  if (recent) return recent;
  const consent = await bureauConsentInForce(deps.db, row.id);
  if (consent) return reportFor(deps, row, consent, policy.bureauReuseDays, now);
  return (await latestBureauReport(deps.db, row.borrowerId)) ?? null;
}

/** The proposals of a settlement's decision, each with its SMS queued; answers how many and the SMS to deliver. */
async function propose(
  tx: DbOrTx,
  row: ApplicationRow,
  decided: { decisionId: number; policy: CreditPolicy; result: PolicyResult; inputs: CreditInputs; now: Date },
): Promise<{ proposals: number; outboxIds: number[] }> {
  const { policy, result, inputs, now } = decided;
  const held = await tx
    .select({ productId: products.id, code: products.code, name: products.name, limitAmount: productOffers.limitAmount })
    .from(productOffers)
    .innerJoin(products, eq(products.id, productOffers.productId))
    .where(eq(productOffers.borrowerId, row.borrowerId));
  const [borrower] = await tx.select({ phone: borrowers.phone, language: borrowers.language }).from(borrowers).where(eq(borrowers.id, row.borrowerId));
  const outboxIds: number[] = [];
  let proposals = 0;
  for (const product of inputs.products) {
    const offer = held.find((h) => h.code === product.code);
    if (!offer) continue;
    const proposal = proposedIncrease(policy, { currentLimit: offer.limitAmount, result, product, history: inputs.history });
    if (!proposal) continue;
    const expiresAt = new Date(now.getTime() + proposal.validDays * DAY_MS);
    await insertProposal(tx, { borrowerId: row.borrowerId, productId: offer.productId, decisionId: decided.decisionId, currentLimit: offer.limitAmount, proposedLimit: proposal.proposedLimit, expiresAt, now });
    proposals += 1;
    if (!borrower) continue;
    const lastDay = todayIn(marketOf(row.market).timeZone, expiresAt);
    const body = translate(borrower.language, 'limitIncreaseSms', {
      limit: formatMarketMoney(proposal.proposedLimit, row.market),
      product: offer.name,
      date: dayInWords(lastDay, borrower.language),
    });
    const id = await outboxSmsSender.send(tx, { phone: borrower.phone, purpose: 'limit_increase', body });
    if (id !== undefined) outboxIds.push(id);
  }
  return { proposals, outboxIds };
}

/** A fresh decision on an approved application's borrower after a settled loan (null: no longer approved). */
export async function redecideApplication(deps: DecisionDeps, applicationId: number, now = new Date()): Promise<Redecided | null> {
  const { db } = deps;
  const [row] = await db.select().from(creditApplications).where(eq(creditApplications.id, applicationId));
  if (!row || row.status !== 'approved') return null;
  const policy = policyFor(row.market);
  const report = await settlementReport(deps, row, policy, now);
  const inputs = await gatherInputs(db, row, report, now);
  const result = evaluatePolicy(policy, inputs);
  return db.transaction(async (tx) => {
    const { decisionId } = await recordCreditDecision(tx, {
      // The policy's answer as it is: outcome, version, rules, points, score, band, limits, reasons, reapply day.
      ...result,
      application: row,
      trigger: 'settlement',
      inputs,
      bureauReportId: report?.id ?? null,
      actor: REDECISION_ACTOR,
      audit: systemActor,
      now,
    });
    return { decisionId, ...(await propose(tx, row, { decisionId, policy, result, inputs, now })) };
  });
}

/**
 * The job's run: every application to look at again, one by one. A bureau that does not answer leaves that borrower
 * for the next run (the settled loan still postdates their newest decision); anything else fails the run.
 */
export async function redecideSettled(deps: DecisionDeps, now = new Date()): Promise<{ decided: number; proposed: number; retry: number; outboxIds: number[] }> {
  const totals = { decided: 0, proposed: 0, retry: 0, outboxIds: [] as number[] };
  for (const id of await applicationsToRedecide(deps.db)) {
    try {
      const done = await redecideApplication(deps, id, now);
      if (!done) continue;
      totals.decided += 1;
      totals.proposed += done.proposals;
      totals.outboxIds.push(...done.outboxIds);
    } catch (error) {
      if (!(error instanceof BureauUnavailable)) throw error;
      deps.log?.warn({ applicationId: id }, 'credit redecision: the bureau did not answer; tried again on the next run');
      totals.retry += 1;
    }
  }
  return totals;
}

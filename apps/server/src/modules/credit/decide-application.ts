import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { CreditOutcome } from '@presta/contract/application-rules';
import type { Db, DbOrTx } from '../../db/database';
import { creditApplications } from '../../db/schema';
import { bureauConsentInForce, lockApplication, type ApplicationRow, type ConsentRow } from '../application/application-store';
import { listAudit, recordAudit, systemActor } from '../audit/audit-log';
import type { CreditBureau } from './bureau/credit-bureau';
import { recordCreditDecision } from './credit-decision';
import { bureauSubjectOf, gatherInputs } from './credit-inputs';
import { insertBureauReport, reusableBureauReport, type BureauReportRow } from './credit-store';
import { policyFor } from './policy/credit-policy';
import { evaluatePolicy } from './policy/evaluate-policy';

/*
 * The credit decision of a verified application (issue 35, docs/credit-policy.md, docs/application.md "Decision"):
 * the job of the `credit-decision` queue, sent when verification moves an application to in_review. It reads the
 * bureau only under the application's bureau authorisation in force, reusing the borrower's report younger than the
 * policy's bureauReuseDays; evaluates the market's policy in force; and stores the decision through
 * recordCreditDecision. A bureau that does not answer throws (BureauUnavailable): the queue tries again, and no
 * decision is made without it. Idempotent: an application no longer in_review is skipped.
 */

export const CREDIT_DECISION_ACTOR = 'job:credit-decision';
const DAY_MS = 86_400_000;

export type DecisionRun =
  | { outcome: 'skipped' }
  /** No bureau authorisation in force: no pull, no decision (a safety net: submit requires it). */
  | { outcome: 'no_consent' }
  | { outcome: CreditOutcome; decisionId: number; outboxId: number | undefined };

export type DecisionDeps = { db: Db; bureau: CreditBureau; log?: FastifyBaseLogger };

/**
 * The borrower's report to decide on: one younger than `reuseDays` (whichever application pulled it), else a new
 * pull kept as received. A pull is stored at once, outside the decision's transaction: it happened (the bureau
 * counts the inquiry), and a retried decision reuses it rather than asking again.
 */
export async function reportFor(
  deps: DecisionDeps,
  row: ApplicationRow,
  consent: ConsentRow,
  reuseDays: number,
  now: Date,
): Promise<BureauReportRow> {
  const recent = await reusableBureauReport(deps.db, row.borrowerId, new Date(now.getTime() - reuseDays * DAY_MS));
  if (recent) return recent;
  const received = await deps.bureau.pull(bureauSubjectOf(row, consent));
  const a = received.attributes;
  return insertBureauReport(deps.db, {
    applicationId: row.id,
    borrowerId: row.borrowerId,
    market: row.market,
    bureau: received.bureau,
    consentId: consent.id,
    outcome: received.outcome,
    reference: received.reference,
    contentType: received.contentType,
    body: received.body,
    score: a.score,
    openAccounts: a.openAccounts,
    worstDelinquencyDays: a.worstDelinquencyDays,
    inquiries90d: a.inquiries90d,
    monthlyPayments: a.monthlyPayments,
    fileBirthDate: a.fileBirthDate,
    fileNameKey: a.fileNameKey,
    requestedAt: now,
  });
}

/** Records, once per application, that the bureau was not asked for want of an authorisation in force. */
async function recordNoConsent(db: DbOrTx, row: ApplicationRow, log: FastifyBaseLogger | undefined): Promise<void> {
  log?.warn({ applicationId: row.id }, 'credit decision: no bureau authorisation in force; bureau not asked, no decision');
  const entry = { action: 'credit.bureau_refused', objectType: 'credit_application', objectId: row.id };
  const [already] = await listAudit(db, { action: entry.action, objectType: entry.objectType, objectId: String(row.id), limit: 1 });
  if (!already) await recordAudit(db, systemActor, { ...entry, before: { status: row.status }, after: { reason: 'no_bureau_authorisation' } });
}

/** Decides one in_review application (the queue's job); `outboxId`: the SMS to deliver after the commit. */
export async function decideApplication(deps: DecisionDeps, applicationId: number, now = new Date()): Promise<DecisionRun> {
  const { db } = deps;
  const [row] = await db.select().from(creditApplications).where(eq(creditApplications.id, applicationId));
  if (!row || row.status !== 'in_review') return { outcome: 'skipped' };
  const consent = await bureauConsentInForce(db, row.id);
  if (!consent) {
    await recordNoConsent(db, row, deps.log);
    return { outcome: 'no_consent' };
  }
  const policy = policyFor(row.market);
  const report = await reportFor(deps, row, consent, policy.bureauReuseDays, now);
  const inputs = await gatherInputs(db, row, report, now);
  const result = evaluatePolicy(policy, inputs);
  return db.transaction(async (tx) => {
    const locked = await lockApplication(tx, applicationId);
    if (!locked || locked.status !== 'in_review') return { outcome: 'skipped' as const };
    const recorded = await recordCreditDecision(tx, {
      // The policy's answer as it is: outcome, version, rules, points, score, band, limits, reasons, reapply day.
      ...result,
      application: locked,
      trigger: 'application',
      inputs,
      bureauReportId: report.id,
      actor: CREDIT_DECISION_ACTOR,
      audit: systemActor,
      now,
    });
    return { outcome: result.outcome, ...recorded };
  });
}

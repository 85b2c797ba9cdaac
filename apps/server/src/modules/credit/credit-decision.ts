import { eq } from 'drizzle-orm';
import type { ApplicationStatus, CreditOutcome, CreditReason } from '@presta/contract/application-rules';
import { errorCodes } from '@presta/contract/error-codes';
import type { DbOrTx } from '../../db/database';
import { products } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { changeState, lockApplication, type ApplicationRow } from '../application/application-store';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import { grantOffer } from '../pricing/loan-offers';
import { insertDecision } from './credit-store';
import type { CreditInputs, LimitLine } from './policy/policy-types';

/*
 * The one way a credit decision is stored and takes effect (issue 35, docs/credit-policy.md "Decisions"): the
 * policy's (decide-application.ts), a reviewer's and a credit manager's confirmation (credit-review.ts), and a
 * settled loan's fresh look (credit-redecision.ts). In the caller's transaction: the credit_decisions row, the
 * application's state with the reasons and reapply day the borrower reads, the offers of an approval, the audit
 * event. The SMS is queued in the outbox; the caller delivers `outboxId` after the commit.
 */

export type CreditDecisionTrigger = 'application' | 'review' | 'confirmation' | 'settlement';

export type CreditDecisionInput = {
  application: ApplicationRow;
  trigger: CreditDecisionTrigger;
  outcome: CreditOutcome;
  policyVersion: string;
  /** Everything the policy read (CreditInputs); a reviewer's decision copies those of the decision it answers. */
  inputs: CreditInputs | Record<string, unknown>;
  rules: readonly unknown[];
  points: readonly unknown[];
  score: number | null;
  band: string;
  limits: LimitLine[];
  reasons: CreditReason[];
  reapplyAfter: string | null;
  bureauReportId: number | null;
  /** 'job:credit-decision', 'job:credit-redecision' or 'staff:<id>'. */
  actor: string;
  audit: AuditActor;
  now: Date;
};

export type CreditDecisionRecorded = { decisionId: number; outboxId: number | undefined };

/** The state an application must be in for each kind of decision. */
const decidableFrom: Record<CreditDecisionTrigger, readonly ApplicationStatus[]> = {
  application: ['in_review'],
  review: ['referred'],
  confirmation: ['referred'],
  // A settled loan's decision looks at the borrower's approved application again; it proposes, never moves it.
  settlement: ['approved'],
};

/** Stores a decision and makes it take effect; 409 when the application is not in a state the trigger decides. */
export async function recordCreditDecision(tx: DbOrTx, input: CreditDecisionInput): Promise<CreditDecisionRecorded> {
  const row = await lockApplication(tx, input.application.id);
  if (!row || !decidableFrom[input.trigger].includes(row.status)) {
    throw new AppError(409, errorCodes.applicationClosed, 'creditDecisionNotOpen');
  }
  const decision = await insertDecision(tx, {
    applicationId: row.id,
    borrowerId: row.borrowerId,
    market: row.market,
    trigger: input.trigger,
    policyVersion: input.policyVersion,
    outcome: input.outcome,
    inputs: input.inputs,
    rules: [...input.rules],
    points: [...input.points],
    score: input.score,
    band: input.band,
    limits: input.limits,
    reasons: input.reasons,
    reapplyAfter: input.outcome === 'declined' ? input.reapplyAfter : null,
    bureauReportId: input.bureauReportId,
    actor: input.actor,
    decidedAt: input.now,
  });
  const moves = input.trigger !== 'settlement' && row.status !== input.outcome;
  let outboxId: number | undefined;
  if (moves) {
    const declined = input.outcome === 'declined';
    const decided = { reasons: declined ? input.reasons : [], reapplyAfter: declined ? input.reapplyAfter : null };
    ({ outboxId } = await changeState(tx, row, { to: input.outcome, actor: input.actor, now: input.now, decision: decided }));
  }
  const granted = moves && input.outcome === 'approved' ? await grantLimits(tx, row, input) : [];
  await recordAudit(tx, input.audit, {
    action: 'credit.decide',
    objectType: 'credit_application',
    objectId: row.id,
    before: { status: row.status },
    after: {
      status: moves ? input.outcome : row.status,
      decisionId: decision.id,
      trigger: input.trigger,
      outcome: input.outcome,
      policyVersion: input.policyVersion,
      score: input.score,
      band: input.band,
      reasons: input.reasons,
      reapplyAfter: decision.reapplyAfter,
      granted,
    },
  });
  return { decisionId: decision.id, outboxId };
}

/** An approval's offers: each limit over 0 on a product of the application's market, through pricing's grantOffer. */
async function grantLimits(tx: DbOrTx, row: ApplicationRow, input: CreditDecisionInput): Promise<{ productCode: string; limitAmount: number }[]> {
  const marketProducts = await tx.select({ code: products.code }).from(products).where(eq(products.market, row.market));
  const codes = new Set(marketProducts.map((p) => p.code));
  const granted: { productCode: string; limitAmount: number }[] = [];
  for (const line of input.limits) {
    if (line.limitAmount <= 0 || !codes.has(line.productCode)) continue;
    await grantOffer(tx, { borrowerId: row.borrowerId, productCode: line.productCode, limitAmount: line.limitAmount, now: input.now, audit: input.audit });
    granted.push({ productCode: line.productCode, limitAmount: line.limitAmount });
  }
  return granted;
}

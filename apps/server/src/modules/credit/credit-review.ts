import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { ReviewerDeclineReason } from '@presta/contract/application-rules';
import { addDays, todayIn } from '@presta/contract/dates';
import { errorCodes } from '@presta/contract/error-codes';
import { formatMarketMoney, markets } from '@presta/contract/markets';
import type { Db, DbOrTx } from '../../db/database';
import { creditApplications, creditApprovalRequests, creditDecisions, products, staffMembers } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import { lockApplication, type ApplicationRow } from '../application/application-store';
import { recordCreditDecision } from './credit-decision';
import { latestDecision } from './credit-store';
import { policyFor } from './policy/credit-policy';
import type { LimitLine } from './policy/policy-types';

/*
 * The reviewer's acts on a referred application (issue 35; docs/back-office.md "Credit decisions"). A reviewer
 * approves with a limit per product or declines with a reason from the list; either is a credit decision stored
 * through recordCreditDecision, the one way a decision takes effect. An approval above the policy's band is not a
 * decision yet: it waits in credit_approval_requests (this module's table) until a credit manager who is not its
 * maker confirms it (a decision with trigger 'confirmation') or refuses it (the application stays referred).
 * Every act is audited with its actor in the act's own transaction; the SMS it queues is delivered by the caller
 * after the commit (outboxId).
 */

export type ReviewContext = { db: Db; now: Date };
/** The member acting: their id (the maker or checker) and their audit actor. */
export type Reviewer = { staffId: number; actor: AuditActor };
export type ReviewedLimit = { productCode: string; limitAmount: number };
export type ReviewAnswer = { status: ApplicationRow['status']; pendingConfirmation: boolean; outboxId: number | undefined };
type DecisionRow = typeof creditDecisions.$inferSelect;
export type ApprovalRequestRow = typeof creditApprovalRequests.$inferSelect;

const objectType = 'credit_application';
const staffActor = (member: Reviewer) => `staff:${member.staffId}`;

/** The application by its number, locked, and the policy's decision that referred it; refused unless it is referred. */
async function referredApplication(tx: DbOrTx, applicationNo: string): Promise<{ application: ApplicationRow; referral: DecisionRow }> {
  const [found] = await tx.select({ id: creditApplications.id }).from(creditApplications).where(eq(creditApplications.applicationNo, applicationNo));
  const application = found ? await lockApplication(tx, found.id) : undefined;
  if (!application) throw new AppError(404, errorCodes.notFound, 'consoleApplicationNotFound');
  if (application.status !== 'referred') {
    throw new AppError(409, errorCodes.invalidTransition, 'creditReviewNotReferred', { applicationNo, status: application.status });
  }
  const referral = await latestDecision(tx, application.id);
  if (!referral || referral.outcome !== 'referred') throw new AppError(409, errorCodes.invalidTransition, 'creditReviewNoReferredDecision', { applicationNo });
  return { application, referral };
}

/**
 * The reviewer's limits checked against the market's products: each product offered in the application's market,
 * once, its limit within the product's least and most and on its steps (400 otherwise). Answers them as decision
 * lines, the band's and the affordability rule's most copied from the referral (0: the policy gave none).
 */
async function checkedLimits(tx: DbOrTx, application: ApplicationRow, referral: DecisionRow, limits: ReviewedLimit[]): Promise<LimitLine[]> {
  const codes = limits.map((l) => l.productCode);
  const offered = await tx
    .select()
    .from(products)
    .where(and(eq(products.market, application.market), eq(products.active, true), inArray(products.code, codes.length ? codes : [''])));
  const seen = new Set<string>();
  return limits.map(({ productCode, limitAmount }) => {
    const product = offered.find((p) => p.code === productCode);
    if (!product) throw new AppError(400, errorCodes.badRequest, 'creditReviewUnknownProduct', { productCode });
    if (seen.has(productCode)) throw new AppError(400, errorCodes.badRequest, 'creditReviewDuplicateProduct', { productCode });
    seen.add(productCode);
    if (limitAmount < product.amountMin || limitAmount > product.amountMax || limitAmount % product.amountStep !== 0) {
      const money = (minor: number) => formatMarketMoney(minor, application.market);
      throw new AppError(400, errorCodes.badRequest, 'creditReviewLimitOutOfRange', {
        productCode,
        min: money(product.amountMin),
        max: money(product.amountMax),
        step: money(product.amountStep),
      });
    }
    const policyLine = referral.limits.find((l) => l.productCode === productCode);
    return { productCode, limitAmount, bandMax: policyLine?.bandMax ?? 0, affordableMax: policyLine?.affordableMax ?? 0 };
  });
}

/** Closes the application's approval waiting for a credit manager, if any: a reviewer's decision made it moot. */
async function closePending(tx: DbOrTx, applicationId: number, now: Date) {
  await tx
    .update(creditApprovalRequests)
    .set({ status: 'refused', checkerNote: 'superseded by a reviewer’s decision', checkedAt: now })
    .where(and(eq(creditApprovalRequests.applicationId, applicationId), eq(creditApprovalRequests.status, 'pending')));
}

/** An approval as a decision: the referral's policy lines copied, the limits the member set, no reasons. */
async function approve(tx: DbOrTx, ctx: ReviewContext, member: Reviewer, found: { application: ApplicationRow; referral: DecisionRow }, trigger: 'review' | 'confirmation', limits: LimitLine[]) {
  const { application, referral } = found;
  return recordCreditDecision(tx, {
    application,
    trigger,
    outcome: 'approved',
    policyVersion: referral.policyVersion,
    inputs: referral.inputs,
    rules: referral.rules,
    points: referral.points,
    score: referral.score,
    band: referral.band,
    limits,
    reasons: [],
    reapplyAfter: null,
    bureauReportId: referral.bureauReportId,
    actor: staffActor(member),
    audit: member.actor,
    now: ctx.now,
  });
}

/**
 * A reviewer approves a referred application with a limit per product. Within the policy's band on every product
 * it takes effect at once (approved, offers granted, the borrower told by SMS); above it on any product it waits for
 * a credit manager (pendingConfirmation; the application stays referred).
 */
export async function approveReferred(ctx: ReviewContext, input: { applicationNo: string; limits: ReviewedLimit[]; note: string }, member: Reviewer): Promise<ReviewAnswer> {
  return ctx.db.transaction(async (tx) => {
    const found = await referredApplication(tx, input.applicationNo);
    const limits = await checkedLimits(tx, found.application, found.referral, input.limits);
    const aboveBand = limits.some((l) => l.limitAmount > l.bandMax);
    const after = { limits: limits.map(({ productCode, limitAmount, bandMax }) => ({ productCode, limitAmount, bandMax })), note: input.note };
    if (!aboveBand) {
      await closePending(tx, found.application.id, ctx.now);
      const { outboxId } = await approve(tx, ctx, member, found, 'review', limits);
      await recordAudit(tx, member.actor, { action: 'credit.review.approved', objectType, objectId: input.applicationNo, before: { status: 'referred' }, after });
      return { status: 'approved', pendingConfirmation: false, outboxId };
    }
    const [pending] = await tx
      .select({ id: creditApprovalRequests.id })
      .from(creditApprovalRequests)
      .where(and(eq(creditApprovalRequests.applicationId, found.application.id), eq(creditApprovalRequests.status, 'pending')));
    if (pending) throw new AppError(409, errorCodes.invalidTransition, 'creditReviewPendingExists', { applicationNo: input.applicationNo });
    const [request] = await tx
      .insert(creditApprovalRequests)
      .values({ applicationId: found.application.id, limits: input.limits, note: input.note, makerId: member.staffId, createdAt: ctx.now })
      .returning({ id: creditApprovalRequests.id });
    await recordAudit(tx, member.actor, { action: 'credit.review.approval_requested', objectType, objectId: input.applicationNo, after: { ...after, requestId: request!.id } });
    return { status: 'referred', pendingConfirmation: true, outboxId: undefined };
  });
}

/** A reviewer declines a referred application with a reason from the list; the borrower may apply again after the policy's wait. */
export async function declineReferred(ctx: ReviewContext, input: { applicationNo: string; reason: ReviewerDeclineReason; note: string }, member: Reviewer): Promise<ReviewAnswer> {
  return ctx.db.transaction(async (tx) => {
    const { application, referral } = await referredApplication(tx, input.applicationNo);
    const today = todayIn(markets[application.market].timeZone, ctx.now);
    const reapplyAfter = addDays(today, policyFor(application.market).reapplyAfterDays);
    const { outboxId } = await recordCreditDecision(tx, {
      application,
      trigger: 'review',
      outcome: 'declined',
      policyVersion: referral.policyVersion,
      inputs: referral.inputs,
      rules: referral.rules,
      points: referral.points,
      score: referral.score,
      band: referral.band,
      limits: referral.limits.map((l) => ({ ...l, limitAmount: 0 })),
      reasons: [input.reason],
      reapplyAfter,
      bureauReportId: referral.bureauReportId,
      actor: staffActor(member),
      audit: member.actor,
      now: ctx.now,
    });
    await closePending(tx, application.id, ctx.now);
    const after = { reason: input.reason, reapplyAfter, note: input.note };
    await recordAudit(tx, member.actor, { action: 'credit.review.declined', objectType, objectId: input.applicationNo, before: { status: 'referred' }, after });
    return { status: 'declined', pendingConfirmation: false, outboxId };
  });
}

/**
 * A credit manager confirms (the approval takes effect: a decision with trigger 'confirmation') or refuses (the
 * application stays referred for the reviewer) another member's approval above the band. The maker never checks
 * their own (403; the table's check refuses it too).
 */
export async function confirmApproval(ctx: ReviewContext, input: { applicationNo: string; confirm: boolean; note: string }, member: Reviewer): Promise<ReviewAnswer> {
  return ctx.db.transaction(async (tx) => {
    const found = await referredApplication(tx, input.applicationNo);
    const [request] = await tx
      .select()
      .from(creditApprovalRequests)
      .where(and(eq(creditApprovalRequests.applicationId, found.application.id), eq(creditApprovalRequests.status, 'pending')))
      .for('update');
    if (!request) throw new AppError(409, errorCodes.invalidTransition, 'creditReviewNoPending', { applicationNo: input.applicationNo });
    if (request.makerId === member.staffId) throw new AppError(403, errorCodes.forbidden, 'creditReviewOwnApproval');
    const status = input.confirm ? 'confirmed' : 'refused';
    await tx
      .update(creditApprovalRequests)
      .set({ status, checkerId: member.staffId, checkerNote: input.note, checkedAt: ctx.now })
      .where(eq(creditApprovalRequests.id, request.id));
    let outboxId: number | undefined;
    if (input.confirm) {
      const limits = request.limits.map(({ productCode, limitAmount }) => {
        const policyLine = found.referral.limits.find((l) => l.productCode === productCode);
        return { productCode, limitAmount, bandMax: policyLine?.bandMax ?? 0, affordableMax: policyLine?.affordableMax ?? 0 };
      });
      ({ outboxId } = await approve(tx, ctx, member, found, 'confirmation', limits));
    }
    const after = { status, requestId: request.id, makerId: request.makerId, limits: request.limits, note: input.note };
    await recordAudit(tx, member.actor, { action: `credit.review.${status}`, objectType, objectId: input.applicationNo, before: { status: 'pending' }, after });
    return { status: input.confirm ? 'approved' : 'referred', pendingConfirmation: false, outboxId };
  });
}

export type PendingApproval = { request: ApprovalRequestRow; makerName: string };

const makerName = (row: { name: string; email: string }) => row.name || row.email;

/** The approval of an application waiting for a credit manager, with its maker's name; undefined: none. */
export async function pendingApprovalOf(db: DbOrTx, applicationId: number): Promise<PendingApproval | undefined> {
  const [row] = await db
    .select({ request: creditApprovalRequests, maker: { name: staffMembers.name, email: staffMembers.email } })
    .from(creditApprovalRequests)
    .innerJoin(staffMembers, eq(staffMembers.id, creditApprovalRequests.makerId))
    .where(and(eq(creditApprovalRequests.applicationId, applicationId), eq(creditApprovalRequests.status, 'pending')));
  return row ? { request: row.request, makerName: makerName(row.maker) } : undefined;
}

/** Every approval waiting for a credit manager, oldest first, with its maker's name. */
export async function pendingApprovals(db: DbOrTx, limit: number): Promise<PendingApproval[]> {
  const rows = await db
    .select({ request: creditApprovalRequests, maker: { name: staffMembers.name, email: staffMembers.email } })
    .from(creditApprovalRequests)
    .innerJoin(staffMembers, eq(staffMembers.id, creditApprovalRequests.makerId))
    .where(eq(creditApprovalRequests.status, 'pending'))
    .orderBy(asc(creditApprovalRequests.createdAt), asc(creditApprovalRequests.id))
    .limit(limit);
  return rows.map((r) => ({ request: r.request, makerName: makerName(r.maker) }));
}

/** The newest decision of each application named (the queue's score, band and reasons). */
export async function latestDecisionsOf(db: DbOrTx, applicationIds: number[]): Promise<Map<number, DecisionRow>> {
  if (applicationIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([creditDecisions.applicationId])
    .from(creditDecisions)
    .where(inArray(creditDecisions.applicationId, applicationIds))
    .orderBy(creditDecisions.applicationId, desc(creditDecisions.decidedAt), desc(creditDecisions.id));
  return new Map(rows.map((d) => [d.applicationId, d]));
}

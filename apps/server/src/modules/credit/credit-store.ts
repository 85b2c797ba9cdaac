import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { bureauReports, creditDecisions, limitIncreaseProposals } from '../../db/schema';

/*
 * The one writer and reader of bureau_reports, credit_decisions and limit_increase_proposals (issue 35,
 * docs/credit-policy.md). Every writer takes the caller's transaction: a decision, the state change it makes and
 * its audit event are stored together or not at all (credit-decision.ts). credit_approval_requests belong to the
 * reviewer's credit-review.ts.
 */

export type BureauReportRow = typeof bureauReports.$inferSelect;
export type NewBureauReport = typeof bureauReports.$inferInsert;
export type CreditDecisionRow = typeof creditDecisions.$inferSelect;
export type NewCreditDecision = typeof creditDecisions.$inferInsert;
export type LimitIncreaseRow = typeof limitIncreaseProposals.$inferSelect;

// ---------------------------------------------------------------------------
// Bureau reports
// ---------------------------------------------------------------------------

/** Keeps a report as received, with the attributes the policy reads in columns. */
export async function insertBureauReport(tx: DbOrTx, report: NewBureauReport): Promise<BureauReportRow> {
  const [row] = await tx.insert(bureauReports).values(report).returning();
  return row!;
}

/** A report by id (undefined: none). */
export async function bureauReportOf(db: DbOrTx, id: number): Promise<BureauReportRow | undefined> {
  const [row] = await db.select().from(bureauReports).where(eq(bureauReports.id, id));
  return row;
}

/** The borrower's newest report pulled at or after `since` (the reuse window): undefined, none that young. */
export async function reusableBureauReport(db: DbOrTx, borrowerId: number, since: Date): Promise<BureauReportRow | undefined> {
  const [row] = await db
    .select()
    .from(bureauReports)
    .where(and(eq(bureauReports.borrowerId, borrowerId), gte(bureauReports.requestedAt, since)))
    .orderBy(desc(bureauReports.requestedAt), desc(bureauReports.id))
    .limit(1);
  return row;
}

/** The borrower's newest report, however old (a settlement's decision when no new pull is allowed). */
export async function latestBureauReport(db: DbOrTx, borrowerId: number): Promise<BureauReportRow | undefined> {
  const [row] = await db
    .select()
    .from(bureauReports)
    .where(eq(bureauReports.borrowerId, borrowerId))
    .orderBy(desc(bureauReports.requestedAt), desc(bureauReports.id))
    .limit(1);
  return row;
}

// ---------------------------------------------------------------------------
// Decisions
// ---------------------------------------------------------------------------

/** Stores a decision (recordCreditDecision is its one caller). */
export async function insertDecision(tx: DbOrTx, decision: NewCreditDecision): Promise<CreditDecisionRow> {
  const [row] = await tx.insert(creditDecisions).values(decision).returning();
  return row!;
}

/** The application's newest decision (undefined: none yet). */
export async function latestDecision(db: DbOrTx, applicationId: number): Promise<CreditDecisionRow | undefined> {
  const [row] = await db
    .select()
    .from(creditDecisions)
    .where(eq(creditDecisions.applicationId, applicationId))
    .orderBy(desc(creditDecisions.decidedAt), desc(creditDecisions.id))
    .limit(1);
  return row;
}

/** The application's decisions, oldest first (the policy's, then a reviewer's, a confirmation's, settlements'). */
export async function decisionsOf(db: DbOrTx, applicationId: number): Promise<CreditDecisionRow[]> {
  return db.select().from(creditDecisions).where(eq(creditDecisions.applicationId, applicationId)).orderBy(asc(creditDecisions.id));
}

// ---------------------------------------------------------------------------
// Limit increase proposals
// ---------------------------------------------------------------------------

/** A proposal: the borrower's pending one on the product, if any, is superseded by it. */
export async function insertProposal(
  tx: DbOrTx,
  proposal: { borrowerId: number; productId: number; decisionId: number; currentLimit: number; proposedLimit: number; expiresAt: Date; now: Date },
): Promise<LimitIncreaseRow> {
  const { now, ...values } = proposal;
  await tx
    .update(limitIncreaseProposals)
    .set({ status: 'superseded' })
    .where(
      and(
        eq(limitIncreaseProposals.borrowerId, proposal.borrowerId),
        eq(limitIncreaseProposals.productId, proposal.productId),
        eq(limitIncreaseProposals.status, 'pending'),
      ),
    );
  const [row] = await tx
    .insert(limitIncreaseProposals)
    .values({ ...values, createdAt: now })
    .returning();
  return row!;
}

/** Marks the borrower's pending proposals past their time expired (the reads and the answer call it first). */
export async function expireProposals(tx: DbOrTx, borrowerId: number, now: Date): Promise<void> {
  await tx
    .update(limitIncreaseProposals)
    .set({ status: 'expired' })
    .where(
      and(
        eq(limitIncreaseProposals.borrowerId, borrowerId),
        eq(limitIncreaseProposals.status, 'pending'),
        lte(limitIncreaseProposals.expiresAt, now),
      ),
    );
}

/** The borrower's proposals still open to an answer at `now`, oldest first. */
export async function pendingProposals(db: DbOrTx, borrowerId: number, now: Date): Promise<LimitIncreaseRow[]> {
  const rows = await db
    .select()
    .from(limitIncreaseProposals)
    .where(and(eq(limitIncreaseProposals.borrowerId, borrowerId), eq(limitIncreaseProposals.status, 'pending')))
    .orderBy(asc(limitIncreaseProposals.id));
  return rows.filter((r) => r.expiresAt.getTime() > now.getTime());
}

/** A proposal by id, locked for the answer (undefined: none). */
export async function lockProposal(tx: DbOrTx, id: number): Promise<LimitIncreaseRow | undefined> {
  const [row] = await tx.select().from(limitIncreaseProposals).where(eq(limitIncreaseProposals.id, id)).for('update');
  return row;
}

/** The borrower's answer: accepted or declined, when, from which session and address. */
export async function answerProposal(
  tx: DbOrTx,
  id: number,
  answer: { status: 'accepted' | 'declined'; at: Date; session: string; ip: string },
): Promise<LimitIncreaseRow> {
  const [row] = await tx
    .update(limitIncreaseProposals)
    .set({ status: answer.status, answeredAt: answer.at, answeredSession: answer.session, answeredIp: answer.ip })
    .where(eq(limitIncreaseProposals.id, id))
    .returning();
  return row!;
}

// ---------------------------------------------------------------------------
// Returning borrowers
// ---------------------------------------------------------------------------

/**
 * The applications a settlement's decision looks at again: each borrower's newest application, approved, when one
 * of their loans was settled (order_status_history's move to 200) after their newest decision.
 */
export async function applicationsToRedecide(db: DbOrTx): Promise<number[]> {
  const rows = await db.execute<{ id: string }>(sql`
    select a.id from credit_applications a
    where a.status = 'approved'
      and a.id = (select max(a2.id) from credit_applications a2 where a2.borrower_id = a.borrower_id)
      and exists (
        select 1 from orders o join order_status_history h on h.order_id = o.id
        where o.borrower_id = a.borrower_id and h.to_status = '200'
          and h.created_at > coalesce((select max(d.decided_at) from credit_decisions d where d.borrower_id = a.borrower_id), a.decided_at))
    order by a.id`);
  return [...rows].map((r) => Number(r.id));
}

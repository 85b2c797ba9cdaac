import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { errorCodes } from '@presta/contract/error-codes';
import type { Language } from '@presta/contract/language';
import type { Db, DbOrTx } from '../../db/database';
import { bankAccountVerifications, borrowerBankAccounts, borrowers, type AccountVerificationStatus } from '../../db/schema';
import { AppError, badRequest } from '../../lib/app-error';
import { maskBankAccount } from '../../lib/bank-account';
import { translate, type MessageKey } from '../../i18n/messages';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import { latestVerification, type AccountVerificationView, type StoredMatch } from './account-verification';

/*
 * The reviewer's side of bank account verification (docs/account.md "Verification"): the accounts held because
 * the bank's holder name did not match the verified identity name, with both names and the rule's explanation;
 * accept (the account may be paid) or reject (it may not: the borrower gives another), each with a reason and
 * audited with the member. A single reviewer decides (no second member). Listing shows identity names: each
 * account shown is written in the audit trail as read by the member. And the borrower's view of the state.
 */

const objectType = 'bank_account_verification';

export type ReviewInput = { verificationId: number; reason: string; audit: AuditActor };

/** The reviewer's decision on a held account (mismatch → accepted | rejected), audited in the same transaction. */
async function decide(db: Db, input: ReviewInput, to: 'accepted' | 'rejected', now: Date): Promise<AccountVerificationView> {
  const reason = input.reason.trim();
  if (reason.length < 3) throw badRequest('accountVerificationReasonRequired');
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(bankAccountVerifications).where(eq(bankAccountVerifications.id, input.verificationId)).for('update');
    if (!row) throw new AppError(404, errorCodes.notFound, 'notFound');
    if (row.status !== 'mismatch') throw new AppError(409, errorCodes.invalidTransition, 'accountVerificationNotHeld', { status: row.status });
    const reviewedBy = input.audit.type === 'staff' ? input.audit.email : 'system';
    const [updated] = await tx
      .update(bankAccountVerifications)
      .set({ status: to, reviewedBy, reviewReason: reason, reviewedAt: now, updatedAt: now })
      .where(eq(bankAccountVerifications.id, row.id))
      .returning();
    await recordAudit(tx, input.audit, {
      action: to === 'accepted' ? 'account.verification.accept' : 'account.verification.reject',
      objectType,
      objectId: row.id,
      before: { status: row.status },
      after: { status: to, reason, accountId: row.accountId },
    });
    return updated!;
  });
}

/** A reviewer accepts a held account with a reason: it may be paid (payableAccountOf: accepted). */
export const acceptMismatch = (ctx: { db: Db; now?: Date }, input: ReviewInput) => decide(ctx.db, input, 'accepted', ctx.now ?? new Date());
/** A reviewer rejects a held account with a reason: it may not be paid; the borrower is asked for another. */
export const rejectAccount = (ctx: { db: Db; now?: Date }, input: ReviewInput) => decide(ctx.db, input, 'rejected', ctx.now ?? new Date());

export type HeldAccount = {
  verificationId: number;
  status: AccountVerificationStatus;
  provider: string;
  market: 'MX' | 'IN';
  borrower: { id: number; fullName: string };
  account: { masked: string; bankName: string; ifsc: string | null };
  registeredName: string | null;
  identityName: string | null;
  match: StoredMatch | null;
  createdAt: Date;
};

/**
 * The accounts held for a reviewer (mismatch; with `status`, the other states too), oldest first: only the active
 * account's newest verification. Each one shown is recorded as read by the member (identity names).
 */
export async function listHeldVerifications(db: Db, input: { status: 'mismatch' | 'accepted' | 'rejected'; limit: number; viewer: AuditActor }): Promise<HeldAccount[]> {
  const rows = await db
    .select({ v: bankAccountVerifications, a: borrowerBankAccounts, b: { id: borrowers.id, fullName: borrowers.fullName } })
    .from(bankAccountVerifications)
    .innerJoin(borrowerBankAccounts, eq(borrowerBankAccounts.id, bankAccountVerifications.accountId))
    .innerJoin(borrowers, eq(borrowers.id, borrowerBankAccounts.borrowerId))
    .where(and(eq(bankAccountVerifications.status, input.status), isNull(borrowerBankAccounts.replacedAt)))
    .orderBy(input.status === 'mismatch' ? bankAccountVerifications.createdAt : desc(bankAccountVerifications.updatedAt))
    .limit(input.limit);
  const current = await newestOnly(db, rows.map((r) => r.v));
  const shown = rows.filter((r) => current.has(r.v.id));
  if (shown.length > 0) {
    await db.transaction(async (tx) => {
      for (const r of shown) await recordAudit(tx, input.viewer, { action: 'account.verification.read', objectType, objectId: r.v.id });
    });
  }
  return shown.map(({ v, a, b }) => ({
    verificationId: v.id,
    status: v.status,
    provider: v.provider,
    market: a.market,
    borrower: b,
    account: { masked: maskBankAccount(a.accountNumber), bankName: a.bankName, ifsc: a.ifsc },
    registeredName: v.registeredName,
    identityName: v.identityName,
    match: (v.match as StoredMatch | null) ?? null,
    createdAt: v.createdAt,
  }));
}

/** Which of these verifications are still their account's newest (an account re-verified later is not listed). */
async function newestOnly(db: DbOrTx, rows: AccountVerificationView[]): Promise<Set<number>> {
  if (rows.length === 0) return new Set();
  const all = await db
    .select({ id: bankAccountVerifications.id, accountId: bankAccountVerifications.accountId })
    .from(bankAccountVerifications)
    .where(inArray(bankAccountVerifications.accountId, [...new Set(rows.map((r) => r.accountId))]))
    .orderBy(desc(bankAccountVerifications.createdAt), desc(bankAccountVerifications.id));
  const newest = new Map<number, number>();
  for (const r of all) if (!newest.has(r.accountId)) newest.set(r.accountId, r.id);
  return new Set(newest.values());
}

// ---------------------------------------------------------------------------
// What the borrower sees
// ---------------------------------------------------------------------------

/** The borrower's words for each state: a mismatch is "under review"; an accepted mismatch is simply verified. */
export type BorrowerVerificationStatus = 'verified' | 'pending' | 'review' | 'failed' | 'rejected';

const borrowerStatus: Record<AccountVerificationStatus, BorrowerVerificationStatus> = {
  verified: 'verified',
  accepted: 'verified',
  pending: 'pending',
  mismatch: 'review',
  failed: 'failed',
  rejected: 'rejected',
};

const borrowerText: Record<BorrowerVerificationStatus, MessageKey> = {
  verified: 'accountVerificationVerified',
  pending: 'accountVerificationPending',
  review: 'accountVerificationReview',
  failed: 'accountVerificationFailed',
  rejected: 'accountVerificationRejected',
};

/** The state of the account as the borrower reads it (undefined: never verified, as accounts before issue 37). */
export async function borrowerVerificationOf(db: DbOrTx, accountId: number, lang: Language): Promise<{ status: BorrowerVerificationStatus; text: string } | undefined> {
  const latest = await latestVerification(db, accountId);
  if (!latest) return undefined;
  const status = borrowerStatus[latest.status];
  return { status, text: translate(lang, borrowerText[status]) };
}

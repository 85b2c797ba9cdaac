import { randomBytes } from 'node:crypto';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { errorCodes } from '@presta/contract/error-codes';
import type { Db, DbOrTx } from '../../db/database';
import { bankAccountVerifications, borrowerBankAccounts, borrowers, type AccountVerificationStatus } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { BankAccount } from '../orders/order-reads';
import { activeBankAccount } from '../orders/order-reads';
import { ProviderUnavailable } from '../payments/payment-provider';
import type { AccountValidation, PayoutBeneficiary, PayoutEvent, PayoutProvider, PayoutProviders } from '../payments/payouts/payout-provider';
import { identityNameText, matchNames, type NameMatch } from './name-match';
import { verifiedIdentity, type VerifiedIdentity } from './verified-identity';

/*
 * Bank account verification (issue 37, docs/account.md "Verification"): before an account receives its first
 * disbursal, the market's payout provider validates it (RazorpayX fund account validation, STP's SPEI validation)
 * and answers the holder's name as the bank registered it; the name-match rule compares it with the borrower's
 * verified identity name. A match verifies the account; a mismatch holds it for a reviewer (accept with a reason,
 * or reject: account-verification-review.ts). The one writer of bank_account_verifications; the newest row of an
 * account is its state. Never logs an account number or a name.
 */

export type AccountVerificationContext = { db: Db; payouts: PayoutProviders; log?: FastifyBaseLogger };
export type AccountVerificationView = typeof bankAccountVerifications.$inferSelect;
/** What the `match` column keeps: the rule's answer and where the identity name came from. */
export type StoredMatch = NameMatch & { identitySource: VerifiedIdentity['source']; applicationNo: string | null };

/** A pending verification is asked of the provider again (the poll) once it is older than this. */
export const VERIFICATION_POLL_AFTER_MS = 60_000;

/** The newest verification of the account (its state), or undefined: never asked. */
export async function latestVerification(db: DbOrTx, accountId: number): Promise<AccountVerificationView | undefined> {
  const [row] = await db
    .select()
    .from(bankAccountVerifications)
    .where(eq(bankAccountVerifications.accountId, accountId))
    .orderBy(desc(bankAccountVerifications.createdAt), desc(bankAccountVerifications.id))
    .limit(1);
  return row;
}

/** Our reference of a validation (its idempotency key at the provider): letters and digits, 20 characters. */
const newReference = () => `AV${randomBytes(9).toString('hex').toUpperCase()}`;

/**
 * Starts the verification of an account, once: an account already verified, accepted, held or refused is answered
 * as it is; a pending one is asked about again. A new one is saved (pending, its reference) before the provider is
 * called; a provider that does not answer leaves it pending for the poll. Without an identity name it fails at
 * once (nothing to compare). A market without a payout provider: 409.
 */
export async function startAccountVerification(ctx: AccountVerificationContext, accountId: number, now = new Date()): Promise<AccountVerificationView> {
  const [account] = await ctx.db.select().from(borrowerBankAccounts).where(eq(borrowerBankAccounts.id, accountId));
  if (!account) throw new AppError(404, errorCodes.notFound, 'notFound');
  const provider = ctx.payouts.forMarket(account.market);
  if (!provider) throw new AppError(409, errorCodes.invalidTransition, 'accountVerificationNoProvider');
  const created = await ctx.db.transaction(async (tx) => {
    await tx.select({ id: borrowerBankAccounts.id }).from(borrowerBankAccounts).where(eq(borrowerBankAccounts.id, accountId)).for('update');
    const latest = await latestVerification(tx, accountId);
    if (latest) return { row: latest, isNew: false };
    const [row] = await tx
      .insert(bankAccountVerifications)
      .values({ accountId, provider: provider.id, reference: newReference(), createdAt: now, updatedAt: now })
      .returning();
    return { row: row!, isNew: true };
  });
  if (created.row.status !== 'pending') return created.row;
  return askProvider(ctx, created.row, provider, now);
}

/** The beneficiary the provider validates: the account and the verified identity's name (never logged). */
async function beneficiaryOf(db: DbOrTx, account: BankAccount, identity: VerifiedIdentity): Promise<PayoutBeneficiary> {
  const [borrower] = await db.select({ phone: borrowers.phone }).from(borrowers).where(eq(borrowers.id, account.borrowerId));
  return {
    accountNumber: account.accountNumber,
    ifsc: account.ifsc,
    bankCode: account.bankCode,
    bankName: account.bankName,
    name: identityNameText(identity.name),
    accountId: account.id,
    borrowerId: account.borrowerId,
    ...(identity.taxId ? { taxId: identity.taxId } : {}),
    ...(identity.email ? { email: identity.email } : {}),
    ...(borrower ? { phone: borrower.phone } : {}),
  };
}

/**
 * Asks the provider about a pending verification: a new one (or one the provider never acknowledged) through
 * validateAccount under its reference (the same reference looks it up), a known one through getValidation. No
 * answer: it stays pending (checked now) for the poll.
 */
async function askProvider(ctx: AccountVerificationContext, row: AccountVerificationView, provider: PayoutProvider, now: Date): Promise<AccountVerificationView> {
  const [account] = await ctx.db.select().from(borrowerBankAccounts).where(eq(borrowerBankAccounts.id, row.accountId));
  const identity = await verifiedIdentity(ctx.db, account!.borrowerId);
  if (!identity) return finish(ctx.db, row, { status: 'failed', failureReason: 'no_identity_name' }, now);
  try {
    const validation = row.providerReference
      ? await provider.getValidation(row.reference, row.providerReference)
      : await provider.validateAccount({ reference: row.reference, beneficiary: await beneficiaryOf(ctx.db, account!, identity) });
    return await applyValidation(ctx.db, row, validation, now);
  } catch (err) {
    const kind = err instanceof ProviderUnavailable ? 'provider unavailable' : 'provider error';
    ctx.log?.warn({ verificationId: row.id, provider: provider.id, error: err instanceof Error ? err.name : 'unknown' }, `account verification left pending: ${kind}`);
    return finish(ctx.db, row, { status: 'pending' }, now);
  }
}

type Outcome = {
  status: AccountVerificationStatus;
  providerReference?: string | null;
  registeredName?: string | null;
  identityName?: string | null;
  match?: StoredMatch | null;
  failureReason?: string | null;
};

/** Writes what was learnt of a pending verification (only while it is pending: a final state is never changed). */
async function finish(db: DbOrTx, row: AccountVerificationView, outcome: Outcome, now: Date): Promise<AccountVerificationView> {
  const [updated] = await db
    .update(bankAccountVerifications)
    .set({ ...outcome, updatedAt: now })
    .where(and(eq(bankAccountVerifications.id, row.id), eq(bankAccountVerifications.status, 'pending')))
    .returning();
  return updated ?? (await latestById(db, row.id));
}

async function latestById(db: DbOrTx, id: number): Promise<AccountVerificationView> {
  const [row] = await db.select().from(bankAccountVerifications).where(eq(bankAccountVerifications.id, id));
  return row!;
}

/**
 * The provider's answer applied: completed → the holder's name compared with the verified identity name (verified
 * or mismatch; no name returned is a mismatch for a reviewer); an inactive account or a failed validation →
 * failed with the provider's reason; pending → still pending (its provider reference kept).
 */
async function applyValidation(db: DbOrTx, row: AccountVerificationView, validation: AccountValidation, now: Date): Promise<AccountVerificationView> {
  const providerReference = validation.providerReference ?? row.providerReference;
  if (validation.status === 'pending') return finish(db, row, { status: 'pending', providerReference }, now);
  if (validation.status === 'failed' || validation.accountActive === false) {
    return finish(db, row, { status: 'failed', providerReference, failureReason: validation.reason ?? (validation.accountActive === false ? 'account_inactive' : 'validation_failed') }, now);
  }
  const [account] = await db.select({ borrowerId: borrowerBankAccounts.borrowerId }).from(borrowerBankAccounts).where(eq(borrowerBankAccounts.id, row.accountId));
  const identity = await verifiedIdentity(db, account!.borrowerId);
  if (!identity) return finish(db, row, { status: 'failed', providerReference, failureReason: 'no_identity_name' }, now);
  const registeredName = validation.registeredName ?? '';
  const match: StoredMatch = { ...matchNames(registeredName, identity.name), identitySource: identity.source, applicationNo: identity.applicationNo };
  return finish(
    db,
    row,
    { status: match.outcome === 'match' ? 'verified' : 'mismatch', providerReference, registeredName: registeredName || null, identityName: identityNameText(identity.name), match },
    now,
  );
}

/**
 * A validation's callback (the payout webhook route hands over events with `validation`): applied to the
 * verification under that reference while it is pending. unknown: no verification has that reference; ignored:
 * not a validation, or it is no longer pending (a duplicate or late delivery).
 */
export async function applyValidationEvent(ctx: AccountVerificationContext, event: PayoutEvent, now = new Date()): Promise<'applied' | 'ignored' | 'unknown'> {
  if (!event.validation) return 'ignored';
  const reference = event.validation.reference || event.idempotencyKey;
  const [row] = await ctx.db
    .select()
    .from(bankAccountVerifications)
    .where(and(eq(bankAccountVerifications.provider, event.provider), eq(bankAccountVerifications.reference, reference)));
  if (!row) return 'unknown';
  if (row.status !== 'pending') return 'ignored';
  const updated = await applyValidation(ctx.db, row, event.validation, now);
  return updated.status !== 'pending' || updated.providerReference !== row.providerReference ? 'applied' : 'ignored';
}

/**
 * The job's work: every verification pending for longer than a minute (and not asked in the last minute) is asked
 * of its provider again. Answers how many were asked and how many are now settled.
 */
export async function pollPendingVerifications(ctx: AccountVerificationContext, now = new Date()): Promise<{ checked: number; settled: number }> {
  const due = await ctx.db
    .select()
    .from(bankAccountVerifications)
    .where(and(eq(bankAccountVerifications.status, 'pending'), lt(bankAccountVerifications.updatedAt, new Date(now.getTime() - VERIFICATION_POLL_AFTER_MS))))
    .orderBy(bankAccountVerifications.updatedAt)
    .limit(100);
  let settled = 0;
  for (const row of due) {
    const provider = ctx.payouts.byId(row.provider);
    if (!provider) continue;
    if ((await askProvider(ctx, row, provider, now)).status !== 'pending') settled += 1;
  }
  return { checked: due.length, settled };
}

export type PayableAccount =
  | { account: BankAccount; verification: 'verified' | 'accepted' }
  | { account: BankAccount | undefined; refusal: 'no_account' | 'pending' | 'mismatch' | 'rejected' | 'failed' | 'unverified' };

/**
 * The account a disbursal may pay: the borrower's active account when its verification is verified or accepted;
 * otherwise why not (no account; never verified; pending; held for a reviewer; refused; failed).
 */
export async function payableAccountOf(db: DbOrTx, borrowerId: number): Promise<PayableAccount> {
  const account = await activeBankAccount(db, borrowerId);
  if (!account) return { account: undefined, refusal: 'no_account' };
  const latest = await latestVerification(db, account.id);
  if (!latest) return { account, refusal: 'unverified' };
  if (latest.status === 'verified' || latest.status === 'accepted') return { account, verification: latest.status };
  return { account, refusal: latest.status };
}

/** The name the payout sends as the beneficiary's: the borrower's verified identity name (verified-identity.ts). */
export async function verifiedIdentityName(db: DbOrTx, borrowerId: number): Promise<string | undefined> {
  const identity = await verifiedIdentity(db, borrowerId);
  return identity ? identityNameText(identity.name) || undefined : undefined;
}

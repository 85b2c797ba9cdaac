import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { borrowers } from '../../db/schema';
import { activeBankAccount, type BankAccount } from '../orders/order-reads';

/*
 * TEMPORARY until account verification (modules/account/account-verification.ts, issue 37's H4 part) is merged:
 * the same signatures as its `payableAccountOf` and `verifiedIdentityName`, holding only what is known without it
 * (the borrower's active account exists; their name as recorded). At the merge the disbursal imports the real ones
 * and this file is deleted.
 */

export type PayableAccount =
  | { account: BankAccount; verification: 'verified' | 'accepted' }
  | { account: BankAccount | undefined; refusal: 'no_account' | 'pending' | 'mismatch' | 'rejected' | 'failed' | 'unverified' };

/** The borrower's active account, the only check possible before verification exists. */
export async function payableAccountOf(db: DbOrTx, borrowerId: number): Promise<PayableAccount> {
  const account = await activeBankAccount(db, borrowerId);
  return account ? { account, verification: 'verified' } : { account: undefined, refusal: 'no_account' };
}

/** The name the payout sends as the beneficiary's: the borrower's name as recorded. */
export async function verifiedIdentityName(db: DbOrTx, borrowerId: number): Promise<string | undefined> {
  const [row] = await db.select({ fullName: borrowers.fullName }).from(borrowers).where(eq(borrowers.id, borrowerId));
  return row?.fullName || undefined;
}

import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { bankAccountSchema } from '@presta/contract/api/account';
import { todayIn } from '@presta/contract/dates';
import { errorCodes } from '@presta/contract/error-codes';
import { marketOf, type MarketCode } from '@presta/contract/markets';
import type { Db, DbOrTx } from '../../db/database';
import { borrowerBankAccounts, borrowers } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { maskBankAccount } from '../../lib/bank-account';
import type { MessageKey } from '../../i18n/messages';
import { activeBankAccount, type BankAccount } from '../orders/order-reads';
import { isValidClabe, parseClabe } from '../payments/clabe';
import { isValidIfsc } from '../payments/india-accounts';
import { codeRefused, queueBorrowerCode, type QueuedCode } from '../verification/borrower-codes';
import { checkCode, type CodeCheck } from '../verification/verification-codes';
import { borrowerMarket } from '../session/borrower-profile';
import type { Language } from '@presta/contract/language';
import type { FastifyBaseLogger } from 'fastify';
import type { PayoutProviders } from '../payments/payouts/payout-provider';
import { startAccountVerification } from './account-verification';
import { borrowerVerificationOf } from './account-verification-review';
import { mxBankName } from './mx-banks';

/*
 * The bank account loans are disbursed to (decision 017 point 6; docs/account.md "Bank account"). One active
 * account per borrower; a new one replaces it (the old kept with replaced_at). This module is the one writer of
 * borrower_bank_accounts; the orders module reads the active account (the disbursal records the one it paid).
 */

export type BankAccountView = z.input<typeof bankAccountSchema>;

/** An account as typed, checked: what is stored. */
export type CheckedBankAccount = Pick<BankAccount, 'market' | 'kind' | 'accountNumber' | 'bankCode' | 'bankName' | 'ifsc'>;

const refuse = (key: MessageKey, vars: Record<string, string> = {}) => new AppError(400, errorCodes.badRequest, key, vars);

/**
 * The account the borrower typed, checked for their market (400 badRequest, one message per fault). Spaces and
 * dashes in the number are dropped; the IFSC is read in capitals. Mexico: an 18-digit CLABE whose check digit is
 * right and whose bank code names a known bank (no IFSC). India: an account number of 9 to 18 digits and a
 * well-formed IFSC (its first 4 letters name the bank).
 */
export function checkBankAccount(market: MarketCode, input: { account: string; ifsc?: string | undefined }): CheckedBankAccount {
  const number = input.account.replace(/[\s-]/g, '');
  const ifsc = (input.ifsc ?? '').trim().toUpperCase();
  if (market === 'MX') {
    if (ifsc !== '') throw refuse('bankAccountIfscUnexpected');
    if (!/^\d{18}$/.test(number)) throw refuse('bankAccountClabeFormat');
    const parts = isValidClabe(number) ? parseClabe(number) : null;
    if (!parts) throw refuse('bankAccountClabeCheckDigit');
    const bankName = mxBankName(parts.bankCode);
    if (bankName === undefined) throw refuse('bankAccountClabeBank', { code: parts.bankCode });
    return { market, kind: 'clabe', accountNumber: number, bankCode: parts.bankCode, bankName, ifsc: null };
  }
  if (!/^\d{9,18}$/.test(number)) throw refuse('bankAccountNumberFormat');
  if (ifsc === '') throw refuse('bankAccountIfscRequired');
  if (!isValidIfsc(ifsc)) throw refuse('bankAccountIfscFormat');
  return { market, kind: 'account', accountNumber: number, bankCode: ifsc.slice(0, 4), bankName: ifsc.slice(0, 4), ifsc };
}

/**
 * Makes `account` the borrower's active account, in one transaction with the borrower's row locked (two saves
 * at once leave one active): the active one is kept with replaced_at = now, the new one inserted. The same
 * account as the active one is answered as it is (nothing written).
 */
export async function saveBankAccount(db: Db, borrowerId: number, account: CheckedBankAccount, now = new Date(), after?: AfterSave): Promise<BankAccount> {
  const saved = await db.transaction(async (tx) => {
    await lockBorrower(tx, borrowerId);
    return saveLocked(tx, borrowerId, account, now);
  });
  await verifyAfterSave(db, after, saved.id, now);
  return saved;
}

/**
 * What a save needs to start the account's verification after its commit (account-verification.ts): the payout
 * providers, the log, and the language of the answer's words. Without it nothing is verified (the disbursal
 * starts it when it finds the account unverified).
 */
export type AfterSave = { payouts: PayoutProviders; log?: FastifyBaseLogger; lang: Language };

/** How long a save waits for the provider's first answer before it answers "pending" (the verification goes on). */
const VERIFY_WAIT_MS = 1_500;

/**
 * Starts the verification of a saved account; never fails the save, and never holds it longer than VERIFY_WAIT_MS
 * (a provider slow or down leaves it pending: the call goes on, and the poll finishes what it could not).
 */
async function verifyAfterSave(db: Db, after: AfterSave | undefined, accountId: number, now: Date): Promise<void> {
  if (!after) return;
  const started = startAccountVerification({ db, payouts: after.payouts, ...(after.log ? { log: after.log } : {}) }, accountId, now).then(
    () => undefined,
    (err: unknown) => after.log?.warn({ accountId, error: err instanceof Error ? err.name : 'unknown' }, 'account verification not started'),
  );
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, VERIFY_WAIT_MS);
    timer.unref();
  });
  await Promise.race([started, waited]);
  clearTimeout(timer);
}

/** The borrower's row locked for the transaction; their phone (undefined: no such borrower). */
async function lockBorrower(tx: DbOrTx, borrowerId: number): Promise<string | undefined> {
  const [row] = await tx.select({ phone: borrowers.phone }).from(borrowers).where(eq(borrowers.id, borrowerId)).for('update');
  return row?.phone;
}

async function saveLocked(tx: DbOrTx, borrowerId: number, account: CheckedBankAccount, now: Date): Promise<BankAccount> {
  const active = await activeBankAccount(tx, borrowerId);
  if (active && sameAccount(active, account)) return active;
  if (active) await replace(tx, active.id, now);
  const [created] = await tx
    .insert(borrowerBankAccounts)
    .values({ borrowerId, ...account, createdAt: now })
    .returning();
  return created!;
}

// ---------------------------------------------------------------------------
// A change confirmed by an SMS code (verification module, purpose bank_account)
// ---------------------------------------------------------------------------

/**
 * Step 1 of a change: a 6-digit code sent by SMS to the borrower's own phone, in their language, with the limits of
 * every phone proof (60 s between codes, daily caps per phone and address: 429 with the wait, also as Retry-After). The code
 * and its SMS are written in one transaction; `outboxId` is what the caller delivers after the commit.
 */
export async function sendBankAccountCode(
  db: Db,
  borrowerId: number,
  clientIp: string,
  now = new Date(),
): Promise<QueuedCode> {
  return db.transaction(async (tx) => {
    const [borrower] = await tx.select({ phone: borrowers.phone, language: borrowers.language }).from(borrowers).where(eq(borrowers.id, borrowerId));
    if (!borrower) throw new AppError(404, errorCodes.notFound, 'notFound');
    return queueBorrowerCode(tx, { purpose: 'bank_account', smsPurpose: 'bank_account_code', body: 'bankAccountSmsBody', borrower, clientIp, now });
  });
}

/**
 * Step 2: the account checked for the borrower's market (400 400001 before the code is tried, so a typo costs no
 * try), then the code of step 1 checked and the account saved in one transaction (the borrower's row locked). A
 * code not accepted is 400 400003, the wrong try counted (committed) and nothing saved.
 */
export async function changeBankAccount(
  db: Db,
  borrowerId: number,
  input: { account: string; ifsc?: string | undefined; code: string },
  now = new Date(),
  after?: AfterSave,
): Promise<BankAccountView> {
  const account = checkBankAccount(await borrowerMarket(db, borrowerId), input);
  const result = await db.transaction(async (tx): Promise<{ check: 'ok'; saved: BankAccount } | { check: Exclude<CodeCheck, 'ok'> }> => {
    const phone = await lockBorrower(tx, borrowerId);
    if (phone === undefined) throw new AppError(404, errorCodes.notFound, 'notFound');
    const check = await checkCode(tx, { purpose: 'bank_account', phone, code: input.code, now });
    return check === 'ok' ? { check, saved: await saveLocked(tx, borrowerId, account, now) } : { check };
  });
  if (result.check !== 'ok') throw codeRefused(result.check);
  await verifyAfterSave(db, after, result.saved.id, now);
  return withVerification(db, bankAccountView(result.saved), result.saved.id, after?.lang);
}

/** The view with the account's verification as the borrower reads it (in `lang`; none asked: as it is). */
async function withVerification(db: DbOrTx, view: BankAccountView, accountId: number, lang: Language | undefined): Promise<BankAccountView> {
  if (!lang) return view;
  const verification = await borrowerVerificationOf(db, accountId, lang);
  return verification ? { ...view, verification } : view;
}

function sameAccount(a: CheckedBankAccount, b: CheckedBankAccount): boolean {
  return a.market === b.market && a.kind === b.kind && a.accountNumber === b.accountNumber && a.ifsc === b.ifsc;
}

async function replace(tx: DbOrTx, accountId: number, now: Date): Promise<void> {
  await tx
    .update(borrowerBankAccounts)
    .set({ replacedAt: now })
    .where(and(eq(borrowerBankAccounts.id, accountId), isNull(borrowerBankAccounts.replacedAt)));
}

/** The account as the borrower sees it: masked to its last 4 digits, its bank, and the day it was saved (the market's calendar). */
export function bankAccountView(account: BankAccount): BankAccountView {
  return {
    market: account.market,
    kind: account.kind,
    masked: maskBankAccount(account.accountNumber),
    bankName: account.bankName,
    ifsc: account.ifsc,
    since: todayIn(marketOf(account.market).timeZone, account.createdAt),
  };
}

/** The borrower's active account as they see it, or null; with `lang`, its verification's state in that language. */
export async function getBankAccount(db: DbOrTx, borrowerId: number, lang?: Language): Promise<BankAccountView | null> {
  const account = await activeBankAccount(db, borrowerId);
  return account ? withVerification(db, bankAccountView(account), account.id, lang) : null;
}

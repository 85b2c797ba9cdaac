import { randomBytes, randomInt } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defaultBrand } from '@presta/contract/brand';
import { accountBankAccount, accountBankAccountCode, accountBankAccountSave } from '@presta/contract/api/account';
import {
  consoleAccountVerificationAccept,
  consoleAccountVerificationReject,
  consoleAccountVerifications,
} from '@presta/contract/api/console/account-verifications';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { connect } from '../src/db/database';
import { auditEvents, bankAccountVerifications, borrowerBankAccounts, creditApplications, kycChecks, smsOutbox } from '../src/db/schema';
import { checkBankAccount, saveBankAccount } from '../src/modules/account/bank-account-service';
import {
  applyValidationEvent,
  payableAccountOf,
  pollPendingVerifications,
  startAccountVerification,
  verifiedIdentityName,
} from '../src/modules/account/account-verification';
import { ProviderUnavailable } from '../src/modules/payments/payment-provider';
import type { AccountValidation, PayoutProvider, PayoutProviders } from '../src/modules/payments/payouts/payout-provider';
import { payoutProvidersOf } from '../src/modules/payments/payouts/payout-providers';
import { consoleCall, consoleSignInAs, staffMember, type ConsoleAuth } from './console-fixtures';
import { borrowerWithOffer, createBorrower, dataOf, injectAs, testDatabaseUrl, TEST_CLABE, type TestApp } from './helpers';

/*
 * Bank account verification (issue 37) through the app: a scripted payout provider per market answers each
 * validation with the holder's name the test chose (or is down, or answers later), as RazorpayX and STP would.
 */

type Script = { mode: 'answer' | 'down' | 'later'; holder: string | undefined };

/** A payout provider that only validates accounts, answering as `script` says; every call recorded. */
function scriptedProvider(id: 'stp' | 'razorpayx', script: Script, calls: string[]): PayoutProvider {
  const completed = (reference: string): AccountValidation => ({
    status: 'completed',
    reference,
    providerReference: `fav_${reference}`,
    accountActive: true,
    ...(script.holder === undefined ? {} : { registeredName: script.holder }),
  });
  const answer = (call: string, reference: string): Promise<AccountValidation> => {
    calls.push(`${call} ${reference}`);
    if (script.mode === 'down') return Promise.reject(new ProviderUnavailable(id, 'timeout'));
    if (script.mode === 'later') return Promise.resolve({ status: 'pending', reference, providerReference: `fav_${reference}` });
    return Promise.resolve(completed(reference));
  };
  const refuse = () => Promise.reject(new Error('not scripted'));
  return {
    id,
    market: id === 'stp' ? 'MX' : 'IN',
    verification: 'scripted',
    createPayout: refuse,
    getPayout: refuse,
    handleWebhook: refuse,
    validateAccount: ({ reference }) => answer('validate', reference),
    getValidation: (reference) => answer('get', reference),
  };
}

const script: Script = { mode: 'answer', holder: undefined };
const calls: string[] = [];
const payouts: PayoutProviders = payoutProvidersOf({ MX: 'stp', IN: 'razorpayx' }, [scriptedProvider('stp', script, calls), scriptedProvider('razorpayx', script, calls)]);

let t: TestApp;
beforeAll(async () => {
  const url = testDatabaseUrl();
  const config: Config = { ...loadConfig(), demoTools: true, brand: defaultBrand, databaseUrl: url, cacheTtlMs: 0, redisKeyPrefix: `presta-test-${randomBytes(4).toString('hex')}:` };
  const database = connect(url, { max: 4 });
  const app = await buildApp({ config, db: database.db, logger: false, payouts });
  await app.ready();
  t = { app, db: database.db, config, close: async () => (await app.close(), await database.close()) };
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  Object.assign(script, { mode: 'answer', holder: undefined });
  calls.length = 0;
});

const post = (sessionId: string, url: string, payload: Record<string, string> = {}, query: Record<string, string> = {}) => injectAs(t.app, sessionId, { url, payload, query });

/** A Mexican borrower whose identity the verifier confirmed (an application with a verified CURP check), no account. */
async function mexicanBorrower(names = { givenNames: 'Juan Carlos', firstSurname: 'Pérez', secondSurname: 'López' }) {
  const { borrower, sessionId } = await borrowerWithOffer(t.db, { borrower: { bankAccount: '', fullName: 'Juanito Registro' } });
  const [application] = await t.db
    .insert(creditApplications)
    .values({
      applicationNo: `AP${String(randomInt(0, 1e10)).padStart(10, '0')}`,
      borrowerId: borrower.id,
      market: 'MX',
      status: 'approved',
      identity: { ...names, email: 'juan@example.com' },
      identityCompletedAt: new Date(),
      curp: 'PELJ900101HDFRPN09',
    })
    .returning();
  await t.db.insert(kycChecks).values({ applicationId: application!.id, check: 'curp', outcome: 'verified', provider: 'sandbox', reference: 'k1' });
  return { borrower, sessionId, applicationNo: application!.applicationNo };
}

/** Saves the CLABE through the borrower's two calls (code by SMS, then the account with it). */
async function saveThroughPage(sessionId: string, phone: string, query: Record<string, string> = {}) {
  expect((await post(sessionId, accountBankAccountCode.path)).statusCode).toBe(200);
  const [sms] = await t.db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone)).orderBy(desc(smsOutbox.id)).limit(1);
  const code = /\b(\d{6})\b/.exec(sms!.body)![1]!;
  const res = await post(sessionId, accountBankAccountSave.path, { account: TEST_CLABE, code }, query);
  expect(res.statusCode, res.body).toBe(200);
  return dataOf(res, accountBankAccountSave).account;
}

const pageOf = async (sessionId: string, query: Record<string, string> = {}) => dataOf(await post(sessionId, accountBankAccount.path, {}, query), accountBankAccount).account;
const verificationOf = async (accountId: number) =>
  (await t.db.select().from(bankAccountVerifications).where(eq(bankAccountVerifications.accountId, accountId)).orderBy(desc(bankAccountVerifications.id)))[0]!;
const activeAccountId = async (borrowerId: number) =>
  (await t.db.select().from(borrowerBankAccounts).where(eq(borrowerBankAccounts.borrowerId, borrowerId)).orderBy(desc(borrowerBankAccounts.id)))[0]!.id;

describe('saving an account starts its verification', () => {
  it('the bank’s name matches the verified identity: verified, payable, the page says so', async () => {
    script.holder = 'PEREZ LOPEZ JUAN CARLOS';
    const { borrower, sessionId, applicationNo } = await mexicanBorrower();
    const saved = await saveThroughPage(sessionId, borrower.phone);
    expect(saved.verification).toEqual({ status: 'verified', text: 'Cuenta verificada: a su nombre.' });
    const row = await verificationOf(await activeAccountId(borrower.id));
    expect(row).toMatchObject({ provider: 'stp', status: 'verified', registeredName: 'PEREZ LOPEZ JUAN CARLOS', identityName: 'Juan Carlos Pérez López' });
    expect(row.match).toMatchObject({ rule: 'name-match/1', outcome: 'match', identitySource: 'application', applicationNo });
    expect(calls).toEqual([`validate ${row.reference}`]);
    expect(await payableAccountOf(t.db, borrower.id)).toMatchObject({ verification: 'verified' });
    expect(await verifiedIdentityName(t.db, borrower.id)).toBe('Juan Carlos Pérez López');
    expect((await pageOf(sessionId, { language: '1' }))?.verification).toEqual({ status: 'verified', text: 'Account verified: it is in your name.' });
  });

  it('a different holder: held for review, not payable; saving the same account again asks nothing new', async () => {
    script.holder = 'MARIA PEREZ LOPEZ';
    const { borrower, sessionId } = await mexicanBorrower();
    const saved = await saveThroughPage(sessionId, borrower.phone);
    expect(saved.verification?.status).toBe('review');
    const accountId = await activeAccountId(borrower.id);
    const row = await verificationOf(accountId);
    expect(row.status).toBe('mismatch');
    expect(row.match).toMatchObject({ outcome: 'mismatch', reason: 'word_not_in_identity' });
    expect(await payableAccountOf(t.db, borrower.id)).toMatchObject({ refusal: 'mismatch' });
    await saveBankAccount(t.db, borrower.id, checkBankAccount('MX', { account: TEST_CLABE }), new Date(), { payouts, lang: 'es' });
    expect(calls).toHaveLength(1);
    expect((await verificationOf(accountId)).id).toBe(row.id);
  });

  it('the provider is down: the save stands, pending; the poll a minute later completes it; a late callback is ignored', async () => {
    script.mode = 'down';
    const { borrower, sessionId } = await mexicanBorrower();
    const saved = await saveThroughPage(sessionId, borrower.phone);
    expect(saved.verification?.status).toBe('pending');
    expect((await pageOf(sessionId))?.verification?.text).toMatch(/Estamos verificando/);
    const accountId = await activeAccountId(borrower.id);
    expect(await payableAccountOf(t.db, borrower.id)).toMatchObject({ refusal: 'pending' });

    Object.assign(script, { mode: 'answer', holder: 'J. CARLOS PEREZ' });
    const row = await verificationOf(accountId);
    await pollPendingVerifications({ db: t.db, payouts }, new Date(row.updatedAt.getTime() + 30_000));
    expect((await verificationOf(accountId)).status).toBe('pending');
    const polled = await pollPendingVerifications({ db: t.db, payouts }, new Date(row.updatedAt.getTime() + 61_000));
    expect(polled.checked).toBeGreaterThanOrEqual(1);
    expect(await verificationOf(accountId)).toMatchObject({ status: 'verified', registeredName: 'J. CARLOS PEREZ' });
    // The provider was never acknowledged: the poll asks again under the same reference.
    expect(calls.slice(-1)).toEqual([`validate ${row.reference}`]);
    const late = await applyValidationEvent({ db: t.db, payouts }, lateEvent(row.reference, 'SOMEONE ELSE'));
    expect(late).toBe('ignored');
    expect((await verificationOf(accountId)).status).toBe('verified');
  });

  it('answered later: the callback completes it once; an unknown reference is unknown', async () => {
    script.mode = 'later';
    const { borrower } = await mexicanBorrower();
    const account = await saveBankAccount(t.db, borrower.id, checkBankAccount('MX', { account: TEST_CLABE }), new Date(), { payouts, lang: 'es' });
    const row = await verificationOf(account.id);
    expect(row).toMatchObject({ status: 'pending', providerReference: `fav_${row.reference}` });
    expect(await applyValidationEvent({ db: t.db, payouts }, lateEvent(row.reference, 'Juan Pérez'))).toBe('applied');
    expect(await applyValidationEvent({ db: t.db, payouts }, lateEvent(row.reference, 'Juan Pérez'))).toBe('ignored');
    expect(await applyValidationEvent({ db: t.db, payouts }, lateEvent('AVNOSUCHREFERENCE', 'Juan Pérez'))).toBe('unknown');
    expect((await verificationOf(account.id)).status).toBe('verified');
  });

  it('India: the registered name (no application) in another order with an initial; a bank that returns no name is held', async () => {
    const borrower = await createBorrower(t.db, { bankAccount: '', fullName: 'Rahul Kumar Sharma' });
    const account = await saveBankAccount(t.db, borrower.id, checkBankAccount('IN', { account: '50100234567891', ifsc: 'HDFC0001234' }));
    expect(calls).toEqual([]);
    script.holder = 'SHARMA R';
    const started = await startAccountVerification({ db: t.db, payouts }, account.id);
    expect(started).toMatchObject({ provider: 'razorpayx', status: 'verified', identityName: 'Rahul Kumar Sharma' });
    expect(started.match).toMatchObject({ identitySource: 'registration', applicationNo: null });

    const other = await createBorrower(t.db, { bankAccount: '', fullName: 'Priya Iyer' });
    script.holder = undefined;
    const otherAccount = await saveBankAccount(t.db, other.id, checkBankAccount('IN', { account: '50100234567892', ifsc: 'HDFC0001234' }), new Date(), { payouts, lang: 'en' });
    expect(await verificationOf(otherAccount.id)).toMatchObject({ status: 'mismatch', registeredName: null });
  });

  it('an account never verified is unverified for the disbursal, and the page shows no state', async () => {
    const { borrower, sessionId } = await borrowerWithOffer(t.db);
    expect(await payableAccountOf(t.db, borrower.id)).toMatchObject({ refusal: 'unverified' });
    expect((await pageOf(sessionId))?.verification).toBeUndefined();
    const none = await createBorrower(t.db, { bankAccount: '' });
    expect(await payableAccountOf(t.db, none.id)).toEqual({ account: undefined, refusal: 'no_account' });
  });
});

function lateEvent(reference: string, holder: string) {
  return {
    provider: 'stp' as const,
    dedupeKey: `v-${reference}-${randomInt(0, 1e9)}`,
    type: 'validation.completed',
    idempotencyKey: reference,
    state: { status: 'pending' as const },
    occurredAt: new Date(),
    validation: { status: 'completed' as const, reference, registeredName: holder, accountActive: true },
  };
}

describe('the reviewer: held accounts, accept or reject with a reason', () => {
  let reviewer: ConsoleAuth;
  let finance: ConsoleAuth;
  let support: ConsoleAuth;
  beforeAll(async () => {
    reviewer = await consoleSignInAs(t, await staffMember(t, ['reviewer']), '198.51.100.71');
    finance = await consoleSignInAs(t, await staffMember(t, ['finance']), '198.51.100.72');
    support = await consoleSignInAs(t, await staffMember(t, ['support']), '198.51.100.73');
  });

  async function heldAccount() {
    script.holder = 'PEDRO PEREZ';
    const { borrower, sessionId } = await mexicanBorrower();
    await saveThroughPage(sessionId, borrower.phone);
    return { borrower, sessionId, verification: await verificationOf(await activeAccountId(borrower.id)) };
  }

  it('lists a held account with both names and the explanation; each shown is audited as read', async () => {
    const { verification } = await heldAccount();
    const res = await consoleCall(t, finance, consoleAccountVerifications, { limit: 200 });
    expect(res.statusCode, res.body).toBe(200);
    const listed = dataOf(res, consoleAccountVerifications).accounts.find((a) => a.verificationId === verification.id);
    expect(listed).toMatchObject({
      status: 'mismatch',
      registeredName: 'PEDRO PEREZ',
      identityName: 'Juan Carlos Pérez López',
      account: { masked: '**** 5678', bankName: 'Banamex' },
      match: { outcome: 'mismatch', reason: 'word_not_in_identity' },
    });
    expect(listed!.match!.lines).toContainEqual({ bank: 'PEDRO', identity: null, role: null, how: 'contradicts' });
    expect(res.body).not.toContain(TEST_CLABE);
    const read = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'account.verification.read'), eq(auditEvents.objectId, String(verification.id))));
    expect(read.length).toBeGreaterThanOrEqual(1);
  });

  it('accept: a reason is required; then the account is payable, the borrower sees it verified, the act is audited', async () => {
    const { borrower, sessionId, verification } = await heldAccount();
    const noReason = await consoleCall(t, reviewer, consoleAccountVerificationAccept, { verificationId: verification.id, reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    const res = await consoleCall(t, reviewer, consoleAccountVerificationAccept, { verificationId: verification.id, reason: 'Nombre de casada en el banco' });
    expect(res.statusCode, res.body).toBe(200);
    expect(dataOf(res, consoleAccountVerificationAccept)).toEqual({ verificationId: verification.id, status: 'accepted' });
    expect(await verificationOf(verification.accountId)).toMatchObject({ status: 'accepted', reviewReason: 'Nombre de casada en el banco' });
    expect(await payableAccountOf(t.db, borrower.id)).toMatchObject({ verification: 'accepted' });
    expect((await pageOf(sessionId))?.verification?.status).toBe('verified');
    const [event] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'account.verification.accept'), eq(auditEvents.objectId, String(verification.id))));
    expect(event).toMatchObject({ actorType: 'staff', before: { status: 'mismatch' }, after: { status: 'accepted', reason: 'Nombre de casada en el banco' } });
    // Decided once: a second decision is 409.
    const again = await consoleCall(t, reviewer, consoleAccountVerificationReject, { verificationId: verification.id, reason: 'otra vez' });
    expect(again.statusCode).toBe(409);
  });

  it('reject: not payable, the borrower is asked for another account (in English too)', async () => {
    const { borrower, sessionId, verification } = await heldAccount();
    const res = await consoleCall(t, reviewer, consoleAccountVerificationReject, { verificationId: verification.id, reason: 'Cuenta de un tercero' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await payableAccountOf(t.db, borrower.id)).toMatchObject({ refusal: 'rejected' });
    expect((await pageOf(sessionId, { language: '1' }))?.verification).toEqual({
      status: 'rejected',
      text: 'This account is not in your name, so we cannot pay into it. Please add another account in your name.',
    });
    expect((await consoleCall(t, reviewer, consoleAccountVerificationReject, { verificationId: 999_999_999, reason: 'nadie' })).statusCode).toBe(404);
  });

  it('roles: finance reads but cannot decide; support cannot read', async () => {
    const { verification } = await heldAccount();
    expect((await consoleCall(t, finance, consoleAccountVerificationAccept, { verificationId: verification.id, reason: 'no puedo' })).statusCode).toBe(403);
    expect((await consoleCall(t, support, consoleAccountVerifications, {})).statusCode).toBe(403);
    expect((await verificationOf(verification.accountId)).status).toBe('mismatch');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import {
  accountBankAccount,
  accountBankAccountCode,
  accountBankAccountSave,
  accountHome,
  accountLanguage,
  accountLoans,
  accountOffers,
  accountProfile,
} from '@presta/contract/api/account';
import { apiRoutes } from '@presta/contract/api/api-routes';
import { signedPayload } from './agreement-fixtures';
import { loanDetailPush, loanDetails } from '@presta/contract/api/loan';
import { addDays, todayIn } from '@presta/contract/dates';
import { borrowerBankAccounts, borrowers, orders, productOffers as productOffersTable, smsOutbox, verificationCodes } from '../src/db/schema';
import { getLoanPosition } from '../src/modules/ledger/ledger-position';
import { transitionOrder } from '../src/modules/orders/order-service';
import { AppError } from '../src/lib/app-error';
import { checkBankAccount, saveBankAccount } from '../src/modules/account/bank-account-service';
import { translate } from '../src/i18n/messages';
import {
  borrowerWithOffer,
  buildTestApp,
  createSession,
  dataOf,
  injectAs,
  offerProduct,
  seedProduct,
  TEST_CLABE,
  wrapper,
  type TestApp,
} from './helpers';
import { makeLoan, read, type Status } from './repayment-fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const paths = {
  profile: apiRoutes.accountProfile.path,
  language: apiRoutes.accountLanguage.path,
  loans: apiRoutes.accountLoans.path,
  offers: apiRoutes.accountOffers.path,
  home: apiRoutes.accountHome.path,
  bankAccount: apiRoutes.accountBankAccount.path,
  bankAccountCode: apiRoutes.accountBankAccountCode.path,
  bankAccountSave: apiRoutes.accountBankAccountSave.path,
};

const post = (sessionId: string | undefined, url: string, payload: Record<string, string | number> = {}, query: Record<string, string> = {}) =>
  injectAs(t.app, sessionId, { url, payload, query });

const push = async (sessionId: string, productId: number, amount = 200_000, periods = 2) =>
  dataOf(await post(sessionId, '/v3/loan-confirm/loan-detail-push', await signedPayload(t.app, sessionId, { productId, amount, periods, termUnit: 15 })), loanDetailPush);

describe('account calls: the session is required, and each borrower sees only their own (two borrowers)', () => {
  it('every call without a session or with a foreign-looking one is 401', async () => {
    for (const url of Object.values(paths)) {
      for (const sessionId of [undefined, '0'.repeat(32)]) {
        const res = await post(sessionId, url, { language: 'en' });
        expect(res.statusCode, url).toBe(401);
        expect(wrapper(res).code).toBe('401001');
      }
    }
  });

  it('profile, loans, offers, home, bank account and language answer the caller’s own data only', async () => {
    const a = await borrowerWithOffer(t.db, { limit: 500_000, borrower: { fullName: 'Ana Uno', phone: `5510${Date.now() % 1e6}0001` } });
    const b = await borrowerWithOffer(t.db, { limit: 300_000, borrower: { fullName: 'Beto Dos', phone: `5520${Date.now() % 1e6}0002`, bankAccount: '' } });
    const aOrder = await push(a.sessionId, a.product.id);

    const profileA = read(await post(a.sessionId, paths.profile), accountProfile);
    const profileB = read(await post(b.sessionId, paths.profile), accountProfile);
    expect(profileA).toEqual({ fullName: 'Ana Uno', maskedPhone: '******0001', language: 'es', market: 'MX' });
    expect(profileB).toMatchObject({ fullName: 'Beto Dos', maskedPhone: '******0002' });

    const loansA = read(await post(a.sessionId, paths.loans), accountLoans).loans;
    const loansB = read(await post(b.sessionId, paths.loans), accountLoans).loans;
    expect(loansA.map((l) => l.orderId)).toEqual([aOrder.orderId]);
    expect(loansB).toEqual([]);

    const offersA = read(await post(a.sessionId, paths.offers), accountOffers);
    const offersB = read(await post(b.sessionId, paths.offers), accountOffers);
    expect(offersA).toEqual({ offers: [], activeOrderId: aOrder.orderId });
    expect(offersB.activeOrderId).toBeNull();
    expect(offersB.offers.map((o) => o.productId)).toEqual([String(b.product.id)]);

    const homeA = read(await post(a.sessionId, paths.home), accountHome);
    const homeB = read(await post(b.sessionId, paths.home), accountHome);
    expect(homeA.activeLoan?.orderId).toBe(aOrder.orderId);
    expect(homeA.offers).toEqual([]);
    expect(homeB.activeLoan).toBeNull();
    expect(homeB.offers.map((o) => o.productId)).toEqual([String(b.product.id)]);

    expect(read(await post(a.sessionId, paths.bankAccount), accountBankAccount).account).toMatchObject({
      kind: 'clabe',
      masked: '**** 5678',
      bankName: 'Banamex',
    });
    expect(read(await post(b.sessionId, paths.bankAccount), accountBankAccount).account).toBeNull();

    // A's language changes A only.
    expect(read(await post(a.sessionId, paths.language, { language: 'en' }), accountLanguage).language).toBe('en');
    const [rowA] = await t.db.select({ language: borrowers.language }).from(borrowers).where(eq(borrowers.id, a.borrower.id));
    const [rowB] = await t.db.select({ language: borrowers.language }).from(borrowers).where(eq(borrowers.id, b.borrower.id));
    expect([rowA?.language, rowB?.language]).toEqual(['en', 'es']);
  });
});

describe('my loans', () => {
  it('each status with its name in the request’s language; disbursed loans carry the ledger’s position', async () => {
    const statuses: Status[] = ['21', '151', '110', '174', '180', '200'];
    for (const status of statuses) {
      const loan = await makeLoan(t.db, { status, amount: 200_000, periods: 2 });
      for (const [language, names] of [
        ['2', { '21': 'En revisión', '151': 'Aprobado', '110': 'No aprobado', '174': 'Desembolsado', '180': 'Vencido', '200': 'Liquidado' }],
        ['1', { '21': 'Under review', '151': 'Approved', '110': 'Not approved', '174': 'Disbursed', '180': 'Overdue', '200': 'Settled' }],
      ] as const) {
        const [summary] = read(await post(loan.sessionId, paths.loans, {}, { language }), accountLoans).loans;
        expect(summary, status).toMatchObject({
          orderId: loan.orderId,
          orderNo: loan.orderNo,
          status,
          statusText: names[status],
          productId: String(loan.product.id),
          productName: loan.product.name,
          market: 'MX',
          principal: 200_000,
          appliedOn: todayIn(loan.product.timeZone),
        });
        const [order] = await t.db.select().from(orders).where(eq(orders.id, Number(loan.orderId)));
        expect(summary!.disbursedOn).toBe(order!.disbursedOn);
        if (status === '174' || status === '180') {
          const { position } = await getLoanPosition(t.db, Number(loan.orderId));
          expect(summary!.outstanding).toBe(position.totals.outstandingTotal);
          expect(summary!.nextPayment).toEqual(position.nextPayment);
          expect(summary!.outstanding).toBeGreaterThan(0);
          // The agreed total is the plan's (the ledger's owed less the late charges accrued).
          expect(summary!.totalOwed).toBe(
            position.instalments.reduce((acc, x) => acc + x.owed.principal + x.owed.interest + x.owed.commission + x.owed.vat, 0),
          );
        } else {
          expect(summary!.outstanding).toBe(0);
          expect(summary!.nextPayment).toBeNull();
        }
      }
    }
  });

  it('every order, newest first; the one the ledger says fell due is shown (and moved) overdue', async () => {
    const { product, borrower, sessionId } = await borrowerWithOffer(t.db, { limit: 500_000 });
    const first = await push(sessionId, product.id);
    await transitionOrder(t.db, { orderNo: first.orderNo, action: 'reject', actor: 'operator' });
    const second = await push(sessionId, product.id, 300_000, 3);
    await transitionOrder(t.db, { orderNo: second.orderNo, action: 'approve', actor: 'operator' });
    // Disbursed 20 days ago: instalment 1 fell due 5 days ago, and no sweep has run.
    await transitionOrder(t.db, { orderNo: second.orderNo, action: 'disburse', actor: 'operator', disbursedOn: addDays(todayIn(product.timeZone), -20) });
    await t.db.update(orders).set({ createdAt: new Date(Date.now() - 86_400_000) }).where(eq(orders.id, Number(first.orderId)));
    const loans = read(await post(sessionId, paths.loans), accountLoans).loans;
    expect(loans.map((l) => [l.orderId, l.status])).toEqual([
      [second.orderId, '180'],
      [first.orderId, '110'],
    ]);
    const [stored] = await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, Number(second.orderId)));
    expect(stored?.status).toBe('180');
    const { position } = await getLoanPosition(t.db, Number(second.orderId));
    expect(loans[0]!.nextPayment).toEqual(position.nextPayment);
    expect(loans[0]!.totalOwed).toBeGreaterThan(300_000);
    expect(borrower.id).toBeGreaterThan(0);
  });
});

describe('offers and home', () => {
  it('offers the borrower’s active products within the offer’s limit, in steps; none below the minimum; none while an order is open', async () => {
    const { product, borrower, sessionId } = await borrowerWithOffer(t.db, { limit: 470_000 });
    const small = await seedProduct(t.db, { amountMin: 200_000, amountStep: 100_000, periodsMin: 2, periodsMax: 4, dailyRatePpm: 1_500 });
    await offerProduct(t.db, borrower.id, small.id, 150_000);
    const inactive = await seedProduct(t.db, { active: false });
    await offerProduct(t.db, borrower.id, inactive.id, 500_000);
    const roomy = await seedProduct(t.db, { amountMax: 300_000 });
    await offerProduct(t.db, borrower.id, roomy.id, 900_000);
    const stranger = await borrowerWithOffer(t.db);

    const { offers, activeOrderId } = read(await post(sessionId, paths.offers), accountOffers);
    expect(activeOrderId).toBeNull();
    expect(offers).toEqual([
      {
        productId: String(product.id),
        productName: product.name,
        productLogo: product.logoUrl,
        market: 'MX',
        amountMin: 100_000,
        amountMax: 450_000,
        amountStep: 50_000,
        periodsMin: 1,
        periodsMax: 6,
        termUnitDays: 15,
        dailyRate: '0,10%',
      },
      expect.objectContaining({ productId: String(roomy.id), amountMax: 300_000 }),
    ]);
    expect(offers.map((o) => o.productId)).not.toContain(String(stranger.product.id));

    const order = await push(sessionId, product.id);
    expect(read(await post(sessionId, paths.offers), accountOffers)).toEqual({ offers: [], activeOrderId: order.orderId });
    await transitionOrder(t.db, { orderNo: order.orderNo, action: 'reject', actor: 'operator' });
    expect(read(await post(sessionId, paths.offers), accountOffers).offers).toHaveLength(2);
  });

  it('home: the active loan with its next payment (the ledger’s), or the offers', async () => {
    const loan = await makeLoan(t.db, { status: '174', amount: 200_000, periods: 2 });
    const home = read(await post(loan.sessionId, paths.home), accountHome);
    const { position } = await getLoanPosition(t.db, Number(loan.orderId));
    expect(home.profile.fullName).toBe('Ana Prueba');
    expect(home.activeLoan).toMatchObject({ orderId: loan.orderId, status: '174', nextPayment: position.nextPayment });
    expect(home.activeLoan?.nextPayment?.amount).toBeGreaterThan(0);
    expect(home.offers).toEqual([]);

    const settled = await makeLoan(t.db, { status: '200' });
    const after = read(await post(settled.sessionId, paths.home), accountHome);
    expect(after.activeLoan).toBeNull();
    expect(after.offers.map((o) => o.productId)).toEqual([String(settled.product.id)]);
  });
});

describe('language', () => {
  it('refuses a language that is not es or en (400), and a change is seen by the next call on another process', async () => {
    const other = await buildTestApp({ cacheTtlMs: 60_000 });
    try {
      for (let i = 0; i < 250 && !other.app.repos.sessions.cache.enabled; i++) await new Promise((r) => setTimeout(r, 20));
      expect(other.app.repos.sessions.cache.enabled).toBe(true);
      const { sessionId } = await borrowerWithOffer(t.db);
      for (const language of ['fr', '', 'EN']) {
        const res = await post(sessionId, paths.language, { language });
        expect(res.statusCode, language).toBe(400);
      }
      // The other process has the session cached, in Spanish.
      expect((await injectAs(other.app, sessionId, { url: paths.profile })).statusCode).toBe(200);
      expect(other.app.repos.sessions.cache.get(sessionId)?.borrower.language).toBe('es');
      const changed = read(await post(sessionId, paths.language, { language: 'en' }), accountLanguage);
      expect(changed.language).toBe('en');
      // The announcement drops it there; its next call reads the new language.
      await expect.poll(() => other.app.repos.sessions.cache.get(sessionId)?.borrower.language, { timeout: 5_000, interval: 20 }).not.toBe('es');
      expect((await injectAs(other.app, sessionId, { url: paths.profile })).statusCode).toBe(200);
      expect(other.app.repos.sessions.cache.get(sessionId)?.borrower.language).toBe('en');
    } finally {
      await other.close();
    }
  });
});

describe('bank account', () => {
  const refusal = (fn: () => unknown) => {
    try {
      fn();
    } catch (err) {
      if (err instanceof AppError) return { status: err.status, code: err.code, es: translate('es', err.messageKey, err.vars), en: translate('en', err.messageKey, err.vars) };
      throw err;
    }
    throw new Error('expected a refusal');
  };

  it('Mexico: an 18-digit CLABE with its check digit and a known bank code', () => {
    expect(checkBankAccount('MX', { account: ' 002 180 7009 1239 5678 ' })).toEqual({
      market: 'MX',
      kind: 'clabe',
      accountNumber: TEST_CLABE,
      bankCode: '002',
      bankName: 'Banamex',
      ifsc: null,
    });
    expect(checkBankAccount('MX', { account: '646180000000000012' })).toMatchObject({ bankCode: '646', bankName: 'STP' });
    expect(refusal(() => checkBankAccount('MX', { account: '00218070091239567' }))).toEqual({
      status: 400,
      code: '400001',
      es: 'La CLABE debe tener 18 dígitos.',
      en: 'The CLABE must be 18 digits.',
    });
    // One digit changed: the check digit no longer matches.
    expect(refusal(() => checkBankAccount('MX', { account: '002180700912395679' }))).toMatchObject({
      code: '400001',
      en: 'The CLABE is not valid: its check digit does not match. Check the 18 digits.',
    });
    // A right check digit on a bank code no bank has.
    expect(refusal(() => checkBankAccount('MX', { account: '999180700912395671' }))).toMatchObject({
      es: 'La CLABE no corresponde a un banco que conozcamos (clave 999). Revise los primeros 3 dígitos.',
      en: 'The CLABE does not name a bank we know (code 999). Check its first 3 digits.',
    });
    expect(refusal(() => checkBankAccount('MX', { account: TEST_CLABE, ifsc: 'HDFC0001234' })).en).toBe(
      'In Mexico only the CLABE is needed: leave the IFSC empty.',
    );
  });

  it('India: an account number of 9 to 18 digits and an IFSC', () => {
    expect(checkBankAccount('IN', { account: '5010-0234-567891', ifsc: 'hdfc0001234' })).toEqual({
      market: 'IN',
      kind: 'account',
      accountNumber: '50100234567891',
      bankCode: 'HDFC',
      bankName: 'HDFC',
      ifsc: 'HDFC0001234',
    });
    expect(refusal(() => checkBankAccount('IN', { account: '12345678', ifsc: 'HDFC0001234' })).en).toBe('The account number must be 9 to 18 digits.');
    expect(refusal(() => checkBankAccount('IN', { account: '1234567890123456789', ifsc: 'HDFC0001234' })).code).toBe('400001');
    expect(refusal(() => checkBankAccount('IN', { account: '50100234567891' })).en).toBe('Enter the IFSC of your branch.');
    for (const ifsc of ['HDFC1001234', 'HDF00001234', 'HDFC000123', 'HDFC0001234X']) {
      expect(refusal(() => checkBankAccount('IN', { account: '50100234567891', ifsc })), ifsc).toMatchObject({
        es: 'El IFSC no es válido: son 4 letras, un 0 y 6 letras o dígitos (por ejemplo HDFC0001234).',
      });
    }
  });

  it('one active account: a new one replaces it (kept with replaced_at); the same one changes nothing; two at once leave one', async () => {
    const { borrower, sessionId } = await borrowerWithOffer(t.db, { borrower: { bankAccount: '' } });
    const first = await saveBankAccount(t.db, borrower.id, checkBankAccount('MX', { account: TEST_CLABE }));
    expect((await saveBankAccount(t.db, borrower.id, checkBankAccount('MX', { account: TEST_CLABE }))).id).toBe(first.id);
    const second = await saveBankAccount(t.db, borrower.id, checkBankAccount('MX', { account: '646180000000000012' }));
    const rows = await t.db.select().from(borrowerBankAccounts).where(eq(borrowerBankAccounts.borrowerId, borrower.id));
    expect(rows.map((r) => [r.id, r.replacedAt !== null])).toEqual([
      [first.id, true],
      [second.id, false],
    ]);
    expect(read(await post(sessionId, paths.bankAccount), accountBankAccount).account).toEqual({
      market: 'MX',
      kind: 'clabe',
      masked: '**** 0012',
      bankName: 'STP',
      ifsc: null,
      since: todayIn('America/Mexico_City', second.createdAt),
    });
    await Promise.all(
      ['012180001234567899', '072180001234567897', '014180001234567897'].map((account) =>
        saveBankAccount(t.db, borrower.id, { market: 'MX', kind: 'clabe', accountNumber: account, bankCode: account.slice(0, 3), bankName: 'x', ifsc: null }),
      ),
    );
    const active = (await t.db.select().from(borrowerBankAccounts).where(eq(borrowerBankAccounts.borrowerId, borrower.id))).filter((r) => r.replacedAt === null);
    expect(active).toHaveLength(1);
  });

  it('the disbursal records the account it paid; loan-details shows that one after a later change', async () => {
    const { product, borrower, sessionId } = await borrowerWithOffer(t.db, { limit: 500_000 });
    const order = await push(sessionId, product.id);
    const details = async () =>
      dataOf(await post(sessionId, '/v3/loan-details/loan-details', { orderId: order.orderId }), loanDetails).userOrderDetail.detail.find(
        (r) => r.text === 'Cuenta de depósito',
      )?.value;
    expect(await details()).toBe('**** 5678');
    const stp = await saveBankAccount(t.db, borrower.id, checkBankAccount('MX', { account: '646180000000000012' }));
    expect(await details()).toBe('**** 0012');
    await transitionOrder(t.db, { orderNo: order.orderNo, action: 'approve', actor: 'operator' });
    await transitionOrder(t.db, { orderNo: order.orderNo, action: 'disburse', actor: 'operator' });
    const [row] = await t.db.select({ paidTo: orders.disbursedToAccountId }).from(orders).where(eq(orders.id, Number(order.orderId)));
    expect(row?.paidTo).toBe(stp.id);
    await saveBankAccount(t.db, borrower.id, checkBankAccount('MX', { account: TEST_CLABE }));
    expect(await details()).toBe('**** 0012');
    expect(read(await post(sessionId, paths.bankAccount), accountBankAccount).account?.masked).toBe('**** 5678');
    const contract = wrapper(await post(sessionId, '/v3/loan-details/contract-detail', { orderNo: order.orderNo })).data as { bankNo: string };
    expect(contract.bankNo).toBe('**** 0012');
  });
});

describe('changing the bank account with an SMS code', () => {
  /** The code of the latest SMS to the phone (the outbox holds what the provider was given). */
  async function smsTo(phone: string) {
    const [m] = await t.db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone)).orderBy(desc(smsOutbox.id)).limit(1);
    return { purpose: m?.purpose, body: m?.body ?? '', code: /\b(\d{6})\b/.exec(m?.body ?? '')?.[1] ?? '' };
  }
  const activeOf = async (borrowerId: number) =>
    (await t.db.select().from(borrowerBankAccounts).where(eq(borrowerBankAccounts.borrowerId, borrowerId))).filter((r) => r.replacedAt === null);

  it('the code goes to the borrower’s own phone in their language; a wrong account costs no try; a wrong code saves nothing', async () => {
    const { borrower, sessionId } = await borrowerWithOffer(t.db, { borrower: { bankAccount: '', language: 'en' } });
    const sent = read(await post(sessionId, paths.bankAccountCode), accountBankAccountCode);
    expect(sent).toEqual({ resendAfter: 60, expiresIn: 300 });
    const sms = await smsTo(borrower.phone);
    expect(sms.purpose).toBe('bank_account_code');
    expect(sms.body).toBe(`Presta: your code to change your deposit account is ${sms.code}. It expires in 5 minutes. If you did not ask for it, never share it.`);
    const [stored] = await t.db.select().from(verificationCodes).where(eq(verificationCodes.phone, borrower.phone));
    expect(stored?.purpose).toBe('bank_account');
    // Another code at once: wait.
    const again = await post(sessionId, paths.bankAccountCode);
    expect(again.statusCode).toBe(429);
    expect(wrapper(again).code).toBe('429001');
    // The wait in seconds for the page's countdown (decision 025).
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(55);

    // A bad CLABE is refused before the code is tried.
    const bad = await post(sessionId, paths.bankAccountSave, { account: '002180700912395679', code: sms.code }, { language: '1' });
    expect(bad.statusCode).toBe(400);
    expect(wrapper(bad)).toMatchObject({ code: '400001', message: 'The CLABE is not valid: its check digit does not match. Check the 18 digits.' });
    const wrongCode = String((Number(sms.code) + 1) % 1_000_000).padStart(6, '0');
    const wrong = await post(sessionId, paths.bankAccountSave, { account: TEST_CLABE, code: wrongCode });
    expect(wrong.statusCode).toBe(400);
    expect(wrapper(wrong)).toMatchObject({ success: false, code: '400002', message: 'El código SMS no es correcto.' });
    expect(await activeOf(borrower.id)).toHaveLength(0);
    const [counted] = await t.db.select().from(verificationCodes).where(eq(verificationCodes.phone, borrower.phone));
    expect(counted?.wrongTries).toBe(1);

    const saved = read(await post(sessionId, paths.bankAccountSave, { account: '0021 8070 0912 3956 78', code: sms.code }), accountBankAccountSave);
    expect(saved.account).toMatchObject({ market: 'MX', kind: 'clabe', masked: '**** 5678', bankName: 'Banamex', ifsc: null });
    expect((await activeOf(borrower.id)).map((r) => r.accountNumber)).toEqual([TEST_CLABE]);
    // The code is used up.
    const reused = await post(sessionId, paths.bankAccountSave, { account: '646180000000000012', code: sms.code });
    expect(wrapper(reused).code).toBe('400002');
    expect((await activeOf(borrower.id)).map((r) => r.accountNumber)).toEqual([TEST_CLABE]);
  });

  it('the code is required and is the borrower’s own: another borrower’s code is refused', async () => {
    const a = await borrowerWithOffer(t.db);
    const b = await borrowerWithOffer(t.db);
    expect(read(await post(a.sessionId, paths.bankAccountCode), accountBankAccountCode).expiresIn).toBe(300);
    const { code } = await smsTo(a.borrower.phone);
    const incomplete: Record<string, string>[] = [{ account: '646180000000000012' }, { account: '646180000000000012', code: '' }, { account: '646180000000000012', code: '12345' }];
    for (const payload of incomplete) {
      expect((await post(a.sessionId, paths.bankAccountSave, payload)).statusCode).toBe(400);
    }
    const foreign = await post(b.sessionId, paths.bankAccountSave, { account: '646180000000000012', code });
    expect(wrapper(foreign).code).toBe('400002');
    expect((await activeOf(b.borrower.id)).map((r) => r.accountNumber)).toEqual([TEST_CLABE]);
    expect((await activeOf(a.borrower.id)).map((r) => r.accountNumber)).toEqual([TEST_CLABE]);
    expect(read(await post(a.sessionId, paths.bankAccountSave, { account: '646180000000000012', code }), accountBankAccountSave).account.bankName).toBe('STP');
    const rows = await t.db.select().from(borrowerBankAccounts).where(eq(borrowerBankAccounts.borrowerId, a.borrower.id)).orderBy(borrowerBankAccounts.id);
    expect(rows.map((r) => [r.accountNumber, r.replacedAt === null])).toEqual([
      [TEST_CLABE, false],
      ['646180000000000012', true],
    ]);
  });

  it('India: an account number and IFSC', async () => {
    const product = await seedProduct(t.db, {
      market: 'IN',
      currency: 'INR',
      timeZone: 'Asia/Kolkata',
      lateRule: 'in_tiered',
      vatPpm: 180_000,
    });
    const borrower = await createBorrowerWithOffer(product.id);
    await post(borrower.sessionId, paths.bankAccountCode);
    const { code } = await smsTo(borrower.phone);
    const missing = await post(borrower.sessionId, paths.bankAccountSave, { account: '50100234567891', code });
    expect(wrapper(missing)).toMatchObject({ code: '400001', message: 'Escriba el IFSC de su sucursal.' });
    const saved = read(await post(borrower.sessionId, paths.bankAccountSave, { account: '50100234567891', ifsc: 'HDFC0001234', code }), accountBankAccountSave);
    expect(saved.account).toMatchObject({ market: 'IN', kind: 'account', masked: '**** 7891', bankName: 'HDFC', ifsc: 'HDFC0001234' });
  });
});

async function createBorrowerWithOffer(productId: number) {
  const { borrower, sessionId } = await borrowerWithOffer(t.db, { borrower: { bankAccount: '' } });
  await t.db.delete(productOffersTable).where(eq(productOffersTable.borrowerId, borrower.id));
  await offerProduct(t.db, borrower.id, productId, 500_000);
  return { sessionId, phone: borrower.phone, id: borrower.id };
}

describe('no second active loan (issue 16)', () => {
  it('confirm and push of another product answer 409005 while an order is open; createSession gives the same answers to a second session', async () => {
    const { product, borrower, sessionId } = await borrowerWithOffer(t.db, { limit: 500_000 });
    const other = await seedProduct(t.db);
    await offerProduct(t.db, borrower.id, other.id, 500_000);
    await push(sessionId, product.id);
    const second = await createSession(t.db, borrower.id);
    for (const s of [sessionId, second]) {
      const confirm = await post(s, '/v3/loan-confirm/loan-detail-confirm', { productId: other.id });
      const pushOther = await post(s, '/v3/loan-confirm/loan-detail-push', { productId: other.id, amount: 200_000, periods: 2, termUnit: 15 });
      for (const res of [confirm, pushOther]) {
        expect(res.statusCode).toBe(409);
        expect(wrapper(res).code).toBe('409005');
      }
    }
  });
});

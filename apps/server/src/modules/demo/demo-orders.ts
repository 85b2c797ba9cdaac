import { approvedStatuses, disbursedStatuses, statusIn } from '@presta/contract/order-status';
import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { todayIn } from '@presta/contract/dates';
import type { Language } from '@presta/contract/language';
import type { OrderStatus } from '@presta/contract/order-status';
import type { DbOrTx } from '../../db/database';
import { bankCards, borrowerBankAccounts, borrowers, coupons, keyFactsStatements, productOffers, products } from '../../db/schema';
import { sandboxCardToken } from '../payments/card-processor';
import { getLoanPosition } from '../ledger/ledger-position';
import { middayOf } from '../ledger/ledger-service';
import { recordPayment } from '../payments/record-payment';
import { issueAcknowledgedKeyFacts, linkKeyFacts } from '../loan/key-facts-service';
import { createOrder, refreshOverdue, transitionOrder } from '../orders/order-service';
import { seedDemoStaff } from './demo-staff';
import { disburseThroughPayout, verifyDemoAccount } from './demo-disbursal';
import { demoAgreementOnCreate, signDemoAgreement } from './demo-agreement';
import { findBestCoupon } from '../pricing/loan-offers';

const DAY_MS = 86_400_000;

export type DemoBorrowerInput = {
  fullName: string;
  phone?: string;
  language: Language;
  productCode: 'presta-mx' | 'presta-in';
  /** Approved limit on the product, minor units (default: the product's maximum / 2). */
  limit?: number;
  couponAmount?: number;
  /** An offer last evaluated more than a day ago: the confirmation page shows the recalculation modal. */
  staleOffer?: boolean;
  isDemo?: boolean;
};

export async function productByCode(db: DbOrTx, code: string) {
  const [product] = await db.select().from(products).where(eq(products.code, code)).limit(1);
  if (!product) throw new Error(`product ${code} is missing: run the server once to seed the catalogue`);
  return product;
}

/** A borrower with an offer on one product, a bank account for disbursal (and, optionally, a coupon). */
export async function createDemoBorrower(db: DbOrTx, input: DemoBorrowerInput) {
  const product = await productByCode(db, input.productCode);
  const phone = input.phone ?? `${input.productCode === 'presta-in' ? '9' : '55'}${String(randomInt(0, 1e8)).padStart(8, '0')}${input.productCode === 'presta-in' ? '0' : ''}`;
  const [borrower] = await db
    .insert(borrowers)
    .values({
      phone,
      fullName: input.fullName,
      language: input.language,
      address: input.productCode === 'presta-in' ? '12 MG Road, Bengaluru 560001, Karnataka' : 'Calle Durango 81, Roma Norte, 06700 Ciudad de México',
      isDemo: input.isDemo ?? false,
    })
    .returning({ id: borrowers.id });
  const borrowerId = borrower!.id;
  // The account loans are disbursed to (a valid CLABE at Banamex; an HDFC account and its IFSC).
  await db
    .insert(borrowerBankAccounts)
    .values(
      input.productCode === 'presta-in'
        ? { borrowerId, market: 'IN', kind: 'account', accountNumber: '50100234567891', bankCode: 'HDFC', bankName: 'HDFC', ifsc: 'HDFC0001234' }
        : { borrowerId, market: 'MX', kind: 'clabe', accountNumber: '002180700912395678', bankCode: '002', bankName: 'Banamex', ifsc: null },
    );
  // Verified as a real account is before its first disbursal (issue 37): the market's validation, against its mock.
  await verifyDemoAccount(db, { borrowerId, market: product.market });
  await db.insert(productOffers).values({
    borrowerId,
    productId: product.id,
    limitAmount: input.limit ?? Math.floor(product.amountMax / 2 / product.amountStep) * product.amountStep,
    evaluatedAt: input.staleOffer ? new Date(Date.now() - 2 * DAY_MS) : new Date(),
  });
  if (input.couponAmount) {
    await db.insert(coupons).values({ borrowerId, amount: input.couponAmount, expiresAt: new Date(Date.now() + 30 * DAY_MS) });
  }
  // Two sandbox cards on file (docs/card-repayment.md): 4242 asks for the SMS code, 0077 does not.
  const banks = input.productCode === 'presta-in' ? (['HDFC Bank', 'ICICI Bank'] as const) : (['BBVA México', 'Banorte'] as const);
  const codes = input.productCode === 'presta-in' ? (['HDFC', 'ICIC'] as const) : (['012', '072'] as const);
  await db.insert(bankCards).values(
    (['4242', '0077'] as const).map((last4, i) => ({
      borrowerId,
      bankName: banks[i]!,
      bankCode: codes[i]!,
      last4,
      processorToken: sandboxCardToken(last4),
      requiresOtp: last4 !== '0077',
    })),
  );
  return { borrowerId, product };
}

/** The borrower's best coupon's amount (the Key Facts Statement states the quote with it, as the confirmation does). */
async function couponOf(db: DbOrTx, borrowerId: number, now: Date): Promise<number> {
  return (await findBestCoupon(db, borrowerId, { now }))?.amount ?? 0;
}

/**
 * Walks a new order through the real state machine to the wanted status, the
 * way the borrower, the lender and the clock would: the borrower signs the agreement (prepare, the code from the
 * outbox, sign, time-stamp) and submits with it. 180 is reached by dating
 * the loan in the past so that its first due date has passed; 200 by dating it
 * so that its last instalment falls due today and paying every instalment on
 * its due date through the ledger (provider 'demo').
 */
export async function makeOrderInStatus(
  db: DbOrTx,
  input: { borrowerId: number; productId: number; status: OrderStatus; lang: Language; periods?: number; amount?: number },
) {
  const [product] = await db.select().from(products).where(eq(products.id, input.productId)).limit(1);
  if (!product) throw new Error('unknown product');
  const [offer] = await db.select().from(productOffers).where(eq(productOffers.borrowerId, input.borrowerId));
  const amount = input.amount ?? Math.min(offer?.limitAmount ?? product.amountMin, product.amountMax);
  const periods = input.periods ?? Math.min(3, product.periodsMax);
  // An overdue loan: submitted and disbursed so long ago that instalment 1 fell due 3 days ago.
  // A repaying loan: disbursed one instalment period ago, so instalment 1 falls due today (payable now).
  // A settled loan: disbursed so long ago that its last instalment falls due today.
  const backdays =
    input.status === '180'
      ? product.termUnitDays + 4
      : input.status === '174'
        ? product.termUnitDays
        : input.status === '200'
          ? periods * product.termUnitDays
          : 0;
  const now = new Date(Date.now() - backdays * DAY_MS);
  // India (issue 13): the borrower read and acknowledged the offer's Key Facts Statement before applying.
  const keyFacts = await issueAcknowledgedKeyFacts(db, { borrowerId: input.borrowerId, product, amount, periods, couponAmount: await couponOf(db, input.borrowerId, now), now, lang: input.lang });
  // Issue 38: the borrower signs the agreement of these figures through the borrower's own path, then submits with it.
  const terms = { borrowerId: input.borrowerId, productId: input.productId, amount, periods, termUnit: product.termUnitDays, proposalNo: keyFacts?.proposalNo, lang: input.lang, now };
  const agreementNo = await signDemoAgreement(db, terms);
  const created = await createOrder(db, {
    borrowerId: input.borrowerId,
    productId: input.productId,
    amount,
    periods,
    termUnit: product.termUnitDays,
    lang: input.lang,
    now,
    onCreated: demoAgreementOnCreate(agreementNo, terms),
  });
  if (keyFacts) {
    const [kfs] = await db.select({ id: keyFactsStatements.id }).from(keyFactsStatements).where(eq(keyFactsStatements.proposalNo, keyFacts.proposalNo));
    if (kfs) await linkKeyFacts(db, kfs.id, created.orderId);
  }
  // The lender's moves, as the demo's members (audited): the operator decides, and a second member disburses what
  // the operator approved (four eyes, decision 023).
  const crew = await seedDemoStaff(db);
  const move = (action: Parameters<typeof transitionOrder>[1]['action'], extra: Partial<Parameters<typeof transitionOrder>[1]> = {}) =>
    transitionOrder(db, { orderId: created.orderId, action, actor: 'operator', now, audit: crew.operator, ...extra });

  if (input.status === '110') await move('reject', { reason: 'Demo: income could not be verified' });
  if (statusIn(approvedStatuses, input.status)) await move('approve');
  if (statusIn(disbursedStatuses, input.status)) {
    // Through a payout (issue 37): the account verified, paid by the market's payout mock, settled on the loan's day.
    await disburseThroughPayout(db, {
      orderId: created.orderId,
      orderNo: created.orderNo,
      borrowerId: input.borrowerId,
      market: product.market,
      valueDate: todayIn(product.timeZone, now),
      audit: crew.finance,
      now,
    });
  }
  if (input.status === '180') await refreshOverdue(db, { orderId: created.orderId });
  if (input.status === '200') {
    // Repaid in full: each instalment paid on its due date, as a real payment through the ledger.
    const { position } = await getLoanPosition(db, created.orderId, todayIn(product.timeZone, now));
    for (const instalment of position.instalments) {
      const day = instalment.dueDate;
      const { position: onDay } = await getLoanPosition(db, created.orderId, day);
      if (onDay.amountDueNow <= 0) continue;
      const at = middayOf(day);
      await recordPayment(db, {
        orderId: created.orderId,
        amount: onDay.amountDueNow,
        purpose: 'repayment',
        channel: 'demo',
        provider: 'demo',
        providerEventId: `demo-${created.orderNo}-${instalment.seq}`,
        receivedAt: at,
        now: at,
      });
    }
  }
  return created;
}

import { disbursedStatuses, statusIn } from '@presta/contract/order-status';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { ContractData } from '@presta/contract/api/loan';
import { languages, type Language } from '@presta/contract/language';
import { marketOf } from '@presta/contract/markets';
import type { Db } from '../../db/database';
import { borrowers, orders, products, repaymentPlans } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { finalAnswer } from '../../lib/reply';
import type { Change, VersionedCache } from '../../lib/versioned-cache';
import { maskBankAccount } from '../../lib/bank-account';
import { moneyIn } from '../../i18n/market-texts';
import { getLoanPosition } from '../ledger/ledger-service';
import { agreementTerms } from '../loan/agreement-terms';
import { keyFactsOfOrder } from '../loan/key-facts-service';
import { orderAccountNumberSql } from '../orders/order-service';
import { orderTax } from '../pricing/loan-quote';

/**
 * The promissory note of one of the borrower's orders (§3 "Loan contract",
 * §2 "Loan agreement"), by order number; 404 orderNotFound for unknown and
 * foreign numbers alike. Field meanings (docs/api.md):
 * username = userName = the borrower's full name; mount = the principal as
 * display text, amount = the principal in minor units; bankNo = the masked
 * deposit account (the account the disbursal paid, else the active one); daiDate = disbursal day ('' before disbursal); planDate =
 * the last instalment's current due date; contractAmount = total owed as
 * agreed (principal + interest + commission + tax); Interest = interest as
 * charged (after any coupon); IVA = the market's tax (IVA, GST); giveAmount =
 * what the borrower receives (the whole principal); contractDate = submission
 * day; company = the lender, the loan's market's legal entity. Money fields
 * other than `amount` are display strings in the loan's market's currency,
 * whatever the language (issue 12); `terms` is every figure the agreement
 * states (agreement-terms.ts), `market` the loan's market.
 */
export async function getContractDetail(db: Db, borrowerId: number, orderNoRaw: string, lang: Language, caches: ContractCaches = {}): Promise<ContractData> {
  const orderNo = orderNoRaw.trim();
  const known = caches.orderNumbers?.get(orderNo);
  if (known && known.borrowerId !== borrowerId) throw notFound('orderNotFound');
  const hit = known && caches.contracts?.get(contractKey(known.id, lang));
  if (hit) return hit.answer;
  const version = caches.contracts?.version() ?? 0;
  const order = await contractOrder(db, borrowerId, orderNo);
  caches.orderNumbers?.set(orderNo, { id: order.id, borrowerId, productId: order.productId }, caches.orderNumbers.version());
  const answer = finalAnswer(await buildContract(db, order, lang));
  // An Indian order's KFS is linked just after the order is made: an answer read in between is not kept.
  if (!(marketOf(order.market).keyFacts && answer.keyFacts === null)) {
    caches.contracts?.set(contractKey(order.id, lang), { answer, borrowerId, productId: order.productId }, version);
  }
  return answer;
}

/**
 * The agreements answered, by order id and language, kept between changes (decision 007): dropped when the order,
 * its plan or its ledger changes ('order:<id>'), when the borrower or their bank accounts change
 * ('borrower:<id>') or the product ('product:<id>'). An order's number, borrower and product never change:
 * `orderNumbers` keeps them, so that a cached agreement is found by number and its owner checked first.
 */
export type ContractCaches = {
  contracts?: VersionedCache<string, { answer: ContractData; borrowerId: number; productId: number }>;
  orderNumbers?: VersionedCache<string, { id: number; borrowerId: number; productId: number }>;
};

const contractKey = (orderId: number, lang: Language) => `${orderId}|${lang}`;

/** Drops the cached agreements a change makes stale; false for a change of anything else. */
export function dropStaleContracts(caches: Required<ContractCaches>, { kind, key }: Change): boolean {
  const id = Number(key);
  if (!Number.isSafeInteger(id)) return false;
  const { contracts } = caches;
  if (kind === 'order') for (const lang of Object.keys(languages) as Language[]) contracts.invalidate(contractKey(id, lang));
  else if (kind === 'borrower') contracts.invalidateWhere((v) => v.borrowerId === id);
  else if (kind === 'product') contracts.invalidateWhere((v) => v.productId === id);
  else return false;
  return true;
}

async function buildContract(db: Db, order: ContractOrder, lang: Language): Promise<ContractData> {
  const plan = await agreedPlan(db, order.id);
  const terms = await contractTerms(db, order, plan, lang);
  const money = moneyIn(order.market);
  return {
    username: order.fullName,
    userName: order.fullName,
    productName: order.productName,
    mount: money(order.principal),
    amount: order.principal,
    bankNo: maskBankAccount(order.bankAccount),
    daiDate: order.disbursedOn ?? '',
    planDate: plan.at(-1)?.dueDate ?? '',
    contractAmount: money(terms.totals.total),
    commission: money(terms.totals.commission),
    Interest: money(terms.totals.interest),
    IVA: money(terms.totals.tax),
    giveAmount: money(order.principal),
    userAddress: order.address,
    contractDate: order.appliedOn,
    company: marketOf(order.market).legalEntity.name,
    market: order.market,
    terms,
    // India (issue 13): the Key Facts Statement the loan was applied with, the agreement's summary box.
    keyFacts: marketOf(order.market).keyFacts ? await keyFactsOfOrder(db, order.id, marketOf(order.market).timeZone) : null,
  };
}

type ContractOrder = Awaited<ReturnType<typeof contractOrder>>;
type AgreedPlan = Awaited<ReturnType<typeof agreedPlan>>;

/** The order with its product and borrower, when it is this borrower's; else 404 orderNotFound. */
async function contractOrder(db: Db, borrowerId: number, orderNo: string) {
  const [order] = await db
    .select({
      id: orders.id,
      productId: orders.productId,
      status: orders.status,
      principal: orders.principal,
      periods: orders.periods,
      termUnitDays: orders.termUnitDays,
      dailyRatePpm: orders.dailyRatePpm,
      commissionPpm: orders.commissionPpm,
      vatPpm: orders.vatPpm,
      taxBase: orders.taxBase,
      disbursedOn: orders.disbursedOn,
      appliedOn: sql<string>`to_char(${orders.createdAt} at time zone ${products.timeZone}, 'YYYY-MM-DD')`,
      productName: products.name,
      market: products.market,
      lateRule: products.lateRule,
      extensionEnabled: products.extensionEnabled,
      fullName: borrowers.fullName,
      address: borrowers.address,
      bankAccount: orderAccountNumberSql(orders),
    })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(borrowers, eq(borrowers.id, orders.borrowerId))
    .where(and(eq(orders.orderNo, orderNo), eq(orders.borrowerId, borrowerId)))
    .limit(1);
  if (!order) throw notFound('orderNotFound');
  return order;
}

/** The order's repayment plan as agreed, by instalment. */
async function agreedPlan(db: Db, orderId: number) {
  return db
    .select({
      seq: repaymentPlans.seq,
      dueDate: repaymentPlans.dueDate,
      principal: repaymentPlans.principal,
      interest: repaymentPlans.interest,
      commission: repaymentPlans.commission,
      vat: repaymentPlans.vat,
    })
    .from(repaymentPlans)
    .where(eq(repaymentPlans.orderId, orderId))
    .orderBy(asc(repaymentPlans.seq));
}

/** Every figure the agreement states, of this order and its plan. */
async function contractTerms(db: Db, order: ContractOrder, plan: AgreedPlan, lang: Language) {
  const disbursed = order.disbursedOn !== null && statusIn(disbursedStatuses, order.status);
  // The loan's own one-off default penalty (new or repeat client) is the ledger's, once disbursed.
  const defaultPenalty = disbursed ? (await getLoanPosition(db, order.id)).defaultPenalty : undefined;
  return agreementTerms(
    {
      market: order.market,
      lateRule: order.lateRule,
      amount: order.principal,
      periods: order.periods,
      termUnitDays: order.termUnitDays,
      dailyRatePpm: order.dailyRatePpm,
      commissionPpm: order.commissionPpm,
      tax: orderTax(order),
      extensionEnabled: order.extensionEnabled,
      // The plan's due dates count from the disbursal day, from the submission day until then.
      startDate: order.disbursedOn ?? order.appliedOn,
      disbursed,
      ...(defaultPenalty === undefined ? {} : { defaultPenalty }),
      plan,
      received: order.principal,
    },
    lang,
  );
}

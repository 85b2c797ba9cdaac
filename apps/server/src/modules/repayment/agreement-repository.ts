import { and, asc, eq, sql } from 'drizzle-orm';
import type { AgreementData } from '@presta/contract/api/loan';
import { languages, type Language } from '@presta/contract/language';
import { marketOf } from '@presta/contract/markets';
import type { Db } from '../../db/database';
import { borrowers, orders, products, repaymentPlans } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { noCacheFeed, watchedCache, type CacheFeed, type Change, type VersionedCache } from '../../lib/versioned-cache';
import { orderAccountNumberSql } from '../orders/order-reads';
import type { OrderRepository } from '../orders/order-repository';

declare module '../../plugins/app/repositories' {
  interface Repositories {
    agreements: AgreementRepository;
  }
}

/** The order an agreement states, with its product and borrower. */
export type AgreementOrder = NonNullable<Awaited<ReturnType<typeof readAgreementOrder>>>;
/** The order's repayment plan as agreed, by instalment. */
export type AgreedPlan = Awaited<ReturnType<typeof readAgreedPlan>>;

type Kept = { answer: AgreementData; borrowerId: number; productId: number };

const answerKey = (orderId: number, lang: Language) => `${orderId}|${lang}`;

/**
 * The loan agreement's reads and its answers (decision 027). `answers`: agreements answered, by order id and
 * language, kept between changes (decision 007): dropped when the order, its plan or its ledger changes
 * ('order:<id>'), when the borrower or their bank accounts change ('borrower:<id>') or the product
 * ('product:<id>'). An order's number, borrower and product never change: the orders' repository knows them, so
 * that a kept agreement is found by number and its owner checked first.
 */
export class AgreementRepository {
  readonly answers: VersionedCache<string, Kept>;

  constructor(
    private readonly db: Db,
    private readonly orders: OrderRepository,
    feed: CacheFeed = noCacheFeed,
  ) {
    this.answers = watchedCache(feed, (_cache, change) => this.dropStale(change));
  }

  /**
   * The borrower's agreement of the order numbered `orderNo` in `lang`: the kept answer, else `build` on the
   * order read (404 orderNotFound for unknown and foreign numbers alike).
   */
  async agreement(borrowerId: number, orderNo: string, lang: Language, build: (order: AgreementOrder) => Promise<AgreementData>): Promise<AgreementData> {
    const known = this.orders.knownNumber(orderNo);
    if (known && known.borrowerId !== borrowerId) throw notFound('orderNotFound');
    const hit = known && this.answers.get(answerKey(known.id, lang));
    if (hit) return hit.answer;
    const version = this.answers.version();
    const order = await readAgreementOrder(this.db, borrowerId, orderNo);
    if (!order) throw notFound('orderNotFound');
    this.orders.learnNumber(orderNo, { id: order.id, borrowerId, productId: order.productId });
    const answer = await build(order);
    // An Indian order's KFS is linked just after the order is made: an answer read in between is not kept.
    if (!(marketOf(order.market).keyFacts && answer.keyFacts === null)) {
      this.answers.set(answerKey(order.id, lang), { answer, borrowerId, productId: order.productId }, version);
    }
    return answer;
  }

  /** The order's repayment plan as agreed. */
  agreedPlan(orderId: number): Promise<AgreedPlan> {
    return readAgreedPlan(this.db, orderId);
  }

  /** Drops the kept agreements a change makes stale; false for a change of anything else. */
  private dropStale({ kind, key }: Change): boolean {
    const id = Number(key);
    if (!Number.isSafeInteger(id)) return false;
    if (kind === 'order') for (const lang of Object.keys(languages) as Language[]) this.answers.invalidate(answerKey(id, lang));
    else if (kind === 'borrower') this.answers.invalidateWhere((v) => v.borrowerId === id);
    else if (kind === 'product') this.answers.invalidateWhere((v) => v.productId === id);
    else return false;
    return true;
  }
}

/** The order with its product and borrower, when it is this borrower's (undefined otherwise). */
async function readAgreementOrder(db: Db, borrowerId: number, orderNo: string) {
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
  return order;
}

function readAgreedPlan(db: Db, orderId: number) {
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

import { and, desc, eq, sql } from 'drizzle-orm';
import { openOrderStatuses, type OrderStatus } from '@presta/contract/order-status';
import type { MarketCode, TaxableCharge } from '@presta/contract/markets';
import type { Db, DbOrTx } from '../../db/database';
import { orders, products } from '../../db/schema';
import { noCacheFeed, watchedCache, type CacheFeed, type Change, type VersionedCache } from '../../lib/versioned-cache';

declare module '../../plugins/app/repositories' {
  interface Repositories {
    orders: OrderRepository;
  }
}

export type Order = typeof orders.$inferSelect;

/** The SQL predicate of the partial unique index orders_one_open_per_product_uq. */
export const openStatusPredicate = sql.raw(`"status" in (${openOrderStatuses.map((s) => `'${s}'`).join(', ')})`);

/** The borrower's open orders, newest first (one query: a borrower has at most one per product). */
export const openOrdersOf = (db: DbOrTx, borrowerId: number): Promise<Order[]> =>
  db.select().from(orders).where(and(eq(orders.borrowerId, borrowerId), sql`${openStatusPredicate}`)).orderBy(desc(orders.id));

/** The newest of a borrower's open orders of any product but `exceptProductId`. */
const activeOf = (open: Order[], exceptProductId?: number): Order | undefined =>
  open.find((o) => exceptProductId === undefined || o.productId !== exceptProductId);

/**
 * The borrower's open order (under review, approved, repaying, overdue) of any product but `exceptProductId`, the
 * newest, read from the database: a submission's own check inside its transaction. A borrower's call reads it
 * through `repos.orders.activeOrder`. One active loan at a time (issue 16, decision 017 point 7).
 */
export async function findActiveOrder(db: DbOrTx, borrowerId: number, exceptProductId?: number): Promise<Order | undefined> {
  return activeOf(await openOrdersOf(db, borrowerId), exceptProductId);
}

/** An order as the borrower's pages name it: its product, market, time zone and the tax that priced it. */
export type OrderSummary = {
  id: number;
  orderNo: string;
  borrowerId: number;
  productId: number;
  status: OrderStatus;
  productName: string;
  productLogo: string;
  timeZone: string;
  /** The product's market: currency, channels, legal entity (issue 12). */
  market: MarketCode;
  /** The tax that priced the loan (the order's snapshot: rate and base). */
  taxPpm: number;
  taxBase: TaxableCharge[];
};

/** An order's summary in one round trip (undefined: no such order). */
export async function readOrderSummary(db: DbOrTx, orderId: number): Promise<OrderSummary | undefined> {
  const [row] = await db
    .select({
      id: orders.id,
      orderNo: orders.orderNo,
      borrowerId: orders.borrowerId,
      productId: orders.productId,
      status: orders.status,
      productName: products.name,
      productLogo: products.logoUrl,
      timeZone: products.timeZone,
      market: products.market,
      taxPpm: orders.vatPpm,
      taxBase: orders.taxBase,
    })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .where(eq(orders.id, orderId))
    .limit(1);
  return row;
}

/** What an order number names, for good: its order, borrower and product. */
export type NumberedOrder = { id: number; borrowerId: number; productId: number };

/**
 * The orders' reads and what makes them fast (decision 027): kept between changes announced by the database
 * (decision 007).
 * - `openOrders`: a borrower's open orders by borrower id; orders announce 'borrower-data:<borrower id>'
 *   (migration 0021). Reads only: a submission checks inside its own transaction (findActiveOrder).
 * - `summaries`: orders' summaries by order id, dropped on 'order:<id>' and 'product:<id>'.
 * - `orderNumbers`: what an order number names (never changing; emptied only when the feed reconnects).
 */
export class OrderRepository {
  readonly openOrders: VersionedCache<number, Order[]>;
  readonly summaries: VersionedCache<number, OrderSummary>;
  readonly orderNumbers: VersionedCache<string, NumberedOrder>;

  constructor(
    private readonly db: Db,
    feed: CacheFeed = noCacheFeed,
  ) {
    this.openOrders = watchedCache(feed, (_cache, change) => this.dropStaleOpenOrders(change));
    this.summaries = watchedCache(feed, (_cache, change) => this.dropStaleSummaries(change));
    this.orderNumbers = watchedCache(feed, () => false);
  }

  /** The borrower's open order of any product but `exceptProductId`, the newest (one active loan at a time). */
  activeOrder(borrowerId: number, exceptProductId?: number): Promise<Order | undefined> {
    return this.openOrders
      .readThrough(borrowerId, () => openOrdersOf(this.db, borrowerId))
      .then((open) => activeOf(open ?? [], exceptProductId));
  }

  /** An order's summary (undefined: no such order). */
  summary(orderId: number): Promise<OrderSummary | undefined> {
    return this.summaries.readThrough(orderId, () => readOrderSummary(this.db, orderId));
  }

  /** What an order number is known to name (undefined: not known yet; the caller reads it). */
  knownNumber(orderNo: string): NumberedOrder | undefined {
    return this.orderNumbers.get(orderNo);
  }

  /** Keeps what an order number names, read by the caller. */
  learnNumber(orderNo: string, order: NumberedOrder): void {
    this.orderNumbers.set(orderNo, order, this.orderNumbers.version());
  }

  /** Orders announce 'borrower-data:<borrower id>' (migration 0021). */
  private dropStaleOpenOrders({ kind, key }: Change): boolean {
    const id = Number(key);
    if (kind !== 'borrower-data' || !Number.isSafeInteger(id)) return false;
    this.openOrders.invalidate(id);
    return true;
  }

  private dropStaleSummaries({ kind, key }: Change): boolean {
    const id = Number(key);
    if (!Number.isSafeInteger(id)) return false;
    if (kind === 'order') this.summaries.invalidate(id);
    else if (kind === 'product') this.summaries.invalidateWhere((v) => v.productId === id);
    else return false;
    return true;
  }
}

import { and, asc, desc, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { badRequest } from '../../lib/app-error';
import { coupons, productOffers, products } from '../../db/schema';
import type { Change, VersionedCache } from '../../lib/versioned-cache';
import { recordAudit, type AuditActor } from '../audit/audit-log';

export type Product = typeof products.$inferSelect;
export type ProductOffer = typeof productOffers.$inferSelect;
export type Coupon = typeof coupons.$inferSelect;

/** The borrower's offers on active products (by product id) and their available coupons (any expiry). */
export type OffersRead = { offers: { product: Product; offer: ProductOffer }[]; coupons: Coupon[] };

/**
 * OffersRead by borrower id, kept between changes (decision 007): offers and coupons announce
 * 'borrower-data:<borrower id>' (migration 0021), products 'product:<id>'. Readers filter coupons by expiry
 * themselves. A writer (a submission locking its coupon) never reads through it.
 */
export type OffersCache = VersionedCache<number, OffersRead>;

/** Drops the cached offers a change makes stale; false for a change of anything else. */
export function dropStaleOffers(cache: OffersCache, { kind, key }: Change): boolean {
  const id = Number(key);
  if (kind === 'borrower-data' && Number.isSafeInteger(id)) cache.invalidate(id);
  else if (kind === 'product') cache.clear();
  else return false;
  return true;
}

/** The borrower's offers and coupons, from the cache when it has them. */
export async function readOffers(db: DbOrTx, borrowerId: number, cache: OffersCache): Promise<OffersRead> {
  const load = async (): Promise<OffersRead> => {
    const [offers, available] = await Promise.all([
      db
        .select({ product: products, offer: productOffers })
        .from(productOffers)
        .innerJoin(products, eq(products.id, productOffers.productId))
        .where(and(eq(productOffers.borrowerId, borrowerId), eq(products.active, true)))
        .orderBy(asc(products.id)),
      db.select().from(coupons).where(and(eq(coupons.borrowerId, borrowerId), eq(coupons.status, 'available'))),
    ]);
    return { offers, coupons: available };
  };
  return (await cache.readThrough(borrowerId, load)) ?? load();
}

/**
 * The product and the borrower's offer on it, only when the product is offered
 * to this borrower and active. Anything else is "not available to you" (the
 * caller answers 404 without telling whether the product exists). With `cache`
 * (reads only), from the borrower's cached offers.
 */
export async function findOfferedProduct(
  db: DbOrTx,
  borrowerId: number,
  productId: number,
  cache?: OffersCache,
): Promise<{ product: Product; offer: ProductOffer } | undefined> {
  if (cache?.enabled) return (await readOffers(db, borrowerId, cache)).offers.find((o) => o.product.id === productId);
  const rows = await db
    .select({ product: products, offer: productOffers })
    .from(productOffers)
    .innerJoin(products, eq(products.id, productOffers.productId))
    .where(and(eq(productOffers.borrowerId, borrowerId), eq(productOffers.productId, productId), eq(products.active, true)))
    .limit(1);
  return rows[0];
}

/**
 * The borrower's best coupon: available, unexpired, the largest discount (ties:
 * the one expiring first). With `lock`, the row is locked FOR UPDATE so two
 * submissions cannot both use it.
 */
export async function findBestCoupon(
  db: DbOrTx,
  borrowerId: number,
  opts: { now?: Date; lock?: boolean; cache?: OffersCache } = {},
): Promise<Coupon | undefined> {
  if (opts.cache?.enabled && !opts.lock) {
    const now = (opts.now ?? new Date()).getTime();
    const usable = (await readOffers(db, borrowerId, opts.cache)).coupons.filter((c) => c.expiresAt.getTime() > now);
    // The query's order: the largest discount, then the one expiring first, then the oldest.
    return usable.sort((a, b) => b.amount - a.amount || a.expiresAt.getTime() - b.expiresAt.getTime() || a.id - b.id)[0];
  }
  const query = db
    .select()
    .from(coupons)
    .where(
      and(
        eq(coupons.borrowerId, borrowerId),
        eq(coupons.status, 'available'),
        gt(coupons.expiresAt, opts.now ?? new Date()),
      ),
    )
    .orderBy(desc(coupons.amount), asc(coupons.expiresAt), asc(coupons.id))
    .limit(1);
  const rows = opts.lock ? await query.for('update') : await query;
  return rows[0];
}

/**
 * Re-evaluates the offer (the demo lender's credit check): evaluatedAt = now;
 * the limit stays unless the product's maximum is lower.
 */
export async function reevaluateOffer(db: DbOrTx, offer: ProductOffer, product: Product, now = new Date()): Promise<ProductOffer> {
  const limitAmount = Math.min(offer.limitAmount, product.amountMax);
  const [updated] = await db
    .update(productOffers)
    .set({ evaluatedAt: now, limitAmount })
    .where(eq(productOffers.id, offer.id))
    .returning();
  return updated ?? { ...offer, evaluatedAt: now, limitAmount };
}

/**
 * The credit review's decision recorded by the operator (`npm run ops -- offer`, docs/account.md "Offers"): the
 * borrower may take the product up to `limitAmount`. A new offer, or the existing one's limit replaced; either way
 * evaluated now. Refused (400) when the product is unknown or inactive, when the limit is not a multiple of the
 * product's step within its minimum and maximum, and when the borrower already has offers of another market (a
 * borrower borrows in one market: their currency, legal entity and texts follow it).
 */
export async function grantOffer(
  db: DbOrTx,
  input: { borrowerId: number; productCode: string; limitAmount: number; now?: Date; audit?: AuditActor },
): Promise<{ product: Product; offer: ProductOffer; previousLimit: number | null }> {
  const [product] = await db.select().from(products).where(eq(products.code, input.productCode));
  if (!product || !product.active) throw badRequest('offerProductUnknown', { product: input.productCode });
  const { amountMin, amountMax, amountStep } = product;
  const limit = input.limitAmount;
  if (!Number.isSafeInteger(limit) || limit < amountMin || limit > amountMax || limit % amountStep !== 0) {
    throw badRequest('offerLimitInvalid', { limit: input.limitAmount, min: amountMin, max: amountMax, step: amountStep });
  }
  const held = await db
    .select({ market: products.market, previousLimit: productOffers.limitAmount, productId: products.id })
    .from(productOffers)
    .innerJoin(products, eq(products.id, productOffers.productId))
    .where(eq(productOffers.borrowerId, input.borrowerId));
  const other = held.find((h) => h.market !== product.market);
  if (other) throw badRequest('offerOtherMarket', { product: product.code, market: product.market, held: other.market });
  const now = input.now ?? new Date();
  const previousLimit = held.find((h) => h.productId === product.id)?.previousLimit ?? null;
  return db.transaction(async (tx) => {
    const [offer] = await tx
      .insert(productOffers)
      .values({ borrowerId: input.borrowerId, productId: product.id, limitAmount: limit, evaluatedAt: now })
      .onConflictDoUpdate({ target: [productOffers.borrowerId, productOffers.productId], set: { limitAmount: limit, evaluatedAt: now } })
      .returning();
    if (input.audit) {
      await recordAudit(tx, input.audit, {
        action: 'offers.grant',
        objectType: 'borrower',
        objectId: input.borrowerId,
        before: previousLimit === null ? null : { product: product.code, limitAmount: previousLimit },
        after: { product: product.code, limitAmount: limit },
      });
    }
    return { product, offer: offer!, previousLimit };
  });
}

import { and, asc, desc, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { badRequest } from '../../lib/app-error';
import { coupons, productOffers, products } from '../../db/schema';
import { recordAudit, type AuditActor } from '../audit/audit-log';

export type Product = typeof products.$inferSelect;
export type ProductOffer = typeof productOffers.$inferSelect;
export type Coupon = typeof coupons.$inferSelect;

/** The borrower's offers on active products (by product id) and their available coupons (any expiry). */
export type OffersRead = { offers: { product: Product; offer: ProductOffer }[]; coupons: Coupon[] };

/** The borrower's offers and coupons, read (offer-repository.ts keeps them between changes). */
export async function readOffers(db: DbOrTx, borrowerId: number): Promise<OffersRead> {
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
}

/**
 * The product and the borrower's offer on it, only when the product is offered
 * to this borrower and active. Anything else is "not available to you" (the
 * caller answers 404 without telling whether the product exists).
 */
export async function findOfferedProduct(db: DbOrTx, borrowerId: number, productId: number): Promise<{ product: Product; offer: ProductOffer } | undefined> {
  const rows = await db
    .select({ product: products, offer: productOffers })
    .from(productOffers)
    .innerJoin(products, eq(products.id, productOffers.productId))
    .where(and(eq(productOffers.borrowerId, borrowerId), eq(productOffers.productId, productId), eq(products.active, true)))
    .limit(1);
  return rows[0];
}

/** The product offered to the borrower and its offer, from their offers as read (undefined: not offered, or inactive). */
export function offeredProduct(read: OffersRead, productId: number): { product: Product; offer: ProductOffer } | undefined {
  return read.offers.find((o) => o.product.id === productId);
}

/** The best of the borrower's available coupons as read: unexpired, the largest discount (ties: the one expiring first, then the oldest). */
export function bestCoupon(read: OffersRead, now: Date): Coupon | undefined {
  const usable = read.coupons.filter((c) => c.expiresAt.getTime() > now.getTime());
  // findBestCoupon's order: the largest discount, then the one expiring first, then the oldest.
  return usable.sort((a, b) => b.amount - a.amount || a.expiresAt.getTime() - b.expiresAt.getTime() || a.id - b.id)[0];
}

/**
 * The borrower's best coupon: available, unexpired, the largest discount (ties:
 * the one expiring first). With `lock`, the row is locked FOR UPDATE so two
 * submissions cannot both use it.
 */
export async function findBestCoupon(db: DbOrTx, borrowerId: number, opts: { now?: Date; lock?: boolean } = {}): Promise<Coupon | undefined> {
  const query = db
    .select()
    .from(coupons)
    .where(and(eq(coupons.borrowerId, borrowerId), eq(coupons.status, 'available'), gt(coupons.expiresAt, opts.now ?? new Date())))
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

import { and, asc, desc, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { coupons, productOffers, products } from '../../db/schema';

export type Product = typeof products.$inferSelect;
export type ProductOffer = typeof productOffers.$inferSelect;
export type Coupon = typeof coupons.$inferSelect;

/**
 * The product and the borrower's offer on it, only when the product is offered
 * to this borrower and active. Anything else is "not available to you" (the
 * caller answers 404 without telling whether the product exists).
 */
export async function findOfferedProduct(
  db: DbOrTx,
  borrowerId: number,
  productId: number,
): Promise<{ product: Product; offer: ProductOffer } | undefined> {
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
  opts: { now?: Date; lock?: boolean } = {},
): Promise<Coupon | undefined> {
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

import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { profileSchema } from '@presta/contract/api/account';
import { defaultMarket, type MarketCode } from '@presta/contract/markets';
import type { DbOrTx } from '../../db/database';
import { borrowers } from '../../db/schema';

/*
 * The one reader of a borrower's profile and market (issue 16, docs/account.md): the sign-in answer, the account
 * pages' profile, the bank account's checks and customer service's market all read it here. It lives in the session
 * module, below the modules that answer it, so that each of them can import it.
 */

export type Profile = z.input<typeof profileSchema>;

/** '******0001': the last 4 digits of the phone only, whatever its length. */
export function maskPhone(phone: string): string {
  return `******${phone.replace(/\D/g, '').slice(-4)}`;
}

/** The market of the borrower's products: of their newest order, else of their first offer (null: neither). */
const productMarketSql = (borrowerId: number) => sql`coalesce(
  (select p.market from orders o join products p on p.id = o.product_id where o.borrower_id = ${borrowerId} order by o.id desc limit 1),
  (select p.market from product_offers po join products p on p.id = po.product_id where po.borrower_id = ${borrowerId} order by po.id limit 1))`;

/**
 * The borrower's market: their products' (a borrower is offered products of one market: pricing's grantOffer
 * refuses another), else their newest credit application's (an applicant before any offer, issue 34), else the
 * default market.
 */
const borrowerMarketSql = (borrowerId: number) => sql<MarketCode>`coalesce(
  ${productMarketSql(borrowerId)},
  (select ca.market from credit_applications ca where ca.borrower_id = ${borrowerId} order by ca.id desc limit 1),
  ${defaultMarket})`;

export async function borrowerMarket(db: DbOrTx, borrowerId: number): Promise<MarketCode> {
  const [row] = await db.select({ market: borrowerMarketSql(borrowerId) }).from(borrowers).where(eq(borrowers.id, borrowerId));
  return row?.market ?? defaultMarket;
}

/** The market of the borrower's orders or offers; undefined before any (a new applicant chooses theirs). */
export async function productMarket(db: DbOrTx, borrowerId: number): Promise<MarketCode | undefined> {
  const [row] = await db.select({ market: sql<MarketCode | null>`${productMarketSql(borrowerId)}` }).from(borrowers).where(eq(borrowers.id, borrowerId));
  return row?.market ?? undefined;
}

/** The borrower's name, masked phone, language and market; undefined when there is no such borrower. */
export async function findProfile(db: DbOrTx, borrowerId: number): Promise<Profile | undefined> {
  const [row] = await db
    .select({ fullName: borrowers.fullName, phone: borrowers.phone, language: borrowers.language, market: borrowerMarketSql(borrowerId) })
    .from(borrowers)
    .where(eq(borrowers.id, borrowerId));
  return row && { fullName: row.fullName, maskedPhone: maskPhone(row.phone), language: row.language, market: row.market };
}

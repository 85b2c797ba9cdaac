import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { loanSummarySchema, offerSchema } from '@presta/contract/api/account';
import { todayIn } from '@presta/contract/dates';
import type { Language } from '@presta/contract/language';
import { formatMarketPercent } from '@presta/contract/markets';
import { openOrderStatuses, orderStatusNames, repayableStatuses, statusIn, type OrderStatus } from '@presta/contract/order-status';
import type { Db, DbOrTx } from '../../db/database';
import { borrowers, productOffers, products } from '../../db/schema';
import { findProfile, type Profile, type ProfileCache } from '../session/borrower-profile';
import { notFound } from '../../lib/app-error';
import { VersionedCache, type Change } from '../../lib/versioned-cache';
import { ledgerStatusDiffers, positionAsOf, type LedgerState } from '../ledger/ledger-math';
import { ledgerColumns, ledgerStateOf, type LedgerRow } from '../ledger/ledger-read-model';
import { systemActor } from '../audit/audit-log';
import { refreshLedgerStatus } from '../ledger/ledger-credit';
import { findActiveOrder, type OpenOrdersCache } from '../orders/order-repository';
import { readOffers, type OffersCache } from '../pricing/loan-offers';
import { defaultQuoteAmount } from '../pricing/loan-quote';

/*
 * The borrower's account (issue 16, decision 017; docs/account.md): profile, language, my loans, offers and home.
 * Every figure of a disbursed loan is the ledger's (its read model and positionAsOf, as getLoanPosition reads it).
 */

export type LoanSummary = z.input<typeof loanSummarySchema>;
export type Offer = z.input<typeof offerSchema>;

/**
 * The caches the account's reads go through (app.caches, decision 007), each dropped when the database announces a
 * change to what it holds. Absent or off: read the database.
 */
export type AccountCaches = { profiles?: ProfileCache; loans?: LoansCache; offers?: OffersCache; openOrders?: OpenOrdersCache };

/** The borrower's name, masked phone, language and market (the session module's findProfile). */
export async function getProfile(db: DbOrTx, borrowerId: number, caches: AccountCaches = {}): Promise<Profile> {
  const profile = await findProfile(db, borrowerId, caches.profiles);
  if (!profile) throw notFound('notFound');
  return profile;
}

/**
 * The borrower's language for pages, messages and SMS. The update is announced as borrower:<id> (change feed), so
 * every process drops the borrower's cached sessions and reads the new language on its next call.
 */
export async function setLanguage(db: DbOrTx, borrowerId: number, language: Language): Promise<Profile> {
  await db.update(borrowers).set({ language }).where(eq(borrowers.id, borrowerId));
  return getProfile(db, borrowerId);
}

// ---------------------------------------------------------------------------
// My loans
// ---------------------------------------------------------------------------

/** Every order of the borrower, newest first, with the ledger's read model columns (one round trip). */
const loansQuery = (borrowerId: number) => sql`
select ${ledgerColumns}, o.principal::text as principal,
       to_char(o.created_at at time zone p.time_zone, 'YYYY-MM-DD') as applied_on
  from orders o
  join products p on p.id = o.product_id
 where o.borrower_id = ${borrowerId}
 order by o.created_at desc, o.id desc`;

type LoanRow = LedgerRow & { principal: string; applied_on: string };

/** One order of my loans as read, with its ledger as the pure core's state (null before disbursal). */
type LoanRead = { row: LoanRow; state: LedgerState | null };

/**
 * My loans' reads by borrower id, kept between changes (decision 007): the borrower's orders announce
 * 'borrower-data:<borrower id>' (migration 0021), each order's plan and ledger 'order:<order id>' (mapped to its
 * borrower here: an order's borrower never changes), products 'product:<id>'.
 */
export class LoansCache extends VersionedCache<number, LoanRead[]> {
  /** The borrower of every order read (bounded: forgetting them drops what they would have dropped). */
  private readonly owners = new Map<number, number>();
  private static readonly maxOwners = 100_000;

  /** Notes the borrower of the orders just read, before they are stored. */
  remember(borrowerId: number, reads: LoanRead[]): void {
    if (this.owners.size + reads.length > LoansCache.maxOwners) {
      this.owners.clear();
      this.clear();
    }
    for (const r of reads) this.owners.set(Number(r.row.id), borrowerId);
  }

  /** Drops what a change makes stale; false for a change of anything else. */
  drop({ kind, key }: Change): boolean {
    const id = Number(key);
    if (kind === 'product') this.clear();
    else if (!Number.isSafeInteger(id)) return false;
    else if (kind === 'borrower-data') this.invalidate(id);
    else if (kind === 'order') {
      const owner = this.owners.get(id);
      // An order not read yet may be one a read in flight is reading: that read is not kept.
      if (owner === undefined) this.staleInFlight();
      else this.invalidate(owner);
    } else return false;
    return true;
  }
}

async function readLoans(db: Db, borrowerId: number): Promise<LoanRead[]> {
  const rows = (await db.execute(loansQuery(borrowerId))) as unknown as LoanRow[];
  return rows.map((row) => ({ row, state: ledgerStateOf(row) }));
}

/**
 * My loans: every order of the borrower, newest first, with its status (named in `lang`) and amounts. A disbursed
 * loan's outstanding (late charges included) and next payment are the ledger's position today; a loan whose
 * status the ledger no longer gives (an instalment fell due, or its credit settled it) is moved first, as
 * loan-details does.
 */
export async function listLoans(db: Db, borrowerId: number, lang: Language, now = new Date(), caches: AccountCaches = {}): Promise<LoanSummary[]> {
  const { loans: cache } = caches;
  const reads = cache
    ? ((await cache.readThrough(borrowerId, async () => {
        const read = await readLoans(db, borrowerId);
        cache.remember(borrowerId, read);
        return read;
      })) ?? [])
    : await readLoans(db, borrowerId);
  const loans: LoanSummary[] = [];
  for (const read of reads) loans.push(await loanSummary(db, read, lang, now));
  return loans;
}

async function loanSummary(db: Db, { row: r, state }: LoanRead, lang: Language, now: Date): Promise<LoanSummary> {
  const today = todayIn(r.time_zone, now);
  const position = state ? positionAsOf(state, today) : undefined;
  let status: OrderStatus = r.status;
  if (position && ledgerStatusDiffers(status, position)) {
    const moved = await refreshLedgerStatus(db, { orderId: Number(r.id), today, now, audit: systemActor });
    status = moved.at(-1)?.to ?? position.expectedStatus;
  }
  const repayable = statusIn(repayableStatuses, status);
  const totalOwed = r.plan.reduce((acc, x) => acc + x.principal + x.interest + x.commission + x.vat, 0);
  return {
    orderId: r.id,
    orderNo: r.order_no,
    status,
    statusText: orderStatusNames[lang][status],
    productId: String(r.product_id),
    productName: r.product_name,
    market: r.market,
    principal: Number(r.principal),
    totalOwed,
    outstanding: position && repayable ? position.totals.outstandingTotal : 0,
    nextPayment: position && repayable ? position.nextPayment : null,
    appliedOn: r.applied_on,
    disbursedOn: r.disbursed_on,
  };
}

// ---------------------------------------------------------------------------
// Offers and home
// ---------------------------------------------------------------------------

/**
 * The products the borrower may take now: each active product offered to them, the amount from the product's
 * minimum to the most the offer's limit allows in the product's steps (DEFAULT_TERMS_RULE's cap), the product's
 * terms. None while an order is open (activeOrderId names it): one active loan at a time. An offer whose limit is
 * below the product's minimum is not offered.
 */
export async function listOffers(db: DbOrTx, borrowerId: number, caches: AccountCaches = {}): Promise<{ offers: Offer[]; activeOrderId: string | null }> {
  const active = await findActiveOrder(db, borrowerId, undefined, caches.openOrders);
  if (active) return { offers: [], activeOrderId: String(active.id) };
  const rows = caches.offers?.enabled
    ? (await readOffers(db, borrowerId, caches.offers)).offers.map((o) => ({ product: o.product, limitAmount: o.offer.limitAmount }))
    : await db
        .select({ product: products, limitAmount: productOffers.limitAmount })
        .from(productOffers)
        .innerJoin(products, eq(products.id, productOffers.productId))
        .where(and(eq(productOffers.borrowerId, borrowerId), eq(products.active, true)))
        .orderBy(asc(products.id));
  const offers: Offer[] = [];
  for (const { product, limitAmount } of rows) {
    const amountMax = defaultQuoteAmount(product, limitAmount);
    if (amountMax === undefined) continue;
    offers.push({
      productId: String(product.id),
      productName: product.name,
      productLogo: product.logoUrl,
      market: product.market,
      amountMin: product.amountMin,
      amountMax,
      amountStep: product.amountStep,
      periodsMin: product.periodsMin,
      periodsMax: product.periodsMax,
      termUnitDays: product.termUnitDays,
      dailyRate: formatMarketPercent(product.dailyRatePpm, product.market),
    });
  }
  return { offers, activeOrderId: null };
}

/** Home: the profile, and the active loan (the open order, with its next payment) or the offers. */
export async function getHome(db: Db, borrowerId: number, lang: Language, now = new Date(), caches: AccountCaches = {}) {
  const profile = await getProfile(db, borrowerId, caches);
  const loans = await listLoans(db, borrowerId, lang, now, caches);
  const activeLoan = loans.find((loan) => statusIn(openOrderStatuses, loan.status)) ?? null;
  const offers = activeLoan ? [] : (await listOffers(db, borrowerId, caches)).offers;
  return { profile, activeLoan, offers };
}

import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { loanSummarySchema, offerSchema } from '@presta/contract/api/account';
import { todayIn } from '@presta/contract/dates';
import type { Language } from '@presta/contract/language';
import { formatPpmAsPercent } from '@presta/contract/money';
import { openOrderStatuses, orderStatusNames, repayableStatuses, statusIn, type OrderStatus } from '@presta/contract/order-status';
import type { Db, DbOrTx } from '../../db/database';
import { borrowers, productOffers, products } from '../../db/schema';
import { findProfile, type Profile } from '../session/borrower-profile';
import { notFound } from '../../lib/app-error';
import { ledgerStatusDiffers, positionAsOf } from '../ledger/ledger-math';
import { ledgerColumns, ledgerStateOf, type LedgerRow } from '../ledger/ledger-read-model';
import { systemActor } from '../audit/audit-log';
import { refreshLedgerStatus } from '../ledger/ledger-service';
import { findActiveOrder } from '../orders/order-service';
import { defaultQuoteAmount } from '../pricing/loan-quote';

/*
 * The borrower's account (issue 16, decision 017; docs/account.md): profile, language, my loans, offers and home.
 * Every figure of a disbursed loan is the ledger's (its read model and positionAsOf, as getLoanPosition reads it).
 */

export type LoanSummary = z.input<typeof loanSummarySchema>;
export type Offer = z.input<typeof offerSchema>;

/** The borrower's name, masked phone, language and market (the session module's findProfile). */
export async function getProfile(db: DbOrTx, borrowerId: number): Promise<Profile> {
  const profile = await findProfile(db, borrowerId);
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
select ${ledgerColumns}, o.product_id, o.principal::text as principal, p.name as product_name,
       to_char(o.created_at at time zone p.time_zone, 'YYYY-MM-DD') as applied_on
  from orders o
  join products p on p.id = o.product_id
 where o.borrower_id = ${borrowerId}
 order by o.created_at desc, o.id desc`;

type LoanRow = LedgerRow & { product_id: number; principal: string; product_name: string; applied_on: string };

/**
 * My loans: every order of the borrower, newest first, with its status (named in `lang`) and amounts. A disbursed
 * loan's outstanding (late charges included) and next payment are the ledger's position today; a loan whose
 * status the ledger no longer gives (an instalment fell due, or its credit settled it) is moved first, as
 * loan-details does.
 */
export async function listLoans(db: Db, borrowerId: number, lang: Language, now = new Date()): Promise<LoanSummary[]> {
  const rows = (await db.execute(loansQuery(borrowerId))) as unknown as LoanRow[];
  const loans: LoanSummary[] = [];
  for (const r of rows) loans.push(await loanSummary(db, r, lang, now));
  return loans;
}

async function loanSummary(db: Db, r: LoanRow, lang: Language, now: Date): Promise<LoanSummary> {
  const state = ledgerStateOf(r);
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
export async function listOffers(db: DbOrTx, borrowerId: number): Promise<{ offers: Offer[]; activeOrderId: string | null }> {
  const active = await findActiveOrder(db, borrowerId);
  if (active) return { offers: [], activeOrderId: String(active.id) };
  const rows = await db
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
      dailyRate: formatPpmAsPercent(product.dailyRatePpm),
    });
  }
  return { offers, activeOrderId: null };
}

/** Home: the profile, and the active loan (the open order, with its next payment) or the offers. */
export async function getHome(db: Db, borrowerId: number, lang: Language, now = new Date()) {
  const profile = await getProfile(db, borrowerId);
  const loans = await listLoans(db, borrowerId, lang, now);
  const activeLoan = loans.find((loan) => statusIn(openOrderStatuses, loan.status)) ?? null;
  const offers = activeLoan ? [] : (await listOffers(db, borrowerId)).offers;
  return { profile, activeLoan, offers };
}

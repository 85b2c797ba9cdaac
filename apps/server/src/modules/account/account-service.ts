import { translate } from '../../i18n/messages';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { loanSummarySchema, offerSchema } from '@presta/contract/api/account';
import { todayIn } from '@presta/contract/dates';
import type { Language } from '@presta/contract/language';
import { formatMarketPercent } from '@presta/contract/markets';
import { openOrderStatuses, orderStatusNames, repayableStatuses, statusIn, type OrderStatus } from '@presta/contract/order-status';
import { borrowers } from '../../db/schema';
import type { BorrowerContext, CallContext } from '../../plugins/app/repositories';
import { findProfile, type Profile } from '../session/borrower-profile';
import { notFound } from '../../lib/app-error';
import { ledgerStatusDiffers, positionAsOf } from '../ledger/ledger-math/position';
import { systemActor } from '../audit/audit-log';
import { refreshLedgerStatus } from '../ledger/ledger-credit';
import { defaultQuoteAmount } from '../pricing/loan-quote';
import { applicationSummary } from '../application/application-view';
import { answerLimitIncrease, limitIncreasesOf, type LimitIncreaseAnswer } from '../credit/limit-increases';
import { signedAgreementLink } from '../agreements/agreement-links';
import type { LoanRead } from './my-loans-repository';

/*
 * The borrower's account (issue 16, decision 017; docs/account.md): profile, language, my loans, offers and home.
 * Every figure of a disbursed loan is the ledger's (its read model and positionAsOf, as getLoanPosition reads it).
 */

export type LoanSummary = z.input<typeof loanSummarySchema>;
export type Offer = z.input<typeof offerSchema>;

/** The borrower's name, masked phone, language and market (the session module's profiles). */
export async function getProfile(ctx: BorrowerContext): Promise<Profile> {
  const profile = await ctx.repos.profiles.find(ctx.borrowerId);
  if (!profile) throw notFound('notFound');
  return profile;
}

/**
 * The borrower's language for pages, messages and SMS. The update is announced as borrower:<id> (change feed), so
 * every process drops the borrower's sessions it holds and reads the new language on its next call; this process
 * at once. Answers the profile as written (read from the database).
 */
export async function setLanguage(ctx: BorrowerContext, language: Language): Promise<Profile> {
  await ctx.db.update(borrowers).set({ language }).where(eq(borrowers.id, ctx.borrowerId));
  const profile = await findProfile(ctx.db, ctx.borrowerId);
  if (!profile) throw notFound('notFound');
  ctx.repos.sessions.forgetBorrower(ctx.borrowerId);
  return profile;
}

// ---------------------------------------------------------------------------
// My loans
// ---------------------------------------------------------------------------

/**
 * My loans: every order of the borrower, newest first, with its status (named in `lang`) and amounts. A disbursed
 * loan's outstanding (late charges included) and next payment are the ledger's position today; a loan whose
 * status the ledger no longer gives (an instalment fell due, or its credit settled it) is moved first, as
 * loan-details does.
 */
export async function listLoans(ctx: BorrowerContext): Promise<LoanSummary[]> {
  const reads = await ctx.repos.myLoans.ofBorrower(ctx.borrowerId);
  const loans: LoanSummary[] = [];
  for (const read of reads) loans.push(await loanSummary(ctx, read));
  return loans;
}

async function loanSummary({ db, lang, now }: CallContext, { row: r, state }: LoanRead): Promise<LoanSummary> {
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
    signedAgreement: signedAgreementLink(r.signed_agreement),
    orderId: r.id,
    orderNo: r.order_no,
    status,
    statusText: status === '151' && r.payout_under_way ? translate(lang, 'statusText151OnItsWay') : orderStatusNames[lang][status],
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
export async function listOffers(ctx: BorrowerContext): Promise<{ offers: Offer[]; activeOrderId: string | null }> {
  const active = await ctx.repos.orders.activeOrder(ctx.borrowerId);
  if (active) return { offers: [], activeOrderId: String(active.id) };
  const rows = (await ctx.repos.offers.ofBorrower(ctx.borrowerId)).offers.map((o) => ({ product: o.product, limitAmount: o.offer.limitAmount }));
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

/**
 * Home: the profile, the active loan (the open order, with its next payment) or the offers, the borrower's newest
 * credit application (issue 34: to continue, or its state after submit; issue 35: else the newest decided one, so a
 * decline says why and when to apply again; null: none) and the higher limits proposed to them (issue 35).
 */
export async function getHome(ctx: BorrowerContext) {
  const profile = await getProfile(ctx);
  const loans = await listLoans(ctx);
  const activeLoan = loans.find((loan) => statusIn(openOrderStatuses, loan.status)) ?? null;
  const offers = activeLoan ? [] : (await listOffers(ctx)).offers;
  const row = await ctx.repos.applications.newest(ctx.borrowerId);
  const application = row ? await applicationSummary(ctx.db, row, ctx.lang) : null;
  const limitIncreases = await limitIncreasesOf(ctx.db, ctx.borrowerId, ctx.now);
  return { profile, activeLoan, offers, application, limitIncreases };
}

/**
 * The borrower's answer to a proposed higher limit (docs/account.md "Limit increases"), recorded with the session's
 * public id and the client's address; answers the proposals still open and the offers as they now are.
 */
export async function answerLimitIncreaseCall(ctx: BorrowerContext, answer: LimitIncreaseAnswer, signed: { session: string; ip: string }) {
  await answerLimitIncrease(ctx.db, { borrowerId: ctx.borrowerId, answer, ...signed, now: ctx.now });
  const limitIncreases = await limitIncreasesOf(ctx.db, ctx.borrowerId, ctx.now);
  return { limitIncreases, offers: (await listOffers(ctx)).offers };
}

import { and, eq } from 'drizzle-orm';
import { RATING_PROMPT_DEFERRAL_DAYS } from '@presta/contract/api/loan';
import { errorCodes } from '@presta/contract/error-codes';
import { statusIn, disbursedStatuses } from '@presta/contract/order-status';
import type { Db } from '../../db/database';
import { orders, ratingPromptDeferrals, ratings } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import { MAX_INT4, toDbId } from '../../lib/db-id';
import type { BorrowerContext } from '../../plugins/app/repositories';
import { signedAgreementOnCreate, type SignedSmsLink } from '../agreements/agreement-submission';
import { createOrder, refuseSecondActiveLoan } from '../orders/order-service';
import { linkKeyFacts, requireKeyFacts } from './key-facts-service';
import { loanDetailsUrl } from './loan-texts';

/*
 * The loan's writes of §7: the submission, the rating and the rating prompt's "not now". The confirmation's quote
 * is loan-confirmation.ts, the order's page loan-details.ts.
 */

// ---------------------------------------------------------------------------
// loan-detail-push
// ---------------------------------------------------------------------------

export type SubmitInput = {
  productId: string;
  amount: number;
  periods: number;
  termUnit: number;
  proposalNo?: string | undefined;
  agreementNo?: string | undefined;
};

type Submitted = { lendDetailsUrl: string; orderId: string; orderNo: string };

/**
 * Submits the loan (createOrder: one transaction, idempotent) and answers the loan-details address. For a
 * market with a Key Facts Statement (India), the KFS named by proposalNo must have been acknowledged and be
 * valid (KFS_BEFORE_APPLICATION, 409 keyFactsRequired); it becomes part of the order. An open order of another
 * product refuses it (409 activeLoanExists). A new order needs the agreement signed for exactly these figures
 * (agreementNo, issue 38: 409 agreementNotSigned), linked to it in its transaction with the borrower's SMS that
 * links to the loan's page; `outboxId` is that SMS, delivered after the commit. A retry answers the open order.
 */
export async function submitLoan(
  ctx: Pick<BorrowerContext, 'db' | 'borrowerId' | 'lang' | 'now'>,
  input: SubmitInput,
  link: SignedSmsLink,
): Promise<{ data: Submitted; outboxId: number | undefined }> {
  const { db, borrowerId } = ctx;
  const productId = toDbId(input.productId, MAX_INT4);
  if (productId === undefined) throw notFound('productNotFound');
  // One active loan: another product's open order refuses it before anything else (a retry of this one's is answered).
  await refuseSecondActiveLoan(db, borrowerId, productId);
  const keyFactsId = await requireKeyFacts(db, { borrowerId, productId, amount: input.amount, periods: input.periods, proposalNo: input.proposalNo, now: ctx.now });
  const terms = { amount: input.amount, periods: input.periods, termUnit: input.termUnit };
  const agreement = signedAgreementOnCreate({ borrowerId, productId, ...terms, agreementNo: input.agreementNo, proposalNo: input.proposalNo }, link);
  const result = await createOrder(db, { borrowerId, productId, ...terms, lang: ctx.lang, now: ctx.now, onCreated: agreement.onCreated });
  if (keyFactsId !== null) await linkKeyFacts(db, keyFactsId, result.orderId);
  const data = { lendDetailsUrl: loanDetailsUrl(result.orderId, result.productId), orderId: String(result.orderId), orderNo: result.orderNo };
  return { data, outboxId: result.created ? agreement.outboxId() : undefined };
}

// ---------------------------------------------------------------------------
// google-score-later
// ---------------------------------------------------------------------------

/**
 * The borrower's "not now" to the rating prompt (issue 14): loan-details
 * answers isScore 0 for every order of the borrower for
 * RATING_PROMPT_DEFERRAL_DAYS; a later "not now" starts the period again. The
 * one writer of rating_prompt_deferrals.
 */
export async function deferRatingPrompt(ctx: BorrowerContext): Promise<{ success: true; askAgainAfter: string }> {
  const { borrowerId, now } = ctx;
  const until = new Date(now.getTime() + RATING_PROMPT_DEFERRAL_DAYS * 86_400_000);
  await ctx.db
    .insert(ratingPromptDeferrals)
    .values({ borrowerId, deferredAt: now, deferredUntil: until })
    .onConflictDoUpdate({ target: ratingPromptDeferrals.borrowerId, set: { deferredAt: now, deferredUntil: until } });
  // This process's loan-details reads follow at once; the others when the change is announced (borrower:<id>).
  ctx.repos.orderDetails.forgetBorrower(borrowerId);
  return { success: true, askAgainAfter: until.toISOString() };
}

// ---------------------------------------------------------------------------
// google-score
// ---------------------------------------------------------------------------

/**
 * The borrower's 1–5 rating of a disbursed order (174, 180, 200): one per
 * borrower and order, a new score replaces the old one.
 */
export async function rateOrder(
  db: Db,
  borrowerId: number,
  orderIdRaw: string | undefined,
  score: number,
  now = new Date(),
): Promise<{ success: true }> {
  if (orderIdRaw === undefined || orderIdRaw === '') {
    throw new AppError(400, errorCodes.badRequest, 'orderIdRequired');
  }
  const orderId = toDbId(orderIdRaw);
  const [order] =
    orderId === undefined
      ? []
      : await db
          .select({ id: orders.id, status: orders.status })
          .from(orders)
          .where(and(eq(orders.id, orderId), eq(orders.borrowerId, borrowerId)))
          .limit(1);
  if (!order) throw notFound('orderNotFound');
  if (!statusIn(disbursedStatuses, order.status)) {
    throw new AppError(422, errorCodes.outsideProductRules, 'ratingNotAllowed');
  }
  await db
    .insert(ratings)
    .values({ borrowerId, orderId: order.id, score, createdAt: now })
    .onConflictDoUpdate({ target: [ratings.borrowerId, ratings.orderId], set: { score, createdAt: now } });
  return { success: true };
}

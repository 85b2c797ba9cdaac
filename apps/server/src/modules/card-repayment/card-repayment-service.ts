import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { BankCard, repaymentCommit, repaymentConfirm } from '@presta/contract/api/legacy-payment';
import { CARD_SMS_CODE_LENGTH, CARD_SMS_RESEND_SECONDS, legacyPaymentCodes } from '@presta/contract/legacy-payment-rules';
import { todayIn } from '@presta/contract/dates';
import { errorCodes } from '@presta/contract/error-codes';
import type { OrderStatus } from '@presta/contract/order-status';
import type { Language } from '@presta/contract/language';
import type { MarketCode } from '@presta/contract/markets';
import type { Minor } from '@presta/contract/money';
import type { DbOrTx } from '../../db/database';
import { bankCards, borrowers, cardRepayments, cardRepayTokens } from '../../db/schema';
import type { BorrowerContext } from '../../plugins/app/repositories';
import { AppError, notFound } from '../../lib/app-error';
import { translate } from '../../i18n/messages';
import { getLoanPosition } from '../ledger/ledger-position';
import { lockOrder } from '../orders/order-service';
import type { CardProcessor } from '../payments/card-processor';
import { chargeCardAndApply, priceCardPayment, type CardPaymentOutcome } from '../payments/card-payment';
import { moneyIn } from '../../i18n/market-texts';
import { PREPAYMENT_MIN_DAYS } from '../ledger/ledger-math/rules';
import { ownedOrder, type OwnedOrder } from '../orders/order-reads';
import { assertPayable, offersCard } from '../repayment/repayment-service';

/** The card is one of Mexico's channels (markets.ts): a loan of a market without it is not paid by card (409). */
export function assertCardOffered(order: Pick<OwnedOrder, 'market'>): void {
  if (!offersCard(order.market)) throw new AppError(409, errorCodes.invalidTransition, 'channelNotOffered');
}
import type { SmsSender } from '../sms/sms-sender';

/*
 * The legacy card repayment flow (§4, §7, §8; docs/card-repayment.md):
 * repayment-way hands out a single-use repay token bound to the instalment
 * then due; repayment-commit charges a card on file at once or, when the
 * processor asks for it, sends an SMS code; repayment-confirm checks the code
 * and charges. Every charge is payments' chargeCardAndApply (the processor with
 * an idempotency key, the ledger idempotent by the charge id) in the same
 * transaction that marks the attempt succeeded.
 */

/** A repay token lives this long. */
export const REPAY_TOKEN_TTL_MS = 30 * 60_000;
/** An attempt waiting for its SMS code lives this long from the commit. */
export const CARD_ATTEMPT_TTL_MS = 10 * 60_000;
/** An SMS code is accepted this long after it was sent. */
export const CARD_CODE_TTL_MS = 5 * 60_000;
/** Wrong codes before the attempt closes. */
export const CARD_MAX_WRONG_CODES = 5;
/** Codes sent (the first included) per attempt. */
export const CARD_MAX_CODE_SENDS = 5;

export type CardDeps = {
  processor: CardProcessor;
  /** Queues the code's text in the outbox, inside the attempt's transaction. */
  sms: SmsSender;
  /** Hands the queued texts (outbox ids) to the SMS provider once the transaction has committed (none: the retry job sends them). */
  deliver?: (outboxIds: number[]) => Promise<void>;
};

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const codeHashOf = (attemptId: number, code: string) => sha256(`card-code:${attemptId}:${code}`);

/** A repeat payment request (§8 '800005'): nothing is charged. */
const repeatRequest = () => new AppError(409, legacyPaymentCodes.repeatPaymentRequest, 'cardRepeatRequest');

export function maskCardNumber(last4: string): string {
  return `**** **** **** ${last4}`;
}

// ---------------------------------------------------------------------------
// repayment-way
// ---------------------------------------------------------------------------

/**
 * The borrower's active cards (masked) and a new repay token for the order,
 * bound to its earliest unpaid instalment, and the loan's market (the
 * currency of the amount). Order not the borrower's → 404; not in 174/180, or
 * of a market without the card (India) → 409.
 */
export async function repaymentWay(
  ctx: BorrowerContext,
  orderIdRaw: string,
): Promise<{ alipay: string; repayToken: string; bankCards: BankCard[]; market: MarketCode }> {
  const { db, borrowerId, now } = ctx;
  const order = await ownedOrder(ctx, orderIdRaw);
  assertPayable(order);
  assertCardOffered(order);
  const { position } = await getLoanPosition(db, order.id, todayIn(order.timeZone, now));
  // The instalment the borrower pays next: the first the credit held does not cover (it pays the others by itself).
  const next = position.instalments.find((x) => !x.paidOff && x.dueAfterCredit > 0);
  if (!next) throw new AppError(409, errorCodes.invalidTransition, 'repaymentNotAvailable', { orderNo: order.orderNo, status: order.status });

  const token = randomBytes(16).toString('hex');
  await db.insert(cardRepayTokens).values({
    tokenHash: sha256(token),
    borrowerId,
    orderId: order.id,
    instalmentSeq: next.seq,
    expiresAt: new Date(now.getTime() + REPAY_TOKEN_TTL_MS),
  });
  const cards = await db
    .select()
    .from(bankCards)
    .where(and(eq(bankCards.borrowerId, borrowerId), eq(bankCards.active, true)))
    .orderBy(asc(bankCards.id));
  return {
    alipay: '',
    repayToken: token,
    bankCards: cards.map((c) => ({ id: String(c.id), bankName: c.bankName, cardNo: maskCardNumber(c.last4), bankCode: c.bankCode })),
    market: order.market,
  };
}

// ---------------------------------------------------------------------------
// repayment-commit
// ---------------------------------------------------------------------------

type CommitInput = z.output<typeof repaymentCommit.request>;
type CommitOutcome =
  | { kind: 'ok'; needValid: 0 | 1; repayRecordId: string }
  | { kind: 'declined' };
type RepayToken = typeof cardRepayTokens.$inferSelect;
type Attempt = typeof cardRepayments.$inferSelect;
type Card = typeof bankCards.$inferSelect;

/** Locks the order (orders' lockOrder: commits and confirms of one order run one at a time) and answers its status. */
async function lockOrderStatus(tx: DbOrTx, orderId: number): Promise<OrderStatus> {
  const locked = await lockOrder(tx, { orderId });
  if (!locked) throw notFound('orderNotFound');
  return locked.status;
}

/** A new code for the attempt, queued by SMS to the phone in the borrower's language (delivered after the commit). */
async function sendCode(tx: DbOrTx, context: CommitContext, attemptId: number, phone: string) {
  const { deps, lang, now } = context;
  const code = String(randomInt(0, 10 ** CARD_SMS_CODE_LENGTH)).padStart(CARD_SMS_CODE_LENGTH, '0');
  const body = translate(lang, 'cardSmsBody', { code, minutes: CARD_CODE_TTL_MS / 60_000 });
  const outboxId = await deps.sms.send(tx, { phone, purpose: 'card_repayment_code', body, expiresAt: new Date(now.getTime() + CARD_CODE_TTL_MS) });
  if (outboxId !== undefined) context.queuedSms.push(outboxId);
  return { codeHash: codeHashOf(attemptId, code), codeSentAt: now };
}

/** What a commit needs to send codes: the processor, the SMS outbox, the borrower's language, the clock and the codes queued. */
type CommitContext = { deps: CardDeps; borrowerId: number; lang: Language; now: Date; queuedSms: number[] };

/**
 * Commits a card repayment of `amount` for the token's order.
 * - A token already used, a settled loan, or an instalment (the one the
 *   token was issued for) already paid off: '800005', nothing charged.
 * - Another attempt of the order waiting for its code (made with another
 *   token) is replaced: it can no longer be confirmed.
 * - sendMsg 1 with the token of the attempt waiting for its code: a new code
 *   (no sooner than 60 s after the last, at most 5 codes), same attempt.
 * - The card needs no code: charged now, posted to the ledger (needValid 0).
 * - Otherwise a 6-digit code goes by SMS (needValid 1).
 * Amount: positive, at most what the repayment page asks for now.
 */
export async function commitCardRepayment(ctx: BorrowerContext, deps: CardDeps, input: CommitInput): Promise<{ needValid: number; repayRecordId: string }> {
  const { db, borrowerId, lang, now } = ctx;
  const order = await ownedOrder(ctx, input.orderId);
  const tokenHash = sha256(input.repayToken);
  assertCardOffered(order);
  const context: CommitContext = { deps, borrowerId, lang, now, queuedSms: [] };

  const outcome = await db.transaction(async (tx): Promise<CommitOutcome> => {
    const status = await lockOrderStatus(tx, order.id);
    const token = await findToken(tx, tokenHash, borrowerId, order.id);
    const waiting = await attemptWaitingForCode(tx, order.id, now);
    // A resend: the attempt this token opened is still waiting for its code.
    if (input.sendMsg === 1 && waiting && waiting.tokenHash === tokenHash) return resendCode(tx, context, waiting);

    await checkCommit(tx, { ...order, status }, token, input.amount, now);
    const card = await activeCard(tx, borrowerId, input.cardId);
    const attempt = await openAttempt(tx, { orderId: order.id, borrowerId, card, token, amount: input.amount, replaces: waiting, now });
    if (card.requiresOtp) return sendFirstCode(tx, context, attempt);
    const charged = await chargeAttempt(tx, deps, attempt, card.processorToken, now);
    return commitOutcome(charged, attempt, order.market);
  });

  // Committed: the code may leave now.
  if (deps.deliver && context.queuedSms.length > 0) await deps.deliver(context.queuedSms);
  if (outcome.kind === 'declined') throw new AppError(402, errorCodes.cardDeclined, 'cardDeclined');
  return { needValid: outcome.needValid, repayRecordId: outcome.repayRecordId };
}

/** The borrower's repay token for the order (409 cardTokenInvalid when there is none). */
async function findToken(tx: DbOrTx, tokenHash: string, borrowerId: number, orderId: number): Promise<RepayToken> {
  const [token] = await tx
    .select()
    .from(cardRepayTokens)
    .where(and(eq(cardRepayTokens.tokenHash, tokenHash), eq(cardRepayTokens.borrowerId, borrowerId), eq(cardRepayTokens.orderId, orderId)))
    .limit(1);
  if (!token) throw new AppError(409, errorCodes.cardRepaymentClosed, 'cardTokenInvalid');
  return token;
}

/** The order's attempt still waiting for its code, if any (those past their time are closed as expired first). */
async function attemptWaitingForCode(tx: DbOrTx, orderId: number, now: Date): Promise<Attempt | undefined> {
  await tx
    .update(cardRepayments)
    .set({ status: 'expired', failureReason: 'expired', updatedAt: now })
    .where(and(eq(cardRepayments.orderId, orderId), eq(cardRepayments.status, 'awaiting_code'), lt(cardRepayments.expiresAt, now)));
  const [waiting] = await tx
    .select()
    .from(cardRepayments)
    .where(and(eq(cardRepayments.orderId, orderId), eq(cardRepayments.status, 'awaiting_code')))
    .limit(1);
  return waiting;
}

/** A new code for the attempt waiting for it: no sooner than 60 s after the last, at most 5 codes (429). */
async function resendCode(tx: DbOrTx, context: CommitContext, waiting: Attempt): Promise<CommitOutcome> {
  const { now } = context;
  const wait = waiting.codeSentAt ? Math.ceil((waiting.codeSentAt.getTime() + CARD_SMS_RESEND_SECONDS * 1000 - now.getTime()) / 1000) : 0;
  if (wait > 0) throw new AppError(429, errorCodes.rateLimited, 'cardResendWait', { seconds: wait });
  if (waiting.codeSends >= CARD_MAX_CODE_SENDS) throw new AppError(429, errorCodes.rateLimited, 'cardTooManyCodes');
  const phone = await borrowerPhone(tx, context.borrowerId);
  const sent = await sendCode(tx, context, waiting.id, phone);
  await tx
    .update(cardRepayments)
    .set({ ...sent, codeSends: sql`${cardRepayments.codeSends} + 1`, updatedAt: now })
    .where(eq(cardRepayments.id, waiting.id));
  return { kind: 'ok', needValid: 1, repayRecordId: String(waiting.id) };
}

/**
 * A new payment may be made with this token: unused, the loan repayable and the token's instalment unpaid
 * ('800005' otherwise), the token in time (409), payments open (409 paymentNotOpenYet) and the amount at most
 * what is payable now (422 cardAmountTooHigh).
 */
async function checkCommit(tx: DbOrTx, order: OwnedOrder, token: RepayToken, amount: Minor, now: Date): Promise<void> {
  if (token.usedAt) throw repeatRequest();
  // A settled loan: the repeat of a payment that went through (the token was issued while it was owed).
  if (order.status === '200') throw repeatRequest();
  assertPayable(order);
  if (token.expiresAt.getTime() < now.getTime()) throw new AppError(409, errorCodes.cardRepaymentClosed, 'cardTokenInvalid');
  const { quote, instalmentPaidOff } = await priceCardPayment(tx, order, token.instalmentSeq, now);
  if (instalmentPaidOff) throw repeatRequest();
  if (quote.payable <= 0) {
    throw new AppError(409, errorCodes.invalidTransition, 'paymentNotOpenYet', { date: quote.payableFrom ?? '', days: PREPAYMENT_MIN_DAYS });
  }
  if (amount > quote.payable) throw amountTooHigh(order.market, amount, quote.payable);
}

const amountTooHigh = (market: MarketCode, amount: Minor, payable: Minor) => {
  const money = moneyIn(market);
  return new AppError(422, errorCodes.outsideProductRules, 'cardAmountTooHigh', { amount: money(amount), due: money(payable) });
};

/** The borrower's active card on file (404 cardNotFound). */
async function activeCard(tx: DbOrTx, borrowerId: number, cardIdRaw: string): Promise<Card> {
  const cardId = Number(cardIdRaw);
  const [card] = Number.isSafeInteger(cardId)
    ? await tx
        .select()
        .from(bankCards)
        .where(and(eq(bankCards.id, cardId), eq(bankCards.borrowerId, borrowerId), eq(bankCards.active, true)))
        .limit(1)
    : [];
  if (!card) throw notFound('cardNotFound');
  return card;
}

/**
 * The attempt of this payment, waiting for its code; the token is used up. A new payment (a new token) replaces
 * one still waiting for its code (the borrower closed the code step, or chose another card): the old attempt can
 * no longer be confirmed, so at most one of them is ever charged.
 */
async function openAttempt(
  tx: DbOrTx,
  a: { orderId: number; borrowerId: number; card: Card; token: RepayToken; amount: Minor; replaces: Attempt | undefined; now: Date },
): Promise<Attempt> {
  const { now } = a;
  if (a.replaces) {
    await tx
      .update(cardRepayments)
      .set({ status: 'expired', failureReason: 'superseded', codeHash: null, updatedAt: now })
      .where(eq(cardRepayments.id, a.replaces.id));
  }
  await tx.update(cardRepayTokens).set({ usedAt: now }).where(eq(cardRepayTokens.tokenHash, a.token.tokenHash));
  const [attempt] = await tx
    .insert(cardRepayments)
    .values({
      orderId: a.orderId,
      borrowerId: a.borrowerId,
      cardId: a.card.id,
      tokenHash: a.token.tokenHash,
      instalmentSeq: a.token.instalmentSeq,
      amount: a.amount,
      status: 'awaiting_code',
      expiresAt: new Date(now.getTime() + CARD_ATTEMPT_TTL_MS),
    })
    .returning();
  return attempt!;
}

/** The attempt's first code, by SMS (needValid 1). */
async function sendFirstCode(tx: DbOrTx, context: CommitContext, attempt: Attempt): Promise<CommitOutcome> {
  const phone = await borrowerPhone(tx, context.borrowerId);
  const sent = await sendCode(tx, context, attempt.id, phone);
  await tx.update(cardRepayments).set({ ...sent, codeSends: 1 }).where(eq(cardRepayments.id, attempt.id));
  return { kind: 'ok', needValid: 1, repayRecordId: String(attempt.id) };
}

/** A card charged at commit (no code): checkCommit ran under the same lock, so only a charge or a decline is expected. */
function commitOutcome(charged: CardPaymentOutcome, attempt: Attempt, market: MarketCode): CommitOutcome {
  switch (charged.kind) {
    case 'charged':
      return { kind: 'ok', needValid: 0, repayRecordId: String(attempt.id) };
    case 'declined':
      return { kind: 'declined' };
    case 'notRepayable':
    case 'paidOff':
      throw repeatRequest();
    case 'aboveDue':
      throw amountTooHigh(market, attempt.amount, charged.payable);
  }
}

async function borrowerPhone(tx: DbOrTx, borrowerId: number): Promise<string> {
  const [row] = await tx.select({ phone: borrowers.phone }).from(borrowers).where(eq(borrowers.id, borrowerId)).limit(1);
  return row?.phone ?? '';
}

/** Why an attempt closes uncharged when the card payment found nothing to charge for. */
const closedBecause = { notRepayable: 'paid_elsewhere', paidOff: 'paid_elsewhere', aboveDue: 'amount_changed' } as const;

/**
 * Charges the attempt's card and applies the money (payments' chargeCardAndApply; idempotency key: the attempt,
 * the ledger's: the charge id), inside the caller's transaction; the attempt is marked succeeded, failed when
 * declined, or closed uncharged when the instalment was paid another way or the amount due dropped.
 */
async function chargeAttempt(tx: DbOrTx, deps: CardDeps, attempt: Attempt, cardToken: string, now: Date): Promise<CardPaymentOutcome> {
  const outcome = await chargeCardAndApply(tx, deps.processor, {
    orderId: attempt.orderId,
    instalmentSeq: attempt.instalmentSeq,
    amount: attempt.amount,
    cardToken,
    idempotencyKey: `card-repayment-${attempt.id}`,
    now,
  });
  const set =
    outcome.kind === 'charged'
      ? { status: 'succeeded' as const, chargeId: outcome.chargeId }
      : outcome.kind === 'declined'
        ? { status: 'failed' as const, failureReason: outcome.reason, chargeId: outcome.chargeId ?? null }
        : { status: 'failed' as const, failureReason: closedBecause[outcome.kind] };
  await tx
    .update(cardRepayments)
    .set({ ...set, codeHash: null, updatedAt: now })
    .where(eq(cardRepayments.id, attempt.id));
  return outcome;
}

// ---------------------------------------------------------------------------
// repayment-confirm
// ---------------------------------------------------------------------------

type ConfirmInput = z.output<typeof repaymentConfirm.request>;
type ConfirmOutcome =
  | { kind: 'ok'; amount: Minor; id: number }
  | { kind: 'wrong'; left: number }
  | { kind: 'closed' }
  | { kind: 'declined' }
  | { kind: 'changed' }
  | { kind: 'repeat' };

/** What a confirm answers for the card payment's outcome. */
function confirmOutcome(charged: CardPaymentOutcome, attempt: Attempt): ConfirmOutcome {
  switch (charged.kind) {
    case 'charged':
      return { kind: 'ok', amount: attempt.amount, id: attempt.id };
    case 'declined':
      return { kind: 'declined' };
    case 'notRepayable':
    case 'paidOff':
      return { kind: 'repeat' };
    case 'aboveDue':
      return { kind: 'changed' };
  }
}

/**
 * Checks the SMS code of an attempt and charges it.
 * - Unknown attempt, or another borrower's or order's: 404.
 * - Already charged: '800005' (repeat payment request), nothing charged.
 * - Expired, failed or closed after 5 wrong codes: 409003.
 * - Wrong or stale code: '800006'; the 5th wrong code closes the attempt.
 * - The instalment was paid another way meanwhile, or the amount due is now
 *   lower: the attempt closes uncharged ('800005' / 409003).
 */
export async function confirmCardRepayment(ctx: BorrowerContext, deps: CardDeps, input: ConfirmInput): Promise<{ repayRecordId: string; amount: number }> {
  const { db, borrowerId, now } = ctx;
  const order = await ownedOrder(ctx, input.orderId);
  const attemptId = Number(input.repaymentRecordId);
  if (!Number.isSafeInteger(attemptId) || attemptId <= 0) throw notFound('cardRepaymentNotFound');

  const outcome = await db.transaction(async (tx): Promise<ConfirmOutcome> => {
    await lockOrderStatus(tx, order.id);
    const [attempt] = await tx
      .select()
      .from(cardRepayments)
      .where(and(eq(cardRepayments.id, attemptId), eq(cardRepayments.borrowerId, borrowerId), eq(cardRepayments.orderId, order.id)))
      .limit(1);
    if (!attempt) throw notFound('cardRepaymentNotFound');
    if (attempt.status === 'succeeded') throw repeatRequest();
    if (attempt.status !== 'awaiting_code') return { kind: 'closed' };
    const close = (reason: string) =>
      tx
        .update(cardRepayments)
        .set({ status: reason === 'expired' ? 'expired' : 'failed', failureReason: reason, codeHash: null, updatedAt: now })
        .where(eq(cardRepayments.id, attempt.id));
    if (attempt.expiresAt.getTime() < now.getTime()) {
      await close('expired');
      return { kind: 'closed' };
    }

    const code = input.verifyCode;
    const fresh = attempt.codeSentAt !== null && now.getTime() - attempt.codeSentAt.getTime() <= CARD_CODE_TTL_MS;
    const given = Buffer.from(codeHashOf(attempt.id, code), 'hex');
    const right = attempt.codeHash !== null && timingSafeEqual(given, Buffer.from(attempt.codeHash, 'hex'));
    if (!fresh || !right || !new RegExp(`^\\d{${CARD_SMS_CODE_LENGTH}}$`).test(code)) {
      const wrong = attempt.wrongCodes + 1;
      if (wrong >= CARD_MAX_WRONG_CODES) {
        await tx.update(cardRepayments).set({ wrongCodes: wrong }).where(eq(cardRepayments.id, attempt.id));
        await close('too_many_codes');
        return { kind: 'closed' };
      }
      await tx.update(cardRepayments).set({ wrongCodes: wrong, updatedAt: now }).where(eq(cardRepayments.id, attempt.id));
      return { kind: 'wrong', left: CARD_MAX_WRONG_CODES - wrong };
    }

    // The instalment paid another way meanwhile, or the amount due now lower: the attempt closes uncharged.
    const [card] = await tx.select().from(bankCards).where(eq(bankCards.id, attempt.cardId)).limit(1);
    return confirmOutcome(await chargeAttempt(tx, deps, attempt, card?.processorToken ?? '', now), attempt);
  });

  switch (outcome.kind) {
    case 'ok':
      return { repayRecordId: String(outcome.id), amount: outcome.amount };
    case 'wrong':
      throw new AppError(400, legacyPaymentCodes.wrongVerificationCode, outcome.left === 1 ? 'cardWrongCodeLast' : 'cardWrongCode', { left: outcome.left });
    case 'closed':
      throw new AppError(409, errorCodes.cardRepaymentClosed, 'cardRepaymentClosed');
    case 'changed':
      throw new AppError(409, errorCodes.cardRepaymentClosed, 'cardAmountChanged');
    case 'declined':
      throw new AppError(402, errorCodes.cardDeclined, 'cardDeclined');
    case 'repeat':
      throw repeatRequest();
  }
}

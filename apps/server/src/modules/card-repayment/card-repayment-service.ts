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
import type { Db, DbOrTx } from '../../db/database';
import { bankCards, borrowers, cardRepayments, cardRepayTokens, orders } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import { translate } from '../../i18n/messages';
import { applyPayment, getLoanPosition } from '../ledger/ledger-service';
import type { CardProcessor } from '../payments/card-processor';
import { repaymentQuote } from '../repayment/repayment-quote';
import { moneyIn } from '../../i18n/market-texts';
import { PREPAYMENT_MIN_DAYS } from '../ledger/ledger-math';
import { assertPayable, offersCard, ownedOrder, type OwnedOrder } from '../repayment/repayment-service';

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
 * and charges. Every charge goes through the processor with an idempotency key
 * and into the ledger (applyPayment, idempotent by the charge id) in the same
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
  db: Db,
  borrowerId: number,
  orderIdRaw: string,
  now = new Date(),
): Promise<{ alipay: string; repayToken: string; bankCards: BankCard[]; market: MarketCode }> {
  const order = await ownedOrder(db, borrowerId, orderIdRaw);
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

/** Locks the order row: commits and confirms of one order run one at a time. */
async function lockOrder(tx: DbOrTx, orderId: number): Promise<OrderStatus> {
  const [row] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)).for('update');
  if (!row) throw notFound('orderNotFound');
  return row.status;
}

/** What a repayment may take now (REPAYMENT_AMOUNT_DUE_OR_NEXT) and whether an instalment is paid off. */
async function payableNow(tx: DbOrTx, orderId: number, timeZone: string, now: Date) {
  const { position } = await getLoanPosition(tx, orderId, todayIn(timeZone, now));
  const quote = repaymentQuote(position);
  return { quote, paidOff: (seq: number) => position.instalments.find((x) => x.seq === seq)?.paidOff ?? true };
}

async function sendCode(
  tx: DbOrTx,
  deps: CardDeps,
  attemptId: number,
  phone: string,
  lang: Language,
  now: Date,
  sent: number[],
) {
  const code = String(randomInt(0, 10 ** CARD_SMS_CODE_LENGTH)).padStart(CARD_SMS_CODE_LENGTH, '0');
  const body = translate(lang, 'cardSmsBody', { code, minutes: CARD_CODE_TTL_MS / 60_000 });
  const outboxId = await deps.sms.send(tx, { phone, purpose: 'card_repayment_code', body, expiresAt: new Date(now.getTime() + CARD_CODE_TTL_MS) });
  if (outboxId !== undefined) sent.push(outboxId);
  return { codeHash: codeHashOf(attemptId, code), codeSentAt: now };
}

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
export async function commitCardRepayment(
  db: Db,
  deps: CardDeps,
  borrowerId: number,
  input: CommitInput,
  lang: Language,
  now = new Date(),
): Promise<{ needValid: number; repayRecordId: string }> {
  const order = await ownedOrder(db, borrowerId, input.orderId);
  const tokenHash = sha256(input.repayToken);
  assertCardOffered(order);
  const money = moneyIn(order.market);
  const queuedSms: number[] = [];

  const outcome = await db.transaction(async (tx): Promise<CommitOutcome> => {
    const status = await lockOrder(tx, order.id);
    const [token] = await tx
      .select()
      .from(cardRepayTokens)
      .where(and(eq(cardRepayTokens.tokenHash, tokenHash), eq(cardRepayTokens.borrowerId, borrowerId), eq(cardRepayTokens.orderId, order.id)))
      .limit(1);
    if (!token) throw new AppError(409, errorCodes.cardRepaymentClosed, 'cardTokenInvalid');

    await tx
      .update(cardRepayments)
      .set({ status: 'expired', failureReason: 'expired', updatedAt: now })
      .where(and(eq(cardRepayments.orderId, order.id), eq(cardRepayments.status, 'awaiting_code'), lt(cardRepayments.expiresAt, now)));
    const [waiting] = await tx
      .select()
      .from(cardRepayments)
      .where(and(eq(cardRepayments.orderId, order.id), eq(cardRepayments.status, 'awaiting_code')))
      .limit(1);

    // A resend: the attempt this token opened is still waiting for its code.
    if (input.sendMsg === 1 && waiting && waiting.tokenHash === tokenHash) {
      const wait = waiting.codeSentAt ? Math.ceil((waiting.codeSentAt.getTime() + CARD_SMS_RESEND_SECONDS * 1000 - now.getTime()) / 1000) : 0;
      if (wait > 0) throw new AppError(429, errorCodes.rateLimited, 'cardResendWait', { seconds: wait });
      if (waiting.codeSends >= CARD_MAX_CODE_SENDS) throw new AppError(429, errorCodes.rateLimited, 'cardTooManyCodes');
      const phone = await borrowerPhone(tx, borrowerId);
      const sent = await sendCode(tx, deps, waiting.id, phone, lang, now, queuedSms);
      await tx
        .update(cardRepayments)
        .set({ ...sent, codeSends: sql`${cardRepayments.codeSends} + 1`, updatedAt: now })
        .where(eq(cardRepayments.id, waiting.id));
      return { kind: 'ok', needValid: 1, repayRecordId: String(waiting.id) };
    }

    if (token.usedAt) throw repeatRequest();
    // A settled loan: the repeat of a payment that went through (the token was issued while it was owed).
    if (status === '200') throw repeatRequest();
    assertPayable({ ...order, status });
    if (token.expiresAt.getTime() < now.getTime()) throw new AppError(409, errorCodes.cardRepaymentClosed, 'cardTokenInvalid');
    const { quote, paidOff } = await payableNow(tx, order.id, order.timeZone, now);
    if (paidOff(token.instalmentSeq)) throw repeatRequest();
    if (quote.payable <= 0) {
      throw new AppError(409, errorCodes.invalidTransition, 'paymentNotOpenYet', { date: quote.payableFrom ?? '', days: PREPAYMENT_MIN_DAYS });
    }
    if (input.amount > quote.payable) {
      throw new AppError(422, errorCodes.outsideProductRules, 'cardAmountTooHigh', { amount: money(input.amount), due: money(quote.payable) });
    }
    const cardId = Number(input.cardId);
    const [card] = Number.isSafeInteger(cardId)
      ? await tx
          .select()
          .from(bankCards)
          .where(and(eq(bankCards.id, cardId), eq(bankCards.borrowerId, borrowerId), eq(bankCards.active, true)))
          .limit(1)
      : [];
    if (!card) throw notFound('cardNotFound');

    // A new payment (a new token) replaces one still waiting for its code (the
    // borrower closed the code step, or chose another card): the old attempt
    // can no longer be confirmed, so at most one of them is ever charged.
    if (waiting) {
      await tx
        .update(cardRepayments)
        .set({ status: 'expired', failureReason: 'superseded', codeHash: null, updatedAt: now })
        .where(eq(cardRepayments.id, waiting.id));
    }
    await tx.update(cardRepayTokens).set({ usedAt: now }).where(eq(cardRepayTokens.tokenHash, tokenHash));
    const [attempt] = await tx
      .insert(cardRepayments)
      .values({
        orderId: order.id,
        borrowerId,
        cardId: card.id,
        tokenHash,
        instalmentSeq: token.instalmentSeq,
        amount: input.amount,
        status: 'awaiting_code',
        expiresAt: new Date(now.getTime() + CARD_ATTEMPT_TTL_MS),
      })
      .returning();

    if (card.requiresOtp) {
      const phone = await borrowerPhone(tx, borrowerId);
      const sent = await sendCode(tx, deps, attempt!.id, phone, lang, now, queuedSms);
      await tx.update(cardRepayments).set({ ...sent, codeSends: 1 }).where(eq(cardRepayments.id, attempt!.id));
      return { kind: 'ok', needValid: 1, repayRecordId: String(attempt!.id) };
    }
    const charged = await chargeAndPost(tx, deps, attempt!, card.processorToken, now);
    return charged ? { kind: 'ok', needValid: 0, repayRecordId: String(attempt!.id) } : { kind: 'declined' };
  });

  // Committed: the code may leave now.
  if (deps.deliver && queuedSms.length > 0) await deps.deliver(queuedSms);
  if (outcome.kind === 'declined') throw new AppError(402, errorCodes.cardDeclined, 'cardDeclined');
  return { needValid: outcome.needValid, repayRecordId: outcome.repayRecordId };
}

async function borrowerPhone(tx: DbOrTx, borrowerId: number): Promise<string> {
  const [row] = await tx.select({ phone: borrowers.phone }).from(borrowers).where(eq(borrowers.id, borrowerId)).limit(1);
  return row?.phone ?? '';
}

/**
 * Charges the attempt's card (idempotency key: the attempt) and posts the
 * money to the ledger under the charge id; marks the attempt succeeded, or
 * failed when declined (false). Inside the caller's transaction.
 */
async function chargeAndPost(
  tx: DbOrTx,
  deps: CardDeps,
  attempt: typeof cardRepayments.$inferSelect,
  cardToken: string,
  now: Date,
): Promise<boolean> {
  const charge = await deps.processor.charge(tx, { cardToken, amount: attempt.amount, idempotencyKey: `card-repayment-${attempt.id}` });
  if (!charge.ok) {
    await tx
      .update(cardRepayments)
      .set({ status: 'failed', failureReason: charge.reason, chargeId: charge.chargeId ?? null, codeHash: null, updatedAt: now })
      .where(eq(cardRepayments.id, attempt.id));
    return false;
  }
  await applyPayment(tx, {
    orderId: attempt.orderId,
    amount: attempt.amount,
    purpose: 'repayment',
    channel: 'card',
    provider: deps.processor.id,
    providerEventId: charge.chargeId,
    now,
  });
  await tx
    .update(cardRepayments)
    .set({ status: 'succeeded', chargeId: charge.chargeId, codeHash: null, updatedAt: now })
    .where(eq(cardRepayments.id, attempt.id));
  return true;
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

/**
 * Checks the SMS code of an attempt and charges it.
 * - Unknown attempt, or another borrower's or order's: 404.
 * - Already charged: '800005' (repeat payment request), nothing charged.
 * - Expired, failed or closed after 5 wrong codes: 409003.
 * - Wrong or stale code: '800006'; the 5th wrong code closes the attempt.
 * - The instalment was paid another way meanwhile, or the amount due is now
 *   lower: the attempt closes uncharged ('800005' / 409003).
 */
export async function confirmCardRepayment(
  db: Db,
  deps: CardDeps,
  borrowerId: number,
  input: ConfirmInput,
  now = new Date(),
): Promise<{ repayRecordId: string; amount: number }> {
  const order = await ownedOrder(db, borrowerId, input.orderId);
  const attemptId = Number(input.repaymentRecordId);
  if (!Number.isSafeInteger(attemptId) || attemptId <= 0) throw notFound('cardRepaymentNotFound');

  const outcome = await db.transaction(async (tx): Promise<ConfirmOutcome> => {
    await lockOrder(tx, order.id);
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

    const { quote, paidOff } = await payableNow(tx, order.id, order.timeZone, now);
    if (paidOff(attempt.instalmentSeq)) {
      await close('paid_elsewhere');
      return { kind: 'repeat' };
    }
    if (attempt.amount > quote.payable) {
      await close('amount_changed');
      return { kind: 'changed' };
    }
    const [card] = await tx.select().from(bankCards).where(eq(bankCards.id, attempt.cardId)).limit(1);
    const charged = await chargeAndPost(tx, deps, attempt, card?.processorToken ?? '', now);
    return charged ? { kind: 'ok', amount: attempt.amount, id: attempt.id } : { kind: 'declined' };
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

import { repayableStatuses, statusIn, type OrderStatus } from '@presta/contract/order-status';
import { todayIn } from '@presta/contract/dates';
import type { Minor } from '@presta/contract/money';
import type { DbOrTx } from '../../db/database';
import { getLoanPosition } from '../ledger/ledger-position';
import type { ApplyPaymentResult } from '../ledger/ledger-service';
import { lockOrder } from '../orders/order-service';
import type { CardProcessor, ChargeResult } from './card-processor';
import { recordPayment } from './record-payment';
import { repaymentQuote, type RepaymentQuote } from './repayment-quote';

/*
 * Charging a card and applying the money (docs/card-repayment.md): the one use case of both card flows — a
 * card on file (repayment-commit / repayment-confirm) and the processor's hosted checkout page. Each flow keeps
 * its own steps (tokens, SMS codes, the page) and turns the outcome into its own answer.
 */

/** What a card payment may take now and whether the instalment it was asked for is paid off already. */
export type CardPaymentPrice = {
  /** REPAYMENT_AMOUNT_DUE_OR_NEXT: quote.payable is the most a card payment takes now (0: not yet). */
  quote: RepaymentQuote;
  /** The instalment (seq > 0) was paid another way meanwhile, or is gone. */
  instalmentPaidOff: boolean;
};

/**
 * What a card payment for the order may take now (`now`'s day in the product's time zone), priced from the ledger
 * position, and whether the instalment `instalmentSeq` (0: none named) is paid off. Read only.
 */
export async function priceCardPayment(
  db: DbOrTx,
  order: { id: number; timeZone: string },
  instalmentSeq: number,
  now: Date,
): Promise<CardPaymentPrice> {
  const { position } = await getLoanPosition(db, order.id, todayIn(order.timeZone, now));
  const instalment = position.instalments.find((x) => x.seq === instalmentSeq);
  return { quote: repaymentQuote(position), instalmentPaidOff: instalmentSeq > 0 && (instalment?.paidOff ?? true) };
}

export type CardPaymentRequest = {
  orderId: number;
  /** The instalment the payment was asked for (0: none); paid off meanwhile → 'paidOff', nothing charged. */
  instalmentSeq: number;
  amount: Minor;
  /** The processor's token of the card. */
  cardToken: string;
  /** The same key never charges twice (the processor answers the first charge). */
  idempotencyKey: string;
  now: Date;
};

export type CardPaymentOutcome =
  /** Charged and recorded (payment: the ledger's answer; a duplicate when the charge id was recorded already). */
  | { kind: 'charged'; chargeId: string; payment: ApplyPaymentResult }
  /** The processor refused the card: nothing recorded. */
  | { kind: 'declined'; reason: Extract<ChargeResult, { ok: false }>['reason']; chargeId?: string }
  /** The order is not in 174 or 180 (settled meanwhile): nothing charged. */
  | { kind: 'notRepayable'; status: OrderStatus | null }
  /** The instalment asked for was paid another way: nothing charged. */
  | { kind: 'paidOff' }
  /** The amount is more than what is payable now (the amount due dropped, or payments are not open yet): nothing charged. */
  | { kind: 'aboveDue'; payable: Minor };

/**
 * Charges a card and applies the money, inside the caller's transaction: the order is locked (orders'
 * lockOrder, the one order lock: card payments, notifications and the sweep of one order run one at a time);
 * it must be repayable (174, 180), the instalment asked for still unpaid and the amount at most what is payable
 * now; the card is charged through the processor (idempotently) and the money recorded (recordPayment, under
 * the charge id: the order's open references expire). Refusals are outcomes, never thrown: each flow answers
 * them its own way.
 */
export async function chargeCardAndApply(tx: DbOrTx, processor: CardProcessor, request: CardPaymentRequest): Promise<CardPaymentOutcome> {
  const order = await lockOrder(tx, { orderId: request.orderId });
  if (!order || !statusIn(repayableStatuses, order.status)) return { kind: 'notRepayable', status: order?.status ?? null };
  const { quote, instalmentPaidOff } = await priceCardPayment(tx, order, request.instalmentSeq, request.now);
  if (instalmentPaidOff) return { kind: 'paidOff' };
  if (request.amount > quote.payable) return { kind: 'aboveDue', payable: quote.payable };

  const charge = await processor.charge(tx, { cardToken: request.cardToken, amount: request.amount, idempotencyKey: request.idempotencyKey });
  if (!charge.ok) return { kind: 'declined', reason: charge.reason, ...(charge.chargeId ? { chargeId: charge.chargeId } : {}) };
  const payment = await recordPayment(tx, {
    orderId: order.id,
    amount: request.amount,
    purpose: 'repayment',
    channel: 'card',
    provider: processor.id,
    providerEventId: charge.chargeId,
    now: request.now,
  });
  return { kind: 'charged', chargeId: charge.chargeId, payment };
}

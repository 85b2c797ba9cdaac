import { z } from 'zod';
import type { Minor } from '@presta/contract/money';
import type { SignatureFailure } from './notification-signature';

/*
 * What every payment provider implements (docs/payments.md "Providers"): the sandbox, Conekta (OXXO cash, SPEI),
 * STP (SPEI to the loan's CLABE) and Razorpay (UPI, Smart Collect bank transfers). Pure of storage: the caller keeps
 * the payment reference records, the notification log (each event applied once, by its dedupe key) and the ledger.
 */

export const paymentPurposes = ['repayment', 'extension'] as const;
export type PaymentPurpose = (typeof paymentPurposes)[number];

/**
 * Channels paid through a payment reference (a voucher). Mexico: 'store' cash
 * at a convenience store (reference + barcode), 'spei' bank transfer to a
 * CLABE; India: 'upi' a UPI payment to a VPA, 'bank_transfer' an IMPS/NEFT
 * transfer to a virtual account (number + IFSC). Each market offers its own
 * (markets.ts); the card is paid on the card page, not through a reference.
 */
export const paymentChannels = ['store', 'spei', 'upi', 'bank_transfer'] as const;
export type PaymentChannel = (typeof paymentChannels)[number];

export type CreateReferenceInput = {
  orderId: number;
  /** The loan's number, for the provider's description of the charge (never personal data). */
  orderNo?: string;
  /** Amount to collect, positive integer minor units. */
  amount: Minor;
  /** The loan's market's currency (ISO 4217): 'MXN' or 'INR'. */
  currency?: 'MXN' | 'INR';
  purpose: PaymentPurpose;
  channel: PaymentChannel;
  /** When the reference stops being payable. */
  expiresAt: Date;
  /** Who pays, for providers whose API requires it (Conekta's customer_info); sent to that provider only, never logged. */
  payer?: { name: string; phone: string; email?: string };
};

export type CreatedReference = {
  /** Our number of the reference (14 digits, store-reference form, from nextSeq): unique, shown on statements and receipts. */
  reference: string;
  /**
   * What this provider's events name (payment_references.provider_reference): the sandbox's reference itself, a
   * Conekta order id, a Razorpay QR code or virtual account id, the loan's CLABE at STP. Shared by the references of
   * one loan when it is the loan's own account (loanAccount); defaults to `reference`.
   */
  providerReference?: string;
  /**
   * True when providerReference is the loan's own account (STP's CLABE, a Razorpay Smart Collect account): it takes
   * money for as long as the loan lives, so a deposit after one of its references' time is still applied.
   */
  loanAccount?: boolean;
  /** True when the borrower must type our reference (a SPEI concept, a UPI note, a transfer's remarks) for the payment to be matched. */
  payerTypesReference?: boolean;
  /** SPEI only: the CLABE to transfer to. */
  clabe?: string;
  /** UPI only: the virtual payment address to pay to. */
  vpa?: string;
  /** UPI only: the provider's own upi://pay intent (Razorpay's QR image_content); otherwise upi-link.ts builds one. */
  payLink?: string;
  /** Bank transfer only: the virtual account to transfer to. */
  bankAccount?: { accountNumber: string; ifsc: string; bankName: string };
  /** Store only: the text to draw as a Code 128 barcode (renderCode128Png/Svg); the voucherCode when absent. */
  barcodeText?: string;
  /** What the borrower copies (the voucher's vCode): the store reference, the CLABE (SPEI), the VPA (UPI) or the account number (bank transfer). */
  voucherCode: string;
  expiresAt: Date;
};

/** An incoming notification exactly as received: the raw body bytes (before any JSON parsing), the headers and the sender's address. */
export type IncomingNotification = {
  rawBody: string | Uint8Array;
  /** Header names in any case (Node lowercases them; a plain object may not). */
  headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  /** The sender's IP address (request.ip, after TRUST_PROXY): STP's deposits are authenticated by it. */
  sourceAddress?: string;
};

/** A verified payment: money received against a reference. */
export type PaymentNotification = {
  /** The provider's id of this payment (the event's dedupe key); the receiver applies each once. */
  eventId: string;
  /** The provider reference it names (payment_references.provider_reference). */
  reference: string;
  /** Amount paid, positive integer minor units. */
  amount: Minor;
  paidAt: Date;
};

/**
 * What a provider's event says happened: 'paid' money received (the only kind the ledger takes); 'failed' a payment
 * attempt that failed (never closes a reference: a later capture may pay it); 'expired' the provider closed the
 * reference; 'pending' a reference waiting for payment; 'refunded' the provider returned money (for review).
 */
export const paymentEventKinds = ['paid', 'failed', 'expired', 'pending', 'refunded'] as const;
export type PaymentEventKind = (typeof paymentEventKinds)[number];

/** One normalised event of a verified webhook. */
export type PaymentEvent = {
  provider: string;
  /**
   * What the ledger records once per provider (ledger_payments.provider_event_id, payment_suspense.event_id): the
   * provider's id of the money movement (Conekta's charge id, Razorpay's payment id, STP's claveRastreo and operation
   * date, the sandbox's eventId), so that two events about one payment (order.paid and charge.paid) apply it once.
   */
  dedupeKey: string;
  /** The provider's id of the delivery's event (Conekta's event id, x-razorpay-event-id), for the log and the review. */
  eventId?: string;
  /** The provider's own name of the event ('order.paid', 'payment.failed', 'abono'). */
  type: string;
  kind: PaymentEventKind;
  /** The provider reference it names (payment_references.provider_reference). */
  reference: string;
  /** Positive integer minor units (0 for an event that names no money, e.g. 'expired'). */
  amount: Minor;
  /** As the provider names it; money in another currency than its loan's is held in suspense. The sandbox names none. */
  currency?: 'MXN' | 'INR';
  occurredAt: Date;
};

/**
 * Why a notification was refused: a signature failure, or a signed body that
 * is not a valid payment event ('invalid_body'), or one that names a field
 * twice ('duplicate_keys': parsers disagree on which one counts).
 * 'unknown_source' a sender not in the provider's allowed addresses (STP); 'not_confirmed' the provider's status
 * query does not know the deposit (STP).
 */
export type BodyRefusal = 'invalid_body' | 'duplicate_keys';
export type NotificationRefusal = SignatureFailure | BodyRefusal | 'unknown_source' | 'not_confirmed';

/** A refusal of a signed body: the provider really sent it, so it is recorded for review. */
export const isBodyRefusal = (reason: NotificationRefusal): reason is BodyRefusal => reason === 'invalid_body' || reason === 'duplicate_keys';

export type NotificationResult =
  | { ok: true; notification: PaymentNotification }
  | { ok: false; reason: NotificationRefusal; /** For logs only, never for the sender. */ detail?: string };

/** A webhook verified and read: its events (most carry one), and how it was verified (shown in the back office). */
export type WebhookResult =
  | { ok: true; events: PaymentEvent[]; verification: string }
  | { ok: false; reason: NotificationRefusal; /** For logs only, never for the sender. */ detail?: string };

/** A webhook's outcome, as the receiver would answer it in its own JSON (docs/api.md "Payment notifications"). */
export type WebhookOutcome = { status: 200 | 400 | 401 | 409; body: Record<string, unknown> };

/** What the provider's status query says of a provider reference (fetchStatus). */
export type ReferenceStatus = {
  state: 'open' | 'paid' | 'expired' | 'unknown';
  /** Minor units the provider says were paid to it. */
  paidAmount: Minor;
  /** The payments it lists, normalised as a webhook's would be. */
  events: PaymentEvent[];
};

/** A provider did not answer in time, answered 5xx/429, or refused our credentials: the channel is unavailable for now. */
export class ProviderUnavailable extends Error {
  constructor(
    readonly provider: string,
    message: string,
  ) {
    super(message);
    this.name = 'ProviderUnavailable';
  }
}

export const paymentProviderIds = ['sandbox', 'conekta', 'stp', 'razorpay'] as const;
export type PaymentProviderId = (typeof paymentProviderIds)[number];

export interface PaymentProvider {
  /** Stable id, used in the notification path: /api/payments/notifications/<id>. */
  readonly id: PaymentProviderId;
  readonly channels: readonly PaymentChannel[];
  /** The store chains whose tills take this provider's store references (the store voucher lists them, issue 32). */
  readonly stores: readonly string[];
  /** How its webhooks are authenticated, in words for the back office ('RSA DIGEST over SHA-256', 'source address and status query'). */
  readonly verification: string;
  /**
   * Makes a payable reference. Rejects with RangeError on invalid input or a channel the provider lacks, and with
   * ProviderUnavailable when the provider does not answer in time (after its retries, under its idempotency key).
   */
  createReference(input: CreateReferenceInput): Promise<CreatedReference>;
  /**
   * Verifies a webhook on its raw bytes and reads its events; `now` is the receiver's clock. Never throws on bad
   * input; may call the provider (STP's confirming status query), then rejects with ProviderUnavailable when it
   * cannot answer (the receiver answers 503: the provider retries).
   */
  handleWebhook(incoming: IncomingNotification, now: Date): Promise<WebhookResult>;
  /** What to answer the provider for an outcome (STP: {"mensaje":"confirmar"}); by default the outcome as it is. */
  answer?(outcome: WebhookOutcome): { status: number; body: unknown };
  /** The provider's own view of a provider reference (its status query). Rejects with ProviderUnavailable. */
  fetchStatus(providerReference: string): Promise<ReferenceStatus>;
}

/**
 * A header's value by case-insensitive name: undefined when absent, every value
 * (an array) when it is given more than once under names differing in case.
 */
export function headerValue(
  headers: IncomingNotification['headers'],
  name: string,
): string | readonly string[] | undefined {
  const wanted = name.toLowerCase();
  const found: string[] = [];
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted || value === undefined) continue;
    if (typeof value === 'string') found.push(value);
    else found.push(...value);
  }
  if (found.length === 0) return undefined;
  return found.length === 1 ? found[0] : found;
}

/** Validates a CreateReferenceInput (positive integer ids and minor units, a valid date); providers run it first. */
export const createReferenceInputSchema = z.object({
  orderId: z.number().int().positive(),
  amount: z.number().int().positive(),
  purpose: z.enum(paymentPurposes),
  channel: z.enum(paymentChannels),
  expiresAt: z.date(),
  orderNo: z.string().max(40).optional(),
  currency: z.enum(['MXN', 'INR']).optional(),
  payer: z.object({ name: z.string(), phone: z.string(), email: z.string().optional() }).optional(),
});

import { z } from 'zod';
import type { Minor } from '@presta/contract/money';
import type { SignatureFailure } from './notification-signature';

/*
 * What every payment provider (the sandbox, and later real aggregators for
 * cash-at-store and SPEI in Mexico, UPI and bank transfers in India) implements. Pure of storage: the caller keeps the
 * payment reference records, the notification log (idempotency by eventId)
 * and the ledger.
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
  /** Amount to collect, positive integer minor units. */
  amount: Minor;
  purpose: PaymentPurpose;
  channel: PaymentChannel;
  /** When the reference stops being payable. */
  expiresAt: Date;
};

export type CreatedReference = {
  /** Unique per created reference: what a payment notification names. */
  reference: string;
  /** SPEI only: the CLABE to transfer to. */
  clabe?: string;
  /** UPI only: the virtual payment address to pay to. */
  vpa?: string;
  /** Bank transfer only: the virtual account to transfer to. */
  bankAccount?: { accountNumber: string; ifsc: string; bankName: string };
  /** Store only: the text to draw as a Code 128 barcode (renderCode128Png/Svg). */
  barcodeText?: string;
  /** What the borrower copies (the voucher's vCode): the store reference, the CLABE (SPEI), the VPA (UPI) or the account number (bank transfer). */
  voucherCode: string;
  expiresAt: Date;
};

/** An incoming notification exactly as received: the raw body bytes (before any JSON parsing) and the headers. */
export type IncomingNotification = {
  rawBody: string | Uint8Array;
  /** Header names in any case (Node lowercases them; a plain object may not). */
  headers: Readonly<Record<string, string | readonly string[] | undefined>>;
};

/** A verified payment: money received against a reference. */
export type PaymentNotification = {
  /** The provider's id of this event; the receiver processes each eventId once. */
  eventId: string;
  reference: string;
  /** Amount paid, positive integer minor units. */
  amount: Minor;
  paidAt: Date;
};

/**
 * Why a notification was refused: a signature failure, or a signed body that
 * is not a valid payment event ('invalid_body'), or one that names a field
 * twice ('duplicate_keys': parsers disagree on which one counts).
 */
export type BodyRefusal = 'invalid_body' | 'duplicate_keys';
export type NotificationRefusal = SignatureFailure | BodyRefusal;

/** A refusal of a signed body: the provider really sent it, so it is recorded for review. */
export const isBodyRefusal = (reason: NotificationRefusal): reason is BodyRefusal => reason === 'invalid_body' || reason === 'duplicate_keys';

export type NotificationResult =
  | { ok: true; notification: PaymentNotification }
  | { ok: false; reason: NotificationRefusal; /** For logs only, never for the sender. */ detail?: string };

export interface PaymentProvider {
  /** Stable id, used in the notification path: /api/payments/notifications/<id>. */
  readonly id: string;
  readonly channels: readonly PaymentChannel[];
  /** The store chains whose tills take this provider's store references (the store voucher lists them, issue 32). */
  readonly stores: readonly string[];
  /** Creates a payable reference. Rejects (RangeError) on invalid input or a channel the provider lacks. */
  createReference(input: CreateReferenceInput): Promise<CreatedReference>;
  /** Verifies and parses a notification; `now` is the receiver's clock. Pure: no I/O, never throws on bad input. */
  parseNotification(incoming: IncomingNotification, now: Date): NotificationResult;
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
});

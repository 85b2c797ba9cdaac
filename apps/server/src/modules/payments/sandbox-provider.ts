import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { clabeForOrder, type ClabeIssuer } from './clabe';
import { virtualAccountForOrder, vpaForOrder, type UpiIssuer, type VirtualAccountIssuer } from './india-accounts';
import { DEFAULT_TOLERANCE_SECONDS, SIGNATURE_HEADER, signNotification, unixSeconds, verifyNotification } from './notification-signature';
import {
  createReferenceInputSchema,
  headerValue,
  type CreateReferenceInput,
  type CreatedReference,
  type IncomingNotification,
  type NotificationResult,
  type PaymentProvider,
  type ReferenceStatus,
  type WebhookResult,
} from './payment-provider';
import { isValidStoreReference, newStoreReference } from './store-reference';
import { readSignedBody } from './signed-body';

/*
 * The built-in sandbox provider: references made locally, "payments" sent by
 * sandboxPay (what a store till or a bank would do) as signed notifications.
 * Every reference, whatever its channel, is a store reference ('80' + sequence
 * + Luhn digit): what the notification names. SPEI adds the order's own CLABE
 * at STP (646, plaza 180); UPI the order's own VPA (presta.<order>@sbxupi);
 * a bank transfer the order's own virtual account at the sandbox bank
 * (2223 + the order id in 12 digits, IFSC SBOX0PRESTA).
 */

export const SANDBOX_PROVIDER_ID = 'sandbox';
export const SANDBOX_NOTIFICATION_PATH = `/api/payments/notifications/${SANDBOX_PROVIDER_ID}`;
export const SANDBOX_CLABE_ISSUER: ClabeIssuer = { bankCode: '646', plaza: '180' };
export const SANDBOX_UPI_ISSUER: UpiIssuer = { prefix: 'presta', handle: 'sbxupi' };
export const SANDBOX_VIRTUAL_ACCOUNT_ISSUER: VirtualAccountIssuer = { prefix: '2223', ifsc: 'SBOX0PRESTA', bankName: 'Sandbox Bank' };

/** The sandbox notification body: {eventId, reference, amount, paidAt}. Unknown keys are dropped. */
export const sandboxNotificationBodySchema = z.object({
  eventId: z.string().regex(/^[\x21-\x7e]{1,100}$/, 'must be 1 to 100 printable ASCII characters, no spaces'),
  reference: z.string().refine(isValidStoreReference, 'must be a store reference'),
  /** Positive integer minor units: 150.5, "15050" and "150.50" are all refused. */
  amount: z.number().int().positive(),
  paidAt: z.iso.datetime({ offset: true }).transform((s) => new Date(s)),
});

export type SandboxProviderOptions = {
  secret: string;
  /**
   * Next number of a sequence unique per payment reference record (e.g. a
   * database sequence), 1 to 99 999 999 999: the reference is made from it.
   */
  nextSeq: () => number | Promise<number>;
  clabeIssuer?: ClabeIssuer;
  upiIssuer?: UpiIssuer;
  virtualAccountIssuer?: VirtualAccountIssuer;
  toleranceSeconds?: number;
};

/**
 * True when every "amount" number in the JSON text is written as an integer
 * (no '.', no exponent): `150.0` or `1.5e4` mean a sender confused about
 * minor units, though JSON.parse would turn them into integers. Only called on
 * text JSON.parse accepted, where `"amount"` followed by ':' can only be a key
 * (a quote inside a string is always escaped).
 */
function amountLiteralsAreIntegers(json: string): boolean {
  for (const match of json.matchAll(/"amount"\s*:\s*(-?[0-9][0-9.eE+-]*)/g)) if (/[.eE]/.test(match[1]!)) return false;
  return true;
}

/** The store chain whose tills take the sandbox's store references (OXXO cash, as Conekta and Stripe collect it). */
export const SANDBOX_STORES: readonly string[] = ['OXXO'];

/** The sandbox: a PaymentProvider whose notification reading is also offered pure and synchronous (its tests use it). */
export type SandboxProvider = PaymentProvider & {
  /** Verifies and parses a notification; `now` is the receiver's clock. Pure: no I/O, never throws on bad input. */
  parseNotification(incoming: IncomingNotification, now: Date): NotificationResult;
};

/** How the sandbox's notifications are authenticated (the back office shows it). */
export const SANDBOX_VERIFICATION = 'HMAC-SHA256 X-Presta-Signature, ±300 s';

export function createSandboxProvider(options: SandboxProviderOptions): SandboxProvider {
  const {
    secret,
    nextSeq,
    clabeIssuer = SANDBOX_CLABE_ISSUER,
    upiIssuer = SANDBOX_UPI_ISSUER,
    virtualAccountIssuer = SANDBOX_VIRTUAL_ACCOUNT_ISSUER,
    toleranceSeconds = DEFAULT_TOLERANCE_SECONDS,
  } = options;
  if (!secret) throw new RangeError('the sandbox provider needs a secret');
  // Fail fast on a malformed issuer.
  clabeForOrder(0, clabeIssuer);
  vpaForOrder(0, upiIssuer);
  virtualAccountForOrder(0, virtualAccountIssuer);

  return {
    id: SANDBOX_PROVIDER_ID,
    channels: ['store', 'spei', 'upi', 'bank_transfer'],
    // The sandbox plays the cash provider of docs/payments.md (Conekta's or Stripe's OXXO cash): its references are paid at OXXO tills.
    stores: SANDBOX_STORES,
    verification: SANDBOX_VERIFICATION,

    async createReference(input: CreateReferenceInput): Promise<CreatedReference> {
      const parsed = createReferenceInputSchema.safeParse(input);
      if (!parsed.success) throw new RangeError(`invalid reference request: ${z.prettifyError(parsed.error)}`);
      const { orderId, channel, expiresAt } = parsed.data;
      // Make the order's account before using up a sequence number (a bad order id throws first).
      switch (channel) {
        case 'spei': {
          const clabe = clabeForOrder(orderId, clabeIssuer);
          return { reference: newStoreReference(await nextSeq()), clabe, voucherCode: clabe, expiresAt };
        }
        case 'upi': {
          const vpa = vpaForOrder(orderId, upiIssuer);
          return { reference: newStoreReference(await nextSeq()), vpa, voucherCode: vpa, expiresAt };
        }
        case 'bank_transfer': {
          const accountNumber = virtualAccountForOrder(orderId, virtualAccountIssuer);
          const bankAccount = { accountNumber, ifsc: virtualAccountIssuer.ifsc, bankName: virtualAccountIssuer.bankName };
          return { reference: newStoreReference(await nextSeq()), bankAccount, voucherCode: accountNumber, expiresAt };
        }
        case 'store': {
          const reference = newStoreReference(await nextSeq());
          return { reference, barcodeText: reference, voucherCode: reference, expiresAt };
        }
      }
    },

    parseNotification(incoming: IncomingNotification, now: Date): NotificationResult {
      const check = verifyNotification(
        secret,
        headerValue(incoming.headers, SIGNATURE_HEADER),
        incoming.rawBody,
        unixSeconds(now),
        toleranceSeconds,
      );
      if (!check.ok) return { ok: false, reason: check.reason };

      const read = readSignedBody(incoming.rawBody);
      if (!read.ok) return read;
      const { text, json } = read;
      if (!amountLiteralsAreIntegers(text)) {
        return { ok: false, reason: 'invalid_body', detail: 'amount: must be written as an integer of minor units' };
      }
      const body = sandboxNotificationBodySchema.safeParse(json);
      if (!body.success) return { ok: false, reason: 'invalid_body', detail: z.prettifyError(body.error) };
      return { ok: true, notification: body.data };
    },

    handleWebhook(incoming: IncomingNotification, now: Date): Promise<WebhookResult> {
      const parsed = this.parseNotification(incoming, now);
      if (!parsed.ok) return Promise.resolve(parsed);
      const n = parsed.notification;
      // The sandbox names no currency: its amounts are in their loan's.
      const event = { provider: SANDBOX_PROVIDER_ID, dedupeKey: n.eventId, eventId: n.eventId, type: 'payment', kind: 'paid' as const, reference: n.reference, amount: n.amount, occurredAt: n.paidAt };
      return Promise.resolve({ ok: true, events: [event], verification: SANDBOX_VERIFICATION });
    },

    /** The sandbox keeps no state of its own: what it made is only in payment_references. */
    fetchStatus(): Promise<ReferenceStatus> {
      return Promise.resolve({ state: 'unknown', paidAmount: 0, events: [] });
    },
  };
}

export type SandboxPayInput = {
  /** Server origin (and path prefix, if any), e.g. http://localhost:3000. */
  baseUrl: string;
  secret: string;
  reference: string;
  /** Positive integer minor units. */
  amount: number;
  /** A fresh random id by default; pass the same one again to test idempotency. */
  eventId?: string;
  /** Defaults to now. */
  paidAt?: Date;
  /** Signing time; defaults to the current clock. */
  now?: Date;
};

export type SandboxPayResult = { status: number; body: unknown; eventId: string };

/**
 * What a store till or a bank runs in the sandbox: builds the notification body
 * {eventId, reference, amount, paidAt}, signs it and POSTs it to
 * `${baseUrl}/api/payments/notifications/sandbox`. Returns the HTTP status and
 * body (parsed JSON, else text). To send a deliberately broken notification,
 * use signNotification directly.
 */
export async function sandboxPay(input: SandboxPayInput): Promise<SandboxPayResult> {
  const { baseUrl, secret, reference, amount, eventId = `sbx_${randomUUID()}`, now = new Date(), paidAt = now } = input;
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError(`amount must be a positive integer of minor units, got ${amount}`);
  const rawBody = JSON.stringify({ eventId, reference, amount, paidAt: paidAt.toISOString() });
  const response = await fetch(`${baseUrl.replace(/\/+$/, '')}${SANDBOX_NOTIFICATION_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signNotification(secret, rawBody, unixSeconds(now)) },
    body: rawBody,
    signal: AbortSignal.timeout(10_000),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body, eventId };
}

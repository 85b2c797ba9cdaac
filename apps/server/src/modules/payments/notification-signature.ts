import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * Signed provider notifications ("webhooks").
 *
 *   X-Presta-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256>
 *
 * v1 = HMAC-SHA256(secret, `${t}.${rawBody}`) in lower-case hex, over the body
 * bytes exactly as received (before any JSON parsing). The timestamp is signed,
 * so an old notification cannot be replayed with a fresh `t`; one replayed
 * within the tolerance is authentic and must be made harmless by idempotency on
 * its eventId (the receiver's job). Several v1 entries may be sent (e.g. while
 * the secret is rotated): one match is enough. Unknown keys are ignored.
 */

export const SIGNATURE_HEADER = 'X-Presta-Signature';
export const DEFAULT_TOLERANCE_SECONDS = 300;

export type SignatureFailure = 'missing' | 'malformed' | 'expired' | 'bad_signature';
export type SignatureCheck = { ok: true; timestamp: number } | { ok: false; reason: SignatureFailure };

const HEX_SHA256 = /^[0-9a-f]{64}$/;
const MAX_HEADER_LENGTH = 1024;

/** Whole seconds since the epoch. */
export function unixSeconds(date: Date = new Date()): number {
  return Math.floor(date.getTime() / 1000);
}

function assertSecret(secret: string): void {
  if (secret.length === 0) throw new RangeError('the notification secret must not be empty');
}

function assertTimestamp(timestamp: number): void {
  if (!Number.isSafeInteger(timestamp) || timestamp < 0) throw new RangeError(`timestamp must be whole unix seconds, got ${timestamp}`);
}

function hmac(secret: string, timestamp: number, rawBody: string | Uint8Array): Buffer {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest();
}

/** The v1 signature (hex) of a body at a timestamp. */
export function computeSignature(secret: string, rawBody: string | Uint8Array, timestamp: number): string {
  assertSecret(secret);
  assertTimestamp(timestamp);
  return hmac(secret, timestamp, rawBody).toString('hex');
}

/** The X-Presta-Signature header value for `body` sent at `timestamp` (unix seconds): `t=<timestamp>,v1=<hex>`. */
export function signNotification(secret: string, body: string | Uint8Array, timestamp: number): string {
  return `t=${timestamp},v1=${computeSignature(secret, body, timestamp)}`;
}

type ParsedHeader = { timestamp: number; signatures: Buffer[] };

/** Parses `t=…,v1=…[,v1=…]`; null when malformed (no t, two t, t not digits, no v1, a v1 not 64 hex digits). */
export function parseSignatureHeader(header: string): ParsedHeader | null {
  if (header.length > MAX_HEADER_LENGTH) return null;
  let timestamp: number | undefined;
  const signatures: Buffer[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) return null;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't') {
      if (timestamp !== undefined || !/^\d{1,12}$/.test(value)) return null;
      timestamp = Number(value);
    } else if (key === 'v1') {
      if (!HEX_SHA256.test(value)) return null;
      signatures.push(Buffer.from(value, 'hex'));
    }
  }
  if (timestamp === undefined || signatures.length === 0) return null;
  return { timestamp, signatures };
}

/**
 * Checks a notification's X-Presta-Signature header against its raw body.
 * `now` is unix seconds. Order of checks: header present ('missing'), well
 * formed ('malformed'), a v1 matches in constant time ('bad_signature'), then
 * the signed timestamp lies within ±toleranceSeconds of now, edges included
 * ('expired': too old, i.e. a replay, or too far in the future).
 * A repeated header (string[] with more than one value) is 'malformed'.
 */
export function verifyNotification(
  secret: string,
  header: string | readonly string[] | undefined,
  rawBody: string | Uint8Array,
  now: number,
  toleranceSeconds: number = DEFAULT_TOLERANCE_SECONDS,
): SignatureCheck {
  assertSecret(secret);
  assertTimestamp(now);
  if (!Number.isSafeInteger(toleranceSeconds) || toleranceSeconds < 0) {
    throw new RangeError(`toleranceSeconds must be a non-negative integer, got ${toleranceSeconds}`);
  }
  if (Array.isArray(header) && header.length > 1) return { ok: false, reason: 'malformed' };
  const value = (typeof header === 'string' ? header : header?.[0])?.trim();
  if (!value) return { ok: false, reason: 'missing' };
  const parsed = parseSignatureHeader(value);
  if (!parsed) return { ok: false, reason: 'malformed' };

  const expected = hmac(secret, parsed.timestamp, rawBody);
  // Compare against every v1 without stopping early: timing reveals neither which one matched nor where it differed.
  let matched = false;
  for (const candidate of parsed.signatures) matched = timingSafeEqual(candidate, expected) || matched;
  if (!matched) return { ok: false, reason: 'bad_signature' };
  if (Math.abs(now - parsed.timestamp) > toleranceSeconds) return { ok: false, reason: 'expired' };
  return { ok: true, timestamp: parsed.timestamp };
}

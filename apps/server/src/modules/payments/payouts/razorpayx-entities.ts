import { z } from 'zod';
import { todayIn } from '@presta/contract/dates';
import type { AccountValidation, PayoutBeneficiary, PayoutState } from './payout-provider';

/*
 * RazorpayX's entities as the adapter reads and writes them (docs/providers/razorpayx.md "Fields", "States"): the
 * payout, the fund account validation, and the names and texts RazorpayX takes.
 */

/** India's calendar: a payout's value date is the day it was processed there. */
const INDIA = 'Asia/Kolkata';

/** X-Payout-Idempotency: 4 to 36 letters, digits, hyphens, underscores or spaces ("Make a Request Idempotent"). */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9 _-]{4,36}$/;
/** IMPS pays up to ₹5,00,000 per transfer (NPCI's limit); above it, NEFT. In paise. */
export const IMPS_LIMIT = 50_000_000;
/** The amount of a penny drop: ₹1 ("Validate a Bank Account" sample). */
export const VALIDATION_AMOUNT = 100;

/** A Razorpay id of a prefix (pout_, fa_, cont_, fav_). */
const entityId = (prefix: string) => z.string().regex(new RegExp(`^${prefix}_[A-Za-z0-9]{4,40}$`));
const unixSeconds = z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,12}$/).transform(Number)]).transform((s) => new Date(s * 1000));
/** Razorpay's PHP writes an empty notes object as []. */
const notes = z.union([z.record(z.string(), z.unknown()), z.array(z.unknown()).max(0).transform((): Record<string, unknown> => ({}))]).nullish();
const statusDetails = z.object({ description: z.string().nullish(), source: z.string().nullish(), reason: z.string().nullish() }).loose().nullish();

export const payoutEntity = z
  .object({
    id: entityId('pout'),
    status: z.string().max(40),
    amount: z.number().int().nonnegative(),
    reference_id: z.string().max(100).nullish(),
    utr: z.string().max(100).nullish(),
    status_details: statusDetails,
    /** Deprecated for status_details, still sent by some accounts. */
    failure_reason: z.string().max(300).nullish(),
    created_at: unixSeconds,
    /** Not in the documented entity; read when present (docs/providers/razorpayx.md "Open questions"). */
    processed_at: unixSeconds.nullish(),
  })
  .loose();
export type RazorpayxPayout = z.infer<typeof payoutEntity>;

export const validationEntity = z
  .object({
    id: entityId('fav'),
    status: z.string().max(40),
    notes,
    results: z.object({ account_status: z.string().nullish(), registered_name: z.string().max(200).nullish(), details: z.string().nullish() }).loose().nullish(),
    status_details: statusDetails,
    created_at: unixSeconds.optional(),
  })
  .loose();
export type RazorpayxValidation = z.infer<typeof validationEntity>;

/** A collection's items that read as `item` (others, of kinds we do not know, are left out). */
export const collectionOf = <S extends z.ZodType>(item: S) =>
  z.object({ items: z.array(z.unknown()) }).transform((c) =>
    c.items.flatMap((i): z.infer<S>[] => {
      const parsed = item.safeParse(i);
      return parsed.success ? [parsed.data] : [];
    }),
  );

/** "reason: description" of a failed or reversed payout or validation, for staff. */
function reasonOf(details: z.infer<typeof statusDetails>, fallback?: string | null): string | undefined {
  const words = [details?.reason, details?.description].filter((w): w is string => typeof w === 'string' && w !== '');
  return words.length > 0 ? words.join(': ').slice(0, 300) : (fallback ?? undefined);
}

/**
 * A payout's state ("Payout States"): queued, pending (approval), scheduled, processing → pending; processed; reversed;
 * failed, rejected, cancelled → failed. An unknown status is pending (RazorpayX adds states: only a final one settles).
 * `at`: when the payout was seen processed, when RazorpayX does not say (its event's time, or now).
 */
export function payoutStateOf(payout: RazorpayxPayout, at: Date): PayoutState {
  const base = { providerPayoutId: payout.id, ...(payout.utr ? { providerReference: payout.utr } : {}) };
  switch (payout.status) {
    case 'processed':
      return { status: 'processed', ...base, valueDate: todayIn(INDIA, payout.processed_at ?? at) };
    case 'reversed':
      return { status: 'reversed', ...base, reason: reasonOf(payout.status_details, payout.failure_reason) ?? 'reversed' };
    case 'failed':
    case 'rejected':
    case 'cancelled':
      return { status: 'failed', ...base, reason: reasonOf(payout.status_details, payout.failure_reason) ?? payout.status };
    default:
      return { status: 'pending', ...base };
  }
}

/** A validation's state ("Fund Account Validation", states created → completed | failed). `reference` is ours (its notes). */
export function validationStateOf(v: RazorpayxValidation, reference: string): AccountValidation {
  const base = { reference, providerReference: v.id };
  if (v.status === 'completed') {
    const name = v.results?.registered_name?.trim();
    return { status: 'completed', ...base, ...(name ? { registeredName: name } : {}), accountActive: v.results?.account_status === 'active' };
  }
  if (v.status === 'failed') return { status: 'failed', ...base, reason: reasonOf(v.status_details, v.results?.details) ?? 'failed' };
  return { status: 'pending', ...base };
}

/** Our reference of a validation: the `reference` note we gave it. */
export const validationReferenceOf = (v: RazorpayxValidation): string | undefined => (typeof v.notes?.reference === 'string' ? v.notes.reference : undefined);

/**
 * A name as RazorpayX takes it for a contact (3–50) or a bank account (3–120): letters, digits, spaces and ’ - _ / ( ) , .
 * only, not ending in a special character but ".". Accents are dropped (é → e); other characters become spaces.
 */
export function razorpayxName(name: string, max: 50 | 120): string {
  const plain = name.normalize('NFD').replace(/\p{M}/gu, '').replace(/'/g, '’');
  const kept = plain.replace(/[^A-Za-z0-9 ’\-_/(),.]/g, ' ').replace(/\s+/g, ' ').trim().slice(0, max);
  const clean = kept.replace(/[’\-_/(),\s]+$/, '');
  return clean.length >= 3 ? clean : clean.padEnd(3, '.');
}

/** The payout's narration: letters, digits and spaces, at most 30 ("Create a Payout" narration). */
export const narrationOf = (concept: string) => concept.normalize('NFD').replace(/\p{M}/gu, '').replace(/[^A-Za-z0-9 ]/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 30).trim();

/** Our reference of a contact (≤ 40 characters): one contact per bank account of ours. */
export const contactReferenceOf = (beneficiary: PayoutBeneficiary) => `presta-account-${beneficiary.accountId}`;

import { randomBytes } from 'node:crypto';
import type { Minor } from '@presta/contract/money';
import type { DbOrTx } from '../../db/database';
import { sandboxCardCharges } from '../../db/schema';

/*
 * The card processor adapter of the payments module (card-payment.ts charges
 * through it): keep cards (we hold only its token and the last four digits),
 * say whether a charge needs the borrower's SMS code, and charge a card
 * idempotently. The built-in sandbox processor keeps its books in
 * sandbox_card_charges, a payments table it alone writes (in the caller's
 * transaction); a real processor is an HTTP client with the same calls.
 */

export type ChargeResult =
  | { ok: true; chargeId: string; /** false when the idempotency key had already charged. */ created: boolean }
  | { ok: false; reason: 'declined' | 'invalid_card'; chargeId?: string };

export type TokenisedCard = { token: string; last4: string; brand: 'visa' | 'mastercard' | 'other'; requiresOtp: boolean };

export interface CardProcessor {
  readonly id: string;
  /** Charges `amount` to the card; the same idempotencyKey never charges twice (it answers the first charge). */
  charge(db: DbOrTx, input: { cardToken: string; amount: Minor; idempotencyKey: string }): Promise<ChargeResult>;
  /** Takes a full card number (hosted checkout only: it never reaches our tables) and returns its token. */
  tokenise(cardNumber: string): TokenisedCard | { error: 'invalid_card' };
}

export const SANDBOX_CARD_PROCESSOR_ID = 'sandbox-card';

/** Luhn check of a digit string (card numbers). */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * Sandbox test cards (docs/card-repayment.md): any Luhn-valid number is
 * accepted; a number ending in 0002 is declined on every charge; one ending
 * in 0077 is charged without an SMS code; the others need the code.
 * Card tokens carry those two traits so that seeded cards behave the same.
 */
export function createSandboxCardProcessor(): CardProcessor {
  return {
    id: SANDBOX_CARD_PROCESSOR_ID,
    tokenise(cardNumber) {
      const digits = cardNumber.replace(/[\s-]/g, '');
      if (!luhnValid(digits)) return { error: 'invalid_card' };
      const last4 = digits.slice(-4);
      const brand = digits.startsWith('4') ? 'visa' : /^5[1-5]/.test(digits) ? 'mastercard' : 'other';
      return { token: sandboxCardToken(last4), last4, brand, requiresOtp: last4 !== '0077' };
    },
    async charge(db, { cardToken, amount, idempotencyKey }) {
      if (!Number.isSafeInteger(amount) || amount <= 0 || !cardToken.startsWith('card_')) return { ok: false, reason: 'invalid_card' };
      const status = cardToken.endsWith('_0002') ? 'declined' : 'succeeded';
      const id = `ch_${randomBytes(12).toString('hex')}`;
      const inserted = await db
        .insert(sandboxCardCharges)
        .values({ id, idempotencyKey, cardToken, amount, status })
        .onConflictDoNothing({ target: sandboxCardCharges.idempotencyKey })
        .returning();
      const row =
        inserted[0] ??
        (await db.query.sandboxCardCharges.findFirst({ where: (c, { eq }) => eq(c.idempotencyKey, idempotencyKey) }));
      if (!row) return { ok: false, reason: 'invalid_card' };
      if (row.status === 'declined') return { ok: false, reason: 'declined', chargeId: row.id };
      return { ok: true, chargeId: row.id, created: inserted.length > 0 };
    },
  };
}

/** A sandbox card token: random, ending in the last four digits (which carry the test traits). */
export function sandboxCardToken(last4: string): string {
  return `card_${randomBytes(12).toString('hex')}_${last4}`;
}

import type { CalendarDate } from '@presta/contract/dates';
import type { MarketCode } from '@presta/contract/markets';
import type { Minor } from '@presta/contract/money';
import type { PayoutProviderId } from '../../../db/schema';
import type { IncomingNotification } from '../payment-provider';

/*
 * Money out (issue 37, docs/disbursal.md): the rails a loan is paid out on — STP (SPEI, Mexico) and RazorpayX
 * (IMPS/NEFT, India) — and their account validation. One interface, as payments' PaymentProvider: the disbursal's
 * rules (one live payout per order, a key saved before the call, settled once) stay in modules/disbursal.
 */

export type { PayoutProviderId };

/** The beneficiary: the borrower's verified active account and their name as their identity was verified. */
export type PayoutBeneficiary = {
  /** MX: the 18-digit CLABE; IN: the account number. */
  accountNumber: string;
  /** IN only. */
  ifsc: string | null;
  /** MX: the CLABE's 3-digit bank code; IN: the IFSC's 4 letters. */
  bankCode: string;
  bankName: string;
  /** The holder's name (the verified identity name). */
  name: string;
  /** MX: RFC or CURP (STP's rfcCurpBeneficiario); IN: absent. */
  taxId?: string;
  /** IN: the borrower's phone and e-mail for RazorpayX's contact (never logged). */
  phone?: string;
  email?: string;
  /** Our id of the account (borrower_bank_accounts.id): RazorpayX keeps contact and fund account per account. */
  accountId: number;
  borrowerId: number;
};

export type PayoutRequest = {
  /** Saved before the call: STP's claveRastreo, RazorpayX's X-Payout-Idempotency (and reference_id). */
  idempotencyKey: string;
  orderNo: string;
  amount: Minor;
  currency: 'MXN' | 'INR';
  beneficiary: PayoutBeneficiary;
  /** The statement text (STP conceptoPago, RazorpayX narration): the lender's name and the order number. */
  concept: string;
};

/** What the provider says of a payout. `unknown`: it has no payout under that key (never accepted). */
export type PayoutState = {
  status: 'pending' | 'processed' | 'reversed' | 'failed' | 'unknown';
  /** The provider's id (STP's id, RazorpayX pout_…). */
  providerPayoutId?: string;
  /** What the bank statement shows (STP claveRastreo, RazorpayX UTR). */
  providerReference?: string;
  /** processed: the day the money reached the account, in the market's calendar. */
  valueDate?: CalendarDate;
  /** failed / reversed: the provider's code and words. */
  reason?: string;
};

/** A payout callback's normalised event (most deliveries carry one). */
export type PayoutEvent = {
  provider: PayoutProviderId;
  /** Applied once per provider and key (payout_events). */
  dedupeKey: string;
  /** The provider's event type as written (payout.processed, LIQUIDACION…). */
  type: string;
  /** Our idempotency key of the payout, or of the validation when kind is 'validation'. */
  idempotencyKey: string;
  state: PayoutState;
  occurredAt: Date;
  /** kind 'validation': an account validation's result (RazorpayX fund_account.validation.*). */
  validation?: AccountValidation;
};

export type PayoutWebhookResult =
  | { ok: true; events: PayoutEvent[]; verification: string }
  | { ok: false; reason: 'bad_signature' | 'stale' | 'invalid_body' | 'duplicate_keys' | 'unknown_source' | 'not_confirmed'; detail?: string };

/** An account validation (penny drop): its state and, once completed, the holder's name as the bank registered it. */
export type AccountValidation = {
  status: 'pending' | 'completed' | 'failed';
  /** Our reference (idempotency key) of the validation. */
  reference: string;
  providerReference?: string;
  /** completed: the registered holder's name; absent when the bank did not return one. */
  registeredName?: string;
  /** completed: whether the account is active; failed: why. */
  accountActive?: boolean;
  reason?: string;
};

export interface PayoutProvider {
  readonly id: PayoutProviderId;
  readonly market: MarketCode;
  /** How its callbacks are authenticated, in words for the back office. */
  readonly verification: string;
  /**
   * Sends a payout under request.idempotencyKey. Resolves with the provider's answer (pending, or already final);
   * rejects with ProviderUnavailable when the answer did not come (timeout, 5xx): the payout may or may not have
   * been accepted, so the caller looks it up with getPayout, never sends it under a new key. Rejects with
   * PayoutRefused when the provider refused the request outright (4xx: nothing was accepted).
   */
  createPayout(request: PayoutRequest): Promise<PayoutState>;
  /** The provider's view of a payout by our idempotency key. Rejects with ProviderUnavailable. */
  getPayout(idempotencyKey: string, createdAt: Date): Promise<PayoutState>;
  /** Verifies a payout or validation callback on its raw bytes; never throws on bad input (ProviderUnavailable: 503). */
  handleWebhook(incoming: IncomingNotification, now: Date): Promise<PayoutWebhookResult>;
  /** What to answer the provider (STP: {"mensaje":"recibido"}); by default 200 {received: true}. */
  answer?(ok: boolean): { status: number; body: unknown };
  /** Starts (or, under the same reference, looks up) a validation of the account. Rejects with ProviderUnavailable. */
  validateAccount(input: { reference: string; beneficiary: PayoutBeneficiary }): Promise<AccountValidation>;
  /** The validation's current state by our reference (polling when no callback came). */
  getValidation(reference: string, providerReference: string | undefined): Promise<AccountValidation>;
}

/** The provider refused the payout request (4xx, invalid account): nothing was accepted; the reason is for staff. */
export class PayoutRefused extends Error {
  constructor(
    readonly provider: PayoutProviderId,
    readonly reason: string,
  ) {
    super(`${provider} refused the payout: ${reason}`);
    this.name = 'PayoutRefused';
  }
}

/** The payout providers in use, by market (PAYOUT_PROVIDERS): config → adapters. */
export type PayoutProviders = {
  forMarket(market: MarketCode): PayoutProvider | undefined;
  byId(id: PayoutProviderId): PayoutProvider | undefined;
  all(): PayoutProvider[];
};

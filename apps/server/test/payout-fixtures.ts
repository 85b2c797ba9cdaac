import { randomBytes } from 'node:crypto';
import type { Db } from '../src/db/database';
import { bankAccountVerifications } from '../src/db/schema';
import { activeBankAccount } from '../src/modules/orders/order-reads';
import type { MarketCode } from '@presta/contract/markets';
import { ProviderUnavailable } from '../src/modules/payments/payment-provider';
import {
  PayoutRefused,
  type AccountValidation,
  type PayoutEvent,
  type PayoutProvider,
  type PayoutProviderId,
  type PayoutRequest,
  type PayoutState,
  type PayoutWebhookResult,
} from '../src/modules/payments/payouts/payout-provider';
import { payoutProvidersOf } from '../src/modules/payments/payouts/payout-providers';
import type { TestApp } from './helpers';

/*
 * A scripted payout provider (the provider's side, in memory) for the disbursal's tests: it keeps each payout it
 * accepted by our idempotency key (a second create under the same key returns it, as the real ones do), answers
 * status queries from that, and settles, returns or fails a payout when the test says so, handing back the
 * callback's event. Its callbacks are JSON {events: [...]} with the header x-scripted-signature: ok.
 */

export type ScriptedMode = 'accept' | 'refuse' | 'timeout-after-accept' | 'down' | 'pay-at-once';

export class ScriptedPayouts implements PayoutProvider {
  readonly verification = 'x-scripted-signature header (test double)';
  mode: ScriptedMode = 'accept';
  /** Status queries fail (ProviderUnavailable) while true. */
  queriesDown = false;
  readonly accepted = new Map<string, PayoutState & { amount: number; orderNo: string }>();
  /** Every createPayout call, in order (a resend under the same key is a second entry). */
  readonly sent: PayoutRequest[] = [];
  private eventSeq = 0;

  constructor(
    readonly id: PayoutProviderId = 'stp',
    readonly market: MarketCode = 'MX',
  ) {}

  // eslint-disable-next-line @typescript-eslint/require-await -- the interface's promise, answered at once
  async createPayout(request: PayoutRequest): Promise<PayoutState> {
    this.sent.push(request);
    const known = this.accepted.get(request.idempotencyKey);
    if (known) return publicState(known);
    if (this.mode === 'down') throw new ProviderUnavailable(this.id, 'scripted: down');
    if (this.mode === 'refuse') throw new PayoutRefused(this.id, 'R01 cuenta inexistente');
    const processed = this.mode === 'pay-at-once';
    const state = { status: processed ? ('processed' as const) : ('pending' as const), providerPayoutId: `sp_${request.idempotencyKey}`, providerReference: request.idempotencyKey, amount: request.amount, orderNo: request.orderNo };
    this.accepted.set(request.idempotencyKey, processed ? { ...state, valueDate: '2026-01-05' } : state);
    if (this.mode === 'timeout-after-accept') throw new ProviderUnavailable(this.id, 'scripted: timed out after accepting');
    return publicState(this.accepted.get(request.idempotencyKey)!);
  }

  // eslint-disable-next-line @typescript-eslint/require-await -- the interface's promise, answered at once
  async getPayout(idempotencyKey: string): Promise<PayoutState> {
    if (this.queriesDown) throw new ProviderUnavailable(this.id, 'scripted: status query down');
    const known = this.accepted.get(idempotencyKey);
    return known ? publicState(known) : { status: 'unknown' };
  }

  /** The provider's final answer to a payout it accepted: its state changes and the callback's event is returned. */
  finish(idempotencyKey: string, outcome: 'processed' | 'reversed' | 'failed', valueDate = '2026-01-05'): PayoutEvent {
    const known = this.accepted.get(idempotencyKey);
    if (!known) throw new Error(`scripted provider has no payout ${idempotencyKey}`);
    const state: PayoutState =
      outcome === 'processed' ? { status: 'processed', providerReference: known.providerReference, valueDate } : { status: outcome, reason: outcome === 'reversed' ? 'R03 devuelta por el banco' : 'F02 rechazada' };
    Object.assign(known, state);
    return this.event(idempotencyKey, state);
  }

  /** A callback event about a key, as the provider would send it (a new dedupe key each time). */
  event(idempotencyKey: string, state: PayoutState): PayoutEvent {
    return { provider: this.id, dedupeKey: `ev_${++this.eventSeq}_${idempotencyKey}`, type: `payout.${state.status}`, idempotencyKey, state, occurredAt: new Date() };
  }

  // eslint-disable-next-line @typescript-eslint/require-await -- the interface's promise, answered at once
  async handleWebhook(incoming: { rawBody: string | Uint8Array; headers: Readonly<Record<string, unknown>> }): Promise<PayoutWebhookResult> {
    if (incoming.headers['x-scripted-signature'] !== 'ok') return { ok: false, reason: 'bad_signature' };
    try {
      const body = JSON.parse(Buffer.from(incoming.rawBody).toString('utf8')) as { events: PayoutEvent[] };
      if (!Array.isArray(body.events)) return { ok: false, reason: 'invalid_body' };
      return { ok: true, verification: this.verification, events: body.events.map((e) => ({ ...e, occurredAt: new Date(e.occurredAt) })) };
    } catch {
      return { ok: false, reason: 'invalid_body' };
    }
  }

  // eslint-disable-next-line @typescript-eslint/require-await -- the interface's promise, answered at once
  async validateAccount(input: { reference: string }): Promise<AccountValidation> {
    return { status: 'completed', reference: input.reference, registeredName: 'Ana Prueba', accountActive: true };
  }

  // eslint-disable-next-line @typescript-eslint/require-await -- the interface's promise, answered at once
  async getValidation(reference: string): Promise<AccountValidation> {
    return { status: 'completed', reference, registeredName: 'Ana Prueba', accountActive: true };
  }
}

const publicState = ({ amount: _a, orderNo: _o, ...state }: PayoutState & { amount: number; orderNo: string }): PayoutState => state;

/** The app's payout providers: a scripted STP for Mexico (and RazorpayX for India when given). */
export function scriptedPayoutProviders(stp: ScriptedPayouts, razorpayx?: ScriptedPayouts) {
  return payoutProvidersOf(razorpayx ? { MX: 'stp', IN: 'razorpayx' } : { MX: 'stp' }, razorpayx ? [stp, razorpayx] : [stp]);
}

/** Delivers a callback to the app's payout route, as the provider would. */
export async function deliverPayoutCallback(t: TestApp, provider: ScriptedPayouts, events: PayoutEvent[], signature = 'ok') {
  return t.app.inject({
    method: 'POST',
    url: `/api/payouts/notifications/${provider.id}`,
    headers: { 'content-type': 'application/json', 'x-scripted-signature': signature },
    payload: JSON.stringify({ events }),
  });
}

/** Settles the order's accepted payout by the provider's callback (processed), the way the disbursal ends now. */
export async function settlePayoutOf(t: TestApp, provider: ScriptedPayouts, orderNo: string, valueDate?: string) {
  const key = [...provider.accepted.entries()].reverse().find(([, p]) => p.orderNo === orderNo)?.[0];
  if (!key) throw new Error(`no payout accepted for ${orderNo}`);
  const res = await deliverPayoutCallback(t, provider, [provider.finish(key, 'processed', valueDate)]);
  if (res.statusCode !== 200) throw new Error(`payout callback answered ${res.statusCode}: ${res.body}`);
}

/**
 * The borrower's active account as account verification leaves it after a matching validation (verified), so a
 * disbursal may pay it. Tests of the disbursal start here; account-verification.test.ts walks the real path.
 */
export async function verifiedAccountOf(db: Db, borrowerId: number): Promise<void> {
  const account = await activeBankAccount(db, borrowerId);
  if (!account) return;
  await db.insert(bankAccountVerifications).values({
    accountId: account.id,
    provider: account.market === 'MX' ? 'stp' : 'razorpayx',
    reference: `TEST${randomBytes(8).toString('hex').toUpperCase()}`,
    status: 'verified',
    registeredName: 'TEST HOLDER',
    identityName: 'TEST HOLDER',
  });
}

import type { PayoutEvent } from '../payments/payouts/payout-provider';
import { lockPayoutByKey, recordPayoutEvent } from './payout-repository';
import { applyPayoutState, type SettlementContext, type SettleOutcome } from './payout-settlement';
import { applyValidationEvent } from '../account/account-verification';
import type { PayoutProviders } from '../payments/payouts/payout-provider';

/** What applying events needs: the settlement's, and the providers (a validation's result may ask again). */
export type EventsContext = SettlementContext & { payouts: PayoutProviders };

/**
 * A provider callback's events (payout-routes.ts), each applied once per (provider, dedupe key): a payout's state
 * through applyPayoutState; an event naming no payout of ours recorded as unknown. Account validation events are
 * account verification's (modules/account/account-verification.ts), recorded here once.
 */
export async function applyEvents(ctx: EventsContext, events: readonly PayoutEvent[], now = new Date()): Promise<SettleOutcome[]> {
  const outcomes: SettleOutcome[] = [];
  for (const event of events) outcomes.push(await applyOne(ctx, event, now));
  return outcomes;
}

async function applyOne(ctx: EventsContext, event: PayoutEvent, now: Date): Promise<SettleOutcome> {
  if (event.validation) return applyValidation(ctx, event, now);
  const found = await ctx.db.transaction((tx) => lockPayoutByKey(tx, event.provider, event.idempotencyKey));
  if (found) return applyPayoutState(ctx, found.id, event.state, now, event);
  const recorded = await recordPayoutEvent(ctx.db, { provider: event.provider, dedupeKey: event.dedupeKey, payoutId: null, kind: event.state.status, eventType: event.type, outcome: 'unknown', detail: {}, now });
  if (!recorded) return 'duplicate';
  ctx.log.warn({ provider: event.provider, type: event.type }, 'payout event names no payout of ours');
  return 'unknown';
}

/** An account validation's result: account verification applies it (itself idempotent), recorded once here. */
async function applyValidation(ctx: EventsContext, event: PayoutEvent, now: Date): Promise<SettleOutcome> {
  const outcome = await applyValidationEvent({ db: ctx.db, payouts: ctx.payouts, log: ctx.log }, event, now);
  const recorded = await recordPayoutEvent(ctx.db, { provider: event.provider, dedupeKey: event.dedupeKey, payoutId: null, kind: 'validation', eventType: event.type, outcome, detail: {}, now });
  return recorded ? outcome : 'duplicate';
}

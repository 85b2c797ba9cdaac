import type { PayoutEvent } from '../payments/payouts/payout-provider';
import { lockPayoutByKey, recordPayoutEvent } from './payout-repository';
import { applyPayoutState, type SettlementContext, type SettleOutcome } from './payout-settlement';

/**
 * A provider callback's events (payout-routes.ts), each applied once per (provider, dedupe key): a payout's state
 * through applyPayoutState; an event naming no payout of ours recorded as unknown. Account validation events are
 * account verification's (modules/account): recorded here as ignored until it is wired to them.
 */
export async function applyEvents(ctx: SettlementContext, events: readonly PayoutEvent[], now = new Date()): Promise<SettleOutcome[]> {
  const outcomes: SettleOutcome[] = [];
  for (const event of events) outcomes.push(await applyOne(ctx, event, now));
  return outcomes;
}

async function applyOne(ctx: SettlementContext, event: PayoutEvent, now: Date): Promise<SettleOutcome> {
  const found = event.validation ? undefined : await ctx.db.transaction((tx) => lockPayoutByKey(tx, event.provider, event.idempotencyKey));
  if (found) return applyPayoutState(ctx, found.id, event.state, now, event);
  const kind = event.validation ? 'validation' : event.state.status;
  const outcome = event.validation ? 'ignored' : 'unknown';
  const recorded = await recordPayoutEvent(ctx.db, { provider: event.provider, dedupeKey: event.dedupeKey, payoutId: null, kind, eventType: event.type, outcome, detail: {}, now });
  if (!recorded) return 'duplicate';
  if (outcome === 'unknown') ctx.log.warn({ provider: event.provider, type: event.type }, 'payout event names no payout of ours');
  return outcome;
}

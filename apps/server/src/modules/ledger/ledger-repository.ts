import type { CalendarDate } from '@presta/contract/dates';
import type { DbOrTx } from '../../db/database';
import { noCacheFeed, watchedCache, type CacheFeed, type Change, type VersionedCache } from '../../lib/versioned-cache';
import { accrueLateCharges } from './ledger-math/accrual';
import { summarise, type LoanPosition } from './ledger-math/position';
import { type LedgerState } from './ledger-math/state';
import { readLedger, type LedgerRead } from './ledger-read-model';

declare module '../../plugins/app/repositories' {
  interface Repositories {
    ledgers: LedgerRepository;
  }
}

/** A ledger state accrued through a day (accrueLateCharges) and its position that day (summarise), made once. */
export type Accrued = { state: LedgerState; position: () => LoanPosition };

/** Days kept per ledger state (its calls ask for today and a quote's value date). */
const ACCRUED_DAYS_KEPT = 8;

/**
 * The ledger's reads outside a transaction and what makes them fast (decisions 007, 019 and 027):
 * - `reads`: ledger reads by order id, kept between changes: every table the read model reads announces
 *   'order:<id>' on commit (orders, the plan, payments, allocations, late charges, extensions, credit events,
 *   waivers, cooling-off exits) and products 'product:<id>'. A writer reads the ledger it locked (readLedger).
 * - `accruedOn`: a read's state accrued through a day, and its position that day, kept with the read for the
 *   next call on the same order and day (replaying the late charges on every call was a fifth of the extension
 *   page's time, decision 019). Safe to keep: a kept read is one object until the order changes (the cache then
 *   reads a new one; the old one and its memo go with it), both are pure functions of the state and the day, and
 *   no reader changes what it gets.
 */
export class LedgerRepository {
  readonly reads: VersionedCache<number, LedgerRead>;
  private readonly accrued = new WeakMap<LedgerState, Map<CalendarDate, Accrued>>();

  constructor(
    private readonly db: DbOrTx,
    feed: CacheFeed = noCacheFeed,
  ) {
    this.reads = watchedCache(feed, dropStaleLedgers);
  }

  /** An order's terms and stored ledger (undefined: no such order). */
  read(orderId: number): Promise<LedgerRead | undefined> {
    return this.reads.readThrough(orderId, () => readLedger(this.db, orderId));
  }

  /** The state accrued through `day` and its position that day, made once per state and day. */
  accruedOn(state: LedgerState, day: CalendarDate): Accrued {
    let days = this.accrued.get(state);
    if (!days) {
      days = new Map();
      this.accrued.set(state, days);
    }
    let accrued = days.get(day);
    if (!accrued) {
      const through = accrueLateCharges(state, day).state;
      let position: LoanPosition | undefined;
      accrued = { state: through, position: () => (position ??= summarise(through, day)) };
      if (days.size >= ACCRUED_DAYS_KEPT) days.clear();
      days.set(day, accrued);
    }
    return accrued;
  }
}

/** Drops the kept reads a change makes stale ('order:<id>', 'product:<id>'); false for a change of anything else. */
function dropStaleLedgers(reads: VersionedCache<number, LedgerRead>, { kind, key }: Change): boolean {
  const id = Number(key);
  if (!Number.isSafeInteger(id)) return false;
  if (kind === 'order') reads.invalidate(id);
  else if (kind === 'product') reads.invalidateWhere((v) => v.order.productId === id);
  else return false;
  return true;
}

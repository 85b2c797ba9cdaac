import type { StatementData } from '@presta/contract/api/statement';
import type { CalendarDate } from '@presta/contract/dates';
import type { Statement } from './statement-build';
import { noCacheFeed, watchedCache, type CacheFeed, type Change, type VersionedCache } from '../../lib/versioned-cache';

/** An order's statement as built for a day. */
export type BuiltStatement = {
  statement: Statement;
  disbursedOn: CalendarDate;
  asOf: CalendarDate;
  periods: number;
  timeZone: string;
  annualCost: StatementData['annualCost'];
  /** The agreement the loan was submitted with (issue 38): linked before the disbursal, never changed after. */
  signedAgreement: StatementData['signedAgreement'];
};

declare module '../../plugins/app/repositories' {
  interface Repositories {
    statements: StatementRepository;
  }
}

/**
 * Loan statements built, by order id, with the day they are as of (decision 027), kept between changes (decision
 * 007): dropped when the order or its ledger changes ('order:<id>'). The statement service checks the owner before
 * asking, on every call. Built statements hold no query of their own: the ledger's record is read by `build`.
 */
export class StatementRepository {
  readonly built: VersionedCache<number, BuiltStatement>;

  constructor(feed: CacheFeed = noCacheFeed) {
    this.built = watchedCache<number, BuiltStatement>(feed, dropStaleStatements);
  }

  /** The order's statement as of `day`: the one built that day, else `build`'s. */
  async statementOn(orderId: number, day: CalendarDate, build: () => Promise<BuiltStatement>): Promise<BuiltStatement> {
    const hit = this.built.get(orderId);
    if (hit?.asOf === day) return hit;
    const version = this.built.version();
    const made = await build();
    this.built.set(orderId, made, version);
    return made;
  }
}

/** Drops an order's kept statement when the database announces a change to it. */
function dropStaleStatements(built: VersionedCache<number, unknown>, { kind, key }: Change): boolean {
  const id = Number(key);
  if (kind !== 'order' || !Number.isSafeInteger(id)) return false;
  built.invalidate(id);
  return true;
}

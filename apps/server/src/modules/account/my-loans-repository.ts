import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { VersionedCache, type CacheFeed, type Change } from '../../lib/versioned-cache';
import type { LedgerState } from '../ledger/ledger-math/state';
import { ledgerColumns, ledgerStateOf, type LedgerRow } from '../ledger/ledger-read-model';
import { signedAgreementSql, type SignedAgreementRow } from '../agreements/agreement-links';

declare module '../../plugins/app/repositories' {
  interface Repositories {
    myLoans: MyLoansRepository;
  }
}

/** Every order of the borrower, newest first, with the ledger's read model columns (one round trip). */
const loansQuery = (borrowerId: number) => sql`
select ${ledgerColumns}, o.principal::text as principal,
       to_char(o.created_at at time zone p.time_zone, 'YYYY-MM-DD') as applied_on,
       exists (select 1 from payouts po where po.order_id = o.id and po.status in ('created', 'pending')) as payout_under_way,
       ${signedAgreementSql(sql`o.id`)} as signed_agreement
  from orders o
  join products p on p.id = o.product_id
 where o.borrower_id = ${borrowerId}
 order by o.created_at desc, o.id desc`;

/**
 * payout_under_way: an approved order whose payout the provider has not confirmed yet (issue 37); signed_agreement:
 * the agreement it was submitted with (issue 38; set in the order's own transaction, so no later change to follow).
 */
export type LoanRow = LedgerRow & { principal: string; applied_on: string; payout_under_way: boolean; signed_agreement: SignedAgreementRow };

/** One order of my loans as read, with its ledger as the pure core's state (null before disbursal). */
export type LoanRead = { row: LoanRow; state: LedgerState | null };

/** My loans' reads by borrower id, and the borrower of every order read (to map an order's change to its borrower). */
class LoansCache extends VersionedCache<number, LoanRead[]> {
  /** The borrower of every order read (bounded: forgetting them drops what they would have dropped). */
  private readonly owners = new Map<number, number>();
  private static readonly maxOwners = 100_000;

  /** Notes the borrower of the orders just read, before they are stored. */
  remember(borrowerId: number, reads: LoanRead[]): void {
    if (!this.enabled) return;
    if (this.owners.size + reads.length > LoansCache.maxOwners) {
      this.owners.clear();
      this.clear();
    }
    for (const r of reads) this.owners.set(Number(r.row.id), borrowerId);
  }

  /** Drops what a change makes stale; false for a change of anything else. */
  drop({ kind, key }: Change): boolean {
    const id = Number(key);
    if (kind === 'product') this.clear();
    else if (!Number.isSafeInteger(id)) return false;
    else if (kind === 'borrower-data') this.invalidate(id);
    else if (kind === 'order') {
      const owner = this.owners.get(id);
      // An order not read yet may be one a read in flight is reading: that read is not kept.
      if (owner === undefined) this.staleInFlight();
      else this.invalidate(owner);
    } else return false;
    return true;
  }
}

/**
 * My loans' reads by borrower id, kept between changes (decision 007): the borrower's orders announce
 * 'borrower-data:<borrower id>' (migration 0021), each order's plan and ledger 'order:<order id>' (mapped to its
 * borrower here: an order's borrower never changes), products 'product:<id>'.
 */
export class MyLoansRepository {
  /** The reads held (tests look into it). */
  readonly cache: LoansCache;

  constructor(
    private readonly db: Db,
    feed: CacheFeed,
  ) {
    this.cache = new LoansCache({ ttlMs: feed.ttlMs, maxEntries: 20_000 });
    feed.watch(this.cache, (change) => this.cache.drop(change));
  }

  /** Every order of the borrower, newest first, with its ledger. */
  async ofBorrower(borrowerId: number): Promise<LoanRead[]> {
    const read = await this.cache.readThrough(borrowerId, async () => {
      const rows = (await this.db.execute(loansQuery(borrowerId))) as unknown as LoanRow[];
      const loans = rows.map((row) => ({ row, state: ledgerStateOf(row) }));
      this.cache.remember(borrowerId, loans);
      return loans;
    });
    return read ?? [];
  }
}

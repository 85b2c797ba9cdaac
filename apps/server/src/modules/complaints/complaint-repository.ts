import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Language } from '@presta/contract/language';
import type { Db, DbOrTx } from '../../db/database';
import { complaintImages, complaints, complaintTypes, orders, orderStatusHistory, products } from '../../db/schema';
import { finalAnswer } from '../../lib/reply';
import { watchedCache, type CacheFeed, type Change, type VersionedCache } from '../../lib/versioned-cache';

declare module '../../plugins/app/repositories' {
  interface Repositories {
    complaints: ComplaintRepository;
  }
}

export type ComplaintType = typeof complaintTypes.$inferSelect;

/** The active types and sub-types. */
export async function readActiveTypes(db: DbOrTx): Promise<ComplaintType[]> {
  return db.select().from(complaintTypes).where(eq(complaintTypes.active, true)).orderBy(asc(complaintTypes.sort), asc(complaintTypes.value));
}

/**
 * isShow (collection complaints allowed): the order is or has been overdue
 * (status 180 now or in its history): only then has it been in collection.
 */
export async function readBorrowerOrders(db: DbOrTx, borrowerId: number) {
  return db
    .select({
      id: orders.id,
      productId: orders.productId,
      orderNo: orders.orderNo,
      status: orders.status,
      principal: orders.principal,
      createdAt: orders.createdAt,
      productName: products.name,
      productLogo: products.logoUrl,
      timeZone: products.timeZone,
      market: products.market,
      wasOverdue: sql<boolean>`(${orders.status} = '180' or exists (select 1 from ${orderStatusHistory} h where h.order_id = ${orders.id} and h.to_status = '180'))`,
    })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .where(eq(orders.borrowerId, borrowerId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
}

export type BorrowerOrder = Awaited<ReturnType<typeof readBorrowerOrders>>[number];

/** The borrower's newest complaints (at most 500, newest first): what problem-list shows. */
function complaintRows(db: DbOrTx, borrowerId: number) {
  return db
    .select()
    .from(complaints)
    .where(eq(complaints.borrowerId, borrowerId))
    .orderBy(desc(complaints.createdAt), desc(complaints.id))
    .limit(500);
}

export type ComplaintRow = typeof complaints.$inferSelect;
/** An image of a complaint as problem-detail shows it: its id and who uploaded it. */
export type ComplaintImageRef = { id: number; uploader: (typeof complaintImages.$inferSelect)['uploader'] };

/**
 * What problem-list and problem-detail read of a borrower's complaints: the rows of complaintRows and the images
 * of those complaints (support's reply images included), oldest first. Cached by borrower id.
 */
export type BorrowerComplaints = { rows: ComplaintRow[]; images: (ComplaintImageRef & { complaintId: number | null })[] };

/** Reads BorrowerComplaints: the rows, and at once the images of the same complaints (selected by complaint). */
async function loadBorrowerComplaints(db: DbOrTx, borrowerId: number): Promise<BorrowerComplaints> {
  const mine = db
    .select({ id: complaints.id })
    .from(complaints)
    .where(eq(complaints.borrowerId, borrowerId))
    .orderBy(desc(complaints.createdAt), desc(complaints.id))
    .limit(500);
  const [rows, images] = await Promise.all([
    complaintRows(db, borrowerId),
    db
      .select({ id: complaintImages.id, uploader: complaintImages.uploader, complaintId: complaintImages.complaintId })
      .from(complaintImages)
      .where(inArray(complaintImages.complaintId, mine))
      .orderBy(asc(complaintImages.id)),
  ]);
  return { rows, images };
}

/** problem-list's answers by language, kept with the reads they were built from (rows, then types). */
type BuiltLists<T> = WeakMap<object, WeakMap<object, Map<Language, T>>>;

/**
 * What problem-init, problem-list and problem-detail read, kept between changes (decision 007; docs/complaints.md
 * "Caches"): with them warm, those calls make no database round trip. Migration 0021 makes orders, complaints and
 * complaint images announce 'borrower-data:<borrower id>' and complaint types 'complaint-types:*' on commit,
 * whichever process wrote them (a support reply's image rows carry the complaint's borrower id: replyToComplaint).
 * Writes (uploads, saves, scores, replies) never read them.
 */
export class ComplaintRepository {
  /** The reads held (tests look into them). */
  readonly caches: {
    /** The active complaint types, one list for everyone (key 'active'): dropped on 'complaint-types'. */
    complaintTypes: VersionedCache<'active', ComplaintType[]>;
    /** problem-init's orders of a borrower, by borrower id: dropped on 'borrower-data:<id>' and 'product:<id>' of a product they name. */
    complaintOrders: VersionedCache<number, BorrowerOrder[]>;
    /**
     * The borrower's complaints, by borrower id: one reader of that fact for problem-list and problem-detail (the
     * newest 500 full rows and their images): dropped on 'borrower-data:<id>'.
     */
    borrowerComplaints: VersionedCache<number, BorrowerComplaints>;
  };
  /** problem-list's answers built from the reads, which they live exactly as long as (the change feed drops those). */
  private readonly lists: BuiltLists<unknown> = new WeakMap();

  constructor(
    private readonly db: Db,
    feed: CacheFeed,
  ) {
    const caches = {
      complaintTypes: watchedCache<'active', ComplaintType[]>(feed, dropStaleComplaintTypes, 1),
      complaintOrders: watchedCache<number, BorrowerOrder[]>(feed, dropStaleComplaintOrders),
      borrowerComplaints: watchedCache<number, BorrowerComplaints>(feed, dropStaleBorrowerComplaints),
    };
    this.caches = caches;
  }

  /** The active types and sub-types. */
  activeTypes(): Promise<ComplaintType[]> {
    return through(this.caches.complaintTypes, 'active', () => readActiveTypes(this.db));
  }

  /** problem-init's orders of the borrower, newest first. */
  ordersOf(borrowerId: number): Promise<BorrowerOrder[]> {
    return through(this.caches.complaintOrders, borrowerId, () => readBorrowerOrders(this.db, borrowerId));
  }

  /** The borrower's newest 500 complaints and their images. */
  complaintsOf(borrowerId: number): Promise<BorrowerComplaints> {
    return through(this.caches.borrowerComplaints, borrowerId, () => loadBorrowerComplaints(this.db, borrowerId));
  }

  /** problem-list's answer from these reads in `lang`: built once per pair of reads and language, then kept final. */
  listAnswer<T extends object>(reads: { rows: ComplaintRow[]; types: ComplaintType[] }, lang: Language, build: () => T): T {
    const lists = this.lists as BuiltLists<T>;
    let byTypes = lists.get(reads.rows);
    if (!byTypes) lists.set(reads.rows, (byTypes = new WeakMap<object, Map<Language, T>>()));
    let byLang = byTypes.get(reads.types);
    if (!byLang) byTypes.set(reads.types, (byLang = new Map<Language, T>()));
    const built = byLang.get(lang);
    if (built) return built;
    const answer = build();
    byLang.set(lang, finalAnswer(answer));
    return answer;
  }
}

/** `load`, through `cache` (a value is always found: never undefined). */
async function through<K, V>(cache: VersionedCache<K, V>, key: K, load: () => Promise<V>): Promise<V> {
  return (await cache.readThrough(key, load)) as V;
}

/** The borrower's id of a 'borrower-data:<id>' change; undefined for any other. */
function borrowerOfChange({ kind, key }: Change): number | undefined {
  const id = Number(key);
  return kind === 'borrower-data' && key !== '' && Number.isSafeInteger(id) ? id : undefined;
}

/** Drops the cached complaint types on 'complaint-types' (any key: the trigger runs per statement); false for any other change. */
export function dropStaleComplaintTypes(cache: ComplaintRepository['caches']['complaintTypes'], { kind }: Change): boolean {
  if (kind !== 'complaint-types') return false;
  cache.invalidate('active');
  return true;
}

/**
 * Drops a borrower's cached orders on 'borrower-data:<id>', and those naming a product on 'product:<id>' (its name,
 * logo, time zone). 'order:<id>' is not needed: every order change the card shows (status, and so wasOverdue, whose
 * order_status_history row is written with the orders.status update) updates the orders row, which announces
 * 'borrower-data' too; the plan and ledger tables it also announces are not read here. False for any other change.
 */
export function dropStaleComplaintOrders(cache: ComplaintRepository['caches']['complaintOrders'], change: Change): boolean {
  const borrowerId = borrowerOfChange(change);
  if (borrowerId !== undefined) {
    cache.invalidate(borrowerId);
    return true;
  }
  const productId = Number(change.key);
  if (change.kind !== 'product' || change.key === '' || !Number.isSafeInteger(productId)) return false;
  cache.invalidateWhere((mine) => mine.some((o) => o.productId === productId));
  return true;
}

/**
 * Drops a borrower's cached complaints on 'borrower-data:<id>' (that one key: the reads in flight of other borrowers
 * are kept); false for any other change.
 */
export function dropStaleBorrowerComplaints(cache: ComplaintRepository['caches']['borrowerComplaints'], change: Change): boolean {
  const borrowerId = borrowerOfChange(change);
  if (borrowerId === undefined) return false;
  cache.invalidate(borrowerId);
  return true;
}

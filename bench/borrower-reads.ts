/**
 * The borrower reads of issue 18 in npm run bench: their fixtures (a
 * borrower with an offer and no order, as the confirmation page asks; pools
 * of borrowers for the calls limited per borrower) and each call exactly as
 * the web app sends it (the form client: session parameters in the query,
 * the page's payload form-encoded; webFormRequest).
 */
import { performance } from 'node:perf_hooks';
import { apiRoutes } from '@presta/contract/api/api-routes';
import { createDemoBorrower } from '../apps/server/src/modules/demo/demo-orders';
import { sessionQueryParams } from '../apps/server/src/modules/demo/demo-links';
import { createSession } from '../apps/server/src/modules/session/session-service';
import { createDueBorrowers, mapLimit, nextBenchPhone, type BenchDb, type DueBorrower, type RateLimit, type WebRequest, webFormRequest } from './fixtures';

/** A borrower with an offer on the Mexican product, a live session and no order: who opens the confirmation page. */
export type OfferBorrower = { borrowerId: string; productId: string; params: Record<string, string> };

/** `count` offer borrowers (Spanish, Mexican product, the demo's offer: half the product's maximum), `parallel` at a time. */
export async function createOfferBorrowers(db: BenchDb['db'], count: number, parallel = 6): Promise<OfferBorrower[]> {
  return mapLimit(Array.from({ length: count }, (_, i) => i), parallel, (i) =>
    db.transaction(async (tx) => {
      const { borrowerId, product } = await createDemoBorrower(tx, { fullName: `Bench Offer ${i + 1}`, phone: nextBenchPhone(), language: 'es', productCode: 'presta-mx' });
      const sessionId = await createSession(tx, { borrowerId, deviceId: 'bench', ttlHours: 24 });
      return { borrowerId: String(borrowerId), productId: String(product.id), params: sessionQueryParams({ sessionId, language: 'es', productId: product.id }) };
    }),
  );
}

/** A borrower's order as the pages name it: the session parameters (productId and orderId among them) and the order's ids. */
export type OrderRef = { params: Record<string, string>; productId: string; orderId: string; orderNo: string };

/** Each borrower call exactly as its page sends it (apps/web/src/features/…/api). */
export const borrowerRequests = {
  /** Loan details (/loan-details): productId and orderId of the page URL. */
  loanDetails: (o: OrderRef): WebRequest => webFormRequest(apiRoutes.loanDetails.path, o.params, { productId: o.productId, orderId: o.orderId }),
  /** Confirmation (/confirm-loan, loan-confirmation.ts): the session's productId, no amount or periods (the offer's own). */
  confirm: (b: OfferBorrower): WebRequest => webFormRequest(apiRoutes.loanDetailConfirm.path, b.params, { productId: b.productId }),
  /** Extension (/repayment-delay, extension-quote.ts). */
  extension: (o: OrderRef): WebRequest => webFormRequest(apiRoutes.loanPlayDelayDetail.path, o.params, { productId: o.productId, orderId: o.orderId }),
  /** The agreement of an order by its number (contract-detail.ts). */
  contract: (o: OrderRef): WebRequest => webFormRequest(apiRoutes.contractDetail.path, o.params, { orderNo: o.orderNo }),
  /** Statement (/loan-statement, loan-statement.ts). */
  statement: (o: OrderRef): WebRequest => webFormRequest(apiRoutes.loanStatement.path, o.params, { productId: o.productId, orderId: o.orderId }),
  /** Complaint entry (complaint-init.ts): the order of the page URL. */
  problemInit: (o: OrderRef): WebRequest => webFormRequest(apiRoutes.problemInit.path, o.params, { orderId: o.orderId }),
  /** One complaint (/complainDetails?problemId=, complaint-detail.ts). */
  problemDetail: (params: Record<string, string>, problemId: string): WebRequest => webFormRequest(apiRoutes.problemDetail.path, params, { problemId }),
  /** My loans (account-data.ts fetchLoans): no payload. */
  myLoans: (params: Record<string, string>): WebRequest => webFormRequest(apiRoutes.accountLoans.path, params, {}),
  /** Home (/main, account-data.ts fetchHome): no payload. */
  home: (params: Record<string, string>): WebRequest => webFormRequest(apiRoutes.accountHome.path, params, {}),
  /** The offers (no page calls it yet: sent the way the account calls are, no payload). */
  offers: (params: Record<string, string>): WebRequest => webFormRequest(apiRoutes.accountOffers.path, params, {}),
};

/**
 * Borrowers made on demand: `take(n)` gives n that no earlier take gave, making them. Each run gets borrowers of
 * its own, so what one run's calls cached (sessions, ledgers, profiles, for CACHE_TTL_MS) neither serves another
 * run nor expires in the middle of it: with shared borrowers, my loans' run read sessions the statement's first
 * calls had cached 30 s before, and read them all again from the database at once when they expired.
 */
export class BorrowerPool<B> {
  private given = 0;

  constructor(
    private readonly what: string,
    private readonly make: (count: number) => Promise<B[]>,
  ) {}

  async take(n: number): Promise<B[]> {
    if (n <= 0) return [];
    const started = performance.now();
    const made = await this.make(n);
    this.given += n;
    if (n > 1) console.error(`bench fixtures: ${n} ${this.what} made in ${((performance.now() - started) / 1000).toFixed(1)} s (${this.given} in all)`);
    return made;
  }
}

export const duePool = (db: BenchDb['db']) => new BorrowerPool<DueBorrower>('borrowers with an order due today', (n) => createDueBorrowers(db, n));
export const offerPool = (db: BenchDb['db']) => new BorrowerPool<OfferBorrower>('borrowers with an offer', (n) => createOfferBorrowers(db, n));

/**
 * How many borrowers a call limited per borrower (`limit`, as the server
 * announced it on a key's first call: its window is `resetS`) must be spread
 * over so that none reaches the limit while `rps` calls a second arrive for
 * `seconds` (warm-up included); a tenth of the limit kept as margin.
 */
export function borrowersFor(limit: RateLimit, rps: number, seconds: number): number {
  const callsPerWindow = rps * Math.min(seconds, Math.max(1, limit.resetS));
  return Math.max(1, Math.ceil(callsPerWindow / Math.max(1, Math.floor(limit.max * 0.9))));
}

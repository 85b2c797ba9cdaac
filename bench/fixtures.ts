/**
 * Bench fixtures made in-process, in the bench database, with the server's own
 * demo helpers (the same walk through the state machine and the ledger as
 * `npm run demo -- order`, without starting one CLI process per borrower), and
 * the requests the web app sends for them.
 */
import { apiRoutes } from '@presta/contract/api/api-routes';
import { unscrambleKeys } from '@presta/contract/key-mapping';
import { formClientHeaderParams } from '@presta/contract/session-params';
import { openDatabase, type Database } from '../apps/server/src/db/database';
import { createDemoBorrower, makeOrderInStatus } from '../apps/server/src/modules/demo/demo-orders';
import { sessionQueryParams } from '../apps/server/src/modules/demo/demo-links';
import { createSession } from '../apps/server/src/modules/session/session-service';

export type BenchDb = Database;

/** The bench database: DATABASE_URL (already pointing at the bench database), else the embedded server the bench server runs. */
export function openBenchDb(opts: { databaseUrl: string | undefined; dataDir: string; embeddedPgPort: number }): Promise<BenchDb> {
  return openDatabase({ ...opts, max: 8 });
}

/** A borrower with a live session and a disbursed order (174) whose first instalment falls due today. */
export type DueBorrower = {
  borrowerId: string;
  productId: string;
  orderId: string;
  orderNo: string;
  /** The session query parameters by their wire names, language included (what the native host puts in the page URL). */
  params: Record<string, string>;
  /** The client address this borrower's requests come from (X-Forwarded-For; the server trusts the proxy). */
  clientIp: string;
};

let phoneSeq = 0;
/**
 * A distinct Mexican phone per bench borrower (55 8xxx xxxx): the demo's random
 * phones would collide among thousands of borrowers (the phone is unique).
 */
export function nextBenchPhone(): string {
  return `55${80_000_000 + ++phoneSeq}`;
}

let clientSeq = 0;
/** A distinct private IPv4 address per call: 10.88.x.y. */
function nextClientIp(): string {
  const n = ++clientSeq;
  return `10.88.${(n >> 8) & 255}.${n & 255}`;
}

/** `count` due borrowers (Spanish, Mexican product), made `parallel` at a time. */
export async function createDueBorrowers(db: BenchDb['db'], count: number, parallel = 6): Promise<DueBorrower[]> {
  const out = new Array<DueBorrower>(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      out[i] = await db.transaction(async (tx) => {
        const { borrowerId, product } = await createDemoBorrower(tx, { fullName: `Bench Borrower ${i + 1}`, phone: nextBenchPhone(), language: 'es', productCode: 'presta-mx' });
        const order = await makeOrderInStatus(tx, { borrowerId, productId: product.id, status: '174', lang: 'es' });
        const sessionId = await createSession(tx, { borrowerId, deviceId: 'bench', ttlHours: 24 });
        const params = sessionQueryParams({ sessionId, language: 'es', productId: product.id, orderId: order.orderId });
        return {
          borrowerId: String(borrowerId),
          productId: String(product.id),
          orderId: String(order.orderId),
          orderNo: order.orderNo,
          params,
          clientIp: nextClientIp(),
        };
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, count) }, worker));
  return out;
}

export type WebRequest = { method: 'POST'; path: string; headers: Record<string, string>; body: string };

/**
 * A borrower call exactly as the web app's form client sends it
 * (apps/web/src/shared/http: formRequest + formClient): POST to the path with
 * the session parameters and the language in the query; the payload
 * form-encoded; Accept, X-Requested-With and the form client's header params
 * (swift, eyes) copied from the page URL. `clientIp`, when given, is sent as
 * X-Forwarded-For (what the proxy in front of the server adds).
 */
export function webFormRequest(path: string, params: Record<string, string>, payload: Record<string, string | number>, clientIp?: string): WebRequest {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
  };
  for (const name of formClientHeaderParams) if (params[name]) headers[name] = params[name];
  headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
  if (clientIp) headers['X-Forwarded-For'] = clientIp;
  const body = new URLSearchParams(Object.entries(payload).map(([k, v]) => [k, String(v)])).toString();
  return { method: 'POST', path: `${path}?${new URLSearchParams(params).toString()}`, headers, body };
}

/** The repayment page's call (POST /v3/installment/loan-play-detail) as the web app sends it. */
export function repaymentDetailRequest(b: Pick<DueBorrower, 'params' | 'productId' | 'orderId'> & { clientIp?: string }, withClientIp = false): WebRequest {
  return webFormRequest(apiRoutes.loanPlayDetail.path, b.params, { productId: b.productId, orderId: b.orderId }, withClientIp ? b.clientIp : undefined);
}

/** The voucher call (POST /v3/loan-details/generate-vcode), normal repayment (requestType 1) at a store, as the payment instruction page sends it. */
export function storeVoucherRequest(b: DueBorrower, amount: number): WebRequest {
  return webFormRequest(
    apiRoutes.generateVcode.path,
    b.params,
    { productId: b.productId, orderId: b.orderId, amount, payCode: 'store', requestType: 1 },
    b.clientIp,
  );
}

/** A call's rate limit as the server announces it (x-ratelimit-limit; the window's seconds left, x-ratelimit-reset, is the whole window on a key's first call). */
export type RateLimit = { max: number; resetS: number };

/**
 * Sends a request (a WebRequest, or a multipart upload) and returns the wrapper's data with readable keys (any
 * brand) and the call's rate limit when it has one; throws with the server's status, code and message unless it
 * is a 200 success.
 */
export async function sendAnswer<T>(
  base: string,
  req: { method: 'POST'; path: string; headers: Record<string, string>; body: string | Buffer },
): Promise<{ data: T; rateLimit: RateLimit | undefined }> {
  const body = typeof req.body === 'string' ? req.body : new Uint8Array(req.body);
  const res = await fetch(`${base}${req.path}`, { method: req.method, headers: req.headers, body });
  const text = await res.text();
  let json: { success?: boolean; code?: string; message?: string; data?: T } = {};
  try {
    json = JSON.parse(text) as typeof json;
  } catch {
    // Not JSON: the status and the start of the text say what came back.
  }
  if (res.status !== 200 || !json.success) {
    throw new Error(`${req.path.split('?')[0]}: ${res.status} ${json.code ?? ''} ${json.message ?? text.slice(0, 200)}`);
  }
  const max = Number(res.headers.get('x-ratelimit-limit'));
  const resetS = Number(res.headers.get('x-ratelimit-reset'));
  return { data: unscrambleKeys<T>(json.data), rateLimit: max > 0 ? { max, resetS } : undefined };
}

/** Sends a WebRequest and returns the wrapper's data with readable keys (any brand); throws unless it is a 200 success. */
export async function send<T>(base: string, req: WebRequest): Promise<T> {
  return (await sendAnswer<T>(base, req)).data;
}

/** Runs `fn` over `items`, `parallel` at a time. */
export async function mapLimit<T, R>(items: readonly T[], parallel: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, worker));
  return out;
}

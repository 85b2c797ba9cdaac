/**
 * npm run bench -- --load (issue 11): two server processes on one database
 * (and one Redis when REDIS_URL is set), the requests spread over both as a
 * load balancer would, a mixed borrower workload from 200 concurrent clients
 * for 60 s (BENCH_LOAD_DURATION): loan-details, loan-play-detail,
 * generate-vcode, problem-list, problem-save and signed payment
 * notifications. It reports requests per second and p50/p99 per call, the
 * errors (network failures and 5xx; 429s apart), and checks afterwards that
 * every acknowledged write is in the database: each complaint id answered,
 * each payment reference answered, each notification applied exactly once.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { apiRoutes } from '@presta/contract/api/api-routes';
import { unscrambleKeys } from '@presta/contract/key-mapping';
import { SIGNATURE_HEADER } from '../apps/server/src/modules/payments/notification-signature';
import { SANDBOX_NOTIFICATION_PATH, SANDBOX_PROVIDER_ID } from '../apps/server/src/modules/payments/sandbox-provider';
import { createDueBorrowers, mapLimit, send, webFormRequest, type BenchDb, type DueBorrower, type WebRequest } from './fixtures';
import { signedDelivery } from './notification-burst';
import { percentile } from './latency';

export type LoadOptions = { bases: string[]; database: BenchDb; secret: string; durationS: number; clients: number; borrowers: number };

type Call = 'loan-details' | 'loan-play-detail' | 'generate-vcode' | 'problem-list' | 'problem-save' | 'payment-notification';

/** Share of the requests per call: mostly reads, as borrowers use the app. */
const mix: [Call, number][] = [
  ['loan-details', 35],
  ['loan-play-detail', 20],
  ['generate-vcode', 15],
  ['problem-list', 15],
  ['problem-save', 5],
  ['payment-notification', 10],
];

export type LoadRow = { call: Call; requests: number; rps: number; p50: number; p99: number; errors: number; rateLimited: number; other4xx: number };
export type LoadResult = {
  processes: number;
  clients: number;
  durationS: number;
  borrowers: number;
  /** notificationRetries: 503s (with Retry-After) a provider would retry, retried. */
  total: { requests: number; rps: number; errors: number; notificationRetries: number };
  calls: LoadRow[];
  writes: { complaints: { acknowledged: number; found: number }; references: { acknowledged: number; found: number }; notifications: { acknowledged: number; appliedOnce: number } };
  pass: boolean;
};

type Sample = { call: Call; ms: number; status: number };


function pick(): Call {
  let r = Math.random() * 100;
  for (const [call, weight] of mix) {
    if (r < weight) return call;
    r -= weight;
  }
  return 'loan-details';
}

/** A borrower with the store reference of today's instalment (what their repayment page quotes) and its amount. */
type Plan = { b: DueBorrower; amount: number; reference: string };

/** The writes the server acknowledged, looked for in the database afterwards. */
type Acknowledged = { complaints: Set<string>; references: Set<string>; notifications: Set<string> };

type PlannedRequest = { req: WebRequest; onAnswer: (status: number, body: unknown) => void };

/** Each borrower's quoted amount and voucher reference, for the vouchers and the payments. */
async function preparePlans(database: BenchDb, base: string, count: number): Promise<Plan[]> {
  console.log(`Load: making ${count} borrowers with a loan due today…`);
  const borrowers = await createDueBorrowers(database.db, count);
  const plans = await mapLimit(borrowers, 8, async (b) => {
    const plan = await send<{ repayAmount: number }>(base, webFormRequest(apiRoutes.loanPlayDetail.path, b.params, { productId: b.productId, orderId: b.orderId }));
    const voucher = await send<{ repayDetail: { vCode: string } }>(
      base,
      webFormRequest(apiRoutes.generateVcode.path, b.params, { productId: b.productId, orderId: b.orderId, amount: plan.repayAmount, payCode: 'store', requestType: 1 }, b.clientIp),
    );
    return { b, amount: plan.repayAmount, reference: voucher.repayDetail.vCode };
  });
  await database.sql`analyze`;
  return plans;
}

const ignored = () => {};

/** The request of a call for a borrower, and what its answer acknowledges (a voucher, a complaint, a notification). */
function requestMaker(secret: string, acknowledged: Acknowledged): (call: Call, p: Plan) => PlannedRequest {
  const run = randomUUID().slice(0, 8);
  let saveSeq = 0;
  let eventSeq = 0;
  return (call, p) => {
    const { b } = p;
    const form = (path: string, payload: Record<string, string | number>) => webFormRequest(path, b.params, payload, b.clientIp);
    const order = { productId: b.productId, orderId: b.orderId };
    switch (call) {
      case 'loan-details':
        return { req: form(apiRoutes.loanDetails.path, order), onAnswer: ignored };
      case 'loan-play-detail':
        return { req: form(apiRoutes.loanPlayDetail.path, order), onAnswer: ignored };
      case 'generate-vcode':
        return {
          req: form(apiRoutes.generateVcode.path, { ...order, amount: p.amount, payCode: 'store', requestType: 1 }),
          onAnswer: (status, body) => {
            const vCode = status === 200 ? unscrambleKeys<{ repayDetail?: { vCode?: string } }>((body as { data?: unknown }).data)?.repayDetail?.vCode : undefined;
            if (vCode) acknowledged.references.add(vCode);
          },
        };
      case 'problem-list':
        return { req: form(apiRoutes.problemList.path, {}), onAnswer: ignored };
      case 'problem-save':
        return {
          req: form(apiRoutes.problemSave.path, { orderNo: b.orderNo, problemType: 2, problemDetail: `Carga ${run} número ${++saveSeq}: el pago no aparece.` }),
          onAnswer: (status, body) => {
            const id = status === 200 ? unscrambleKeys<{ problemId?: string }>((body as { data?: unknown }).data)?.problemId : undefined;
            if (id) acknowledged.complaints.add(id);
          },
        };
      case 'payment-notification': {
        const eventId = `load-${run}-${++eventSeq}`;
        const d = signedDelivery(secret, { eventId, reference: p.reference, amount: 100 });
        return {
          req: { method: 'POST', path: SANDBOX_NOTIFICATION_PATH, headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: d.signature }, body: d.rawBody },
          onAnswer: (status, body) => {
            if (status === 200 && (body as { received?: boolean }).received) acknowledged.notifications.add(eventId);
          },
        };
      }
    }
  };
}

/** Spreads the requests over the processes in turn, as a load balancer would. */
type Balancer = { next(): string; retried: number };

/** One request, timed; a provider retries a 503 after its Retry-After (on any process), a borrower's page shows it as an error. */
async function timedCall(call: Call, { req, onAnswer }: PlannedRequest, balancer: Balancer): Promise<Sample> {
  const start = performance.now();
  let status: number;
  try {
    let res: Response;
    for (let attempt = 0; ; attempt += 1) {
      res = await fetch(`${balancer.next()}${req.path}`, { method: req.method, headers: req.headers, body: req.body, signal: AbortSignal.timeout(30_000) });
      if (!(call === 'payment-notification' && res.status === 503 && attempt < 5)) break;
      await res.arrayBuffer();
      balancer.retried += 1;
      await new Promise((resolve) => setTimeout(resolve, Number(res.headers.get('retry-after') ?? 2) * 1000));
    }
    status = res.status;
    onAnswer(status, parseBody(await res.text()));
  } catch {
    status = 0;
  }
  return { call, ms: performance.now() - start, status };
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Row per call of the mix: requests, rate, p50/p99 and the error, 429 and other 4xx counts. */
function callRows(samples: Sample[], seconds: number): LoadRow[] {
  return mix.map(([call]) => {
    const mine = samples.filter((s) => s.call === call);
    const ms = mine.map((s) => s.ms).sort((a, b) => a - b);
    return {
      call,
      requests: mine.length,
      rps: Math.round(mine.length / seconds),
      p50: Math.round(percentile(ms, 50) * 10) / 10,
      p99: Math.round(percentile(ms, 99) * 10) / 10,
      errors: mine.filter((s) => s.status === 0 || s.status >= 500).length,
      rateLimited: mine.filter((s) => s.status === 429).length,
      other4xx: mine.filter((s) => s.status >= 400 && s.status < 500 && s.status !== 429).length,
    };
  });
}

/** Every acknowledged write, looked for in the database; `allFound` when each is there (each notification applied exactly once). */
async function checkWrites(database: BenchDb, acknowledged: Acknowledged): Promise<{ writes: LoadResult['writes']; allFound: boolean }> {
  const complaintIds = [...acknowledged.complaints].map(Number);
  const references = [...acknowledged.references];
  const eventIds = [...acknowledged.notifications];
  const [complaintsFound] = await database.sql<{ n: number }[]>`select count(*)::int as n from complaints where id = any(${complaintIds})`;
  const [referencesFound] = await database.sql<{ n: number }[]>`select count(distinct voucher_code)::int as n from payment_references where voucher_code = any(${references})`;
  const perEvent = await database.sql<{ n: number }[]>`
    select count(*)::int as n from ledger_payments where provider = ${SANDBOX_PROVIDER_ID} and provider_event_id = any(${eventIds}) group by provider_event_id`;
  const writes = {
    complaints: { acknowledged: complaintIds.length, found: complaintsFound?.n ?? 0 },
    references: { acknowledged: references.length, found: referencesFound?.n ?? 0 },
    notifications: { acknowledged: eventIds.length, appliedOnce: perEvent.filter((r) => r.n === 1).length },
  };
  const allFound =
    writes.complaints.found === writes.complaints.acknowledged &&
    writes.references.found === writes.references.acknowledged &&
    writes.notifications.appliedOnce === writes.notifications.acknowledged &&
    perEvent.length === eventIds.length;
  return { writes, allFound };
}

export async function runLoad(opts: LoadOptions): Promise<LoadResult> {
  const { bases, database } = opts;
  const plans = await preparePlans(database, bases[0]!, opts.borrowers);
  const acknowledged: Acknowledged = { complaints: new Set<string>(), references: new Set<string>(), notifications: new Set<string>() };
  const requestFor = requestMaker(opts.secret, acknowledged);
  let turn = 0;
  const balancer: Balancer = { next: () => bases[turn++ % bases.length]!, retried: 0 };
  const samples: Sample[] = [];

  // Payments change what is due, and a voucher is for what is due: half the borrowers pay (notifications), the other half
  // ask for vouchers, so every voucher call asks for the amount its page quotes. Reads and complaints go to anyone.
  const payers = plans.slice(0, plans.length >> 1);
  const askers = plans.slice(plans.length >> 1);
  const anyOf = (list: Plan[]) => list[Math.floor(Math.random() * list.length)]!;
  const until = performance.now() + opts.durationS * 1000;
  const client = async () => {
    while (performance.now() < until) {
      const call = pick();
      const p = call === 'payment-notification' ? anyOf(payers) : call === 'generate-vcode' ? anyOf(askers) : anyOf(plans);
      samples.push(await timedCall(call, requestFor(call, p), balancer));
    }
  };
  console.log(`Load: ${opts.clients} clients for ${opts.durationS} s over ${bases.length} processes…`);
  const started = performance.now();
  await Promise.all(Array.from({ length: opts.clients }, client));
  const seconds = (performance.now() - started) / 1000;

  const calls = callRows(samples, seconds);
  const { writes, allFound } = await checkWrites(database, acknowledged);
  const errors = calls.reduce((acc, r) => acc + r.errors, 0);
  return {
    processes: bases.length,
    clients: opts.clients,
    durationS: opts.durationS,
    borrowers: opts.borrowers,
    total: { requests: samples.length, rps: Math.round(samples.length / seconds), errors, notificationRetries: balancer.retried },
    calls,
    writes,
    pass: errors === 0 && allFound,
  };
}

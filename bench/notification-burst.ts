/**
 * Payment notification bursts against the sandbox provider's endpoint
 * (POST /api/payments/notifications/sandbox), signed as the provider signs
 * them, then a check in the database that each event id was posted to the
 * ledger exactly once.
 */
import { performance } from 'node:perf_hooks';
import { SIGNATURE_HEADER, signNotification, unixSeconds } from '../apps/server/src/modules/payments/notification-signature';
import { SANDBOX_NOTIFICATION_PATH, SANDBOX_PROVIDER_ID } from '../apps/server/src/modules/payments/sandbox-provider';
import type { BenchDb } from './fixtures';
import { percentile } from './latency';

/** One signed delivery: the exact bytes and header a provider would send. */
export type Delivery = { eventId: string; rawBody: string; signature: string };

/** Builds and signs the sandbox notification body {eventId, reference, amount, paidAt}. */
export function signedDelivery(secret: string, event: { eventId: string; reference: string; amount: number; paidAt?: Date }): Delivery {
  const now = new Date();
  const rawBody = JSON.stringify({ eventId: event.eventId, reference: event.reference, amount: event.amount, paidAt: (event.paidAt ?? now).toISOString() });
  return { eventId: event.eventId, rawBody, signature: signNotification(secret, rawBody, unixSeconds(now)) };
}

type Answer = { status: number; applied: boolean | undefined; ms: number; retries: number; error?: string };

/** Deliveries a provider retries (503 with Retry-After) before giving up, as providers do. */
const MAX_RETRIES = 5;

/** One delivery until it gets a final answer, retrying 503s after their Retry-After (as a provider does); `ms` covers the retries. */
async function deliver(base: string, d: Delivery): Promise<Answer> {
  const start = performance.now();
  for (let retries = 0; ; retries += 1) {
    try {
      const res = await fetch(`${base}${SANDBOX_NOTIFICATION_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: d.signature },
        body: d.rawBody,
        signal: AbortSignal.timeout(30_000),
      });
      const text = await res.text();
      if (res.status === 503 && retries < MAX_RETRIES) {
        await new Promise((resolve) => setTimeout(resolve, Number(res.headers.get('retry-after') ?? 2) * 1000));
        continue;
      }
      let applied: boolean | undefined;
      try {
        applied = (JSON.parse(text) as { applied?: boolean }).applied;
      } catch {
        // Not JSON (a proxy's error page): no answer to read.
      }
      return { status: res.status, applied, ms: performance.now() - start, retries };
    } catch (e) {
      return { status: 0, applied: undefined, ms: performance.now() - start, retries, error: e instanceof Error ? e.message : String(e) };
    }
  }
}


export type BurstRow = {
  name: string;
  /** Requests sent, all at once. */
  deliveries: number;
  /** Distinct event ids among them. */
  events: number;
  totalMs: number;
  rps: number;
  p50: number;
  p99: number;
  /** Answers other than 200 (network failures count as status 0). */
  non200: number;
  /** 503s retried after their Retry-After, as the provider would. */
  retried: number;
  statuses: Record<string, number>;
  /** Answers saying applied: true (expected: one per event). */
  applied: number;
  /** ledger_payments rows of these event ids (provider 'sandbox'). */
  ledgerPayments: number;
  /** Every event id has exactly one ledger payment. */
  exactlyOnce: boolean;
  targets: string;
  /** exactlyOnce, and every delivery answered 200 in the end. */
  pass: boolean;
};

/**
 * Sends every delivery at once (one connection each: Node's fetch has no
 * per-origin connection cap), times the whole burst, then counts the ledger
 * payments of each event id.
 */
export async function burst(base: string, db: BenchDb, name: string, deliveries: Delivery[]): Promise<BurstRow> {
  const start = performance.now();
  const answers = await Promise.all(deliveries.map((d) => deliver(base, d)));
  const totalMs = performance.now() - start;

  const eventIds = [...new Set(deliveries.map((d) => d.eventId))];
  const rows = await db.sql<{ eventId: string; n: number }[]>`
    select provider_event_id as "eventId", count(*)::int as n
    from ledger_payments
    where provider = ${SANDBOX_PROVIDER_ID} and provider_event_id = any(${eventIds})
    group by provider_event_id`;
  const perEvent = new Map(rows.map((r) => [r.eventId, r.n]));
  const exactlyOnce = eventIds.every((id) => perEvent.get(id) === 1);

  const statuses: Record<string, number> = {};
  for (const a of answers) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
  const non200 = answers.filter((a) => a.status !== 200).length;
  const applied = answers.filter((a) => a.applied === true).length;
  const errors = [...new Set(answers.flatMap((a) => (a.error ? [a.error] : [])))];
  if (errors.length) console.error(`${name}: ${errors.length} kinds of network failure, e.g. ${errors[0]}`);
  const ms = answers.map((a) => a.ms).sort((a, b) => a - b);
  return {
    name,
    deliveries: deliveries.length,
    events: eventIds.length,
    totalMs: Math.round(totalMs),
    rps: Math.round(deliveries.length / (totalMs / 1000)),
    p50: Math.round(percentile(ms, 50)),
    p99: Math.round(percentile(ms, 99)),
    non200,
    retried: answers.reduce((acc, a) => acc + a.retries, 0),
    statuses,
    applied,
    ledgerPayments: rows.reduce((acc, r) => acc + r.n, 0),
    exactlyOnce,
    targets: 'exactly one ledger payment per event id, every delivery answered 200 (after the retries a provider makes)',
    pass: exactlyOnce && non200 === 0,
  };
}

export type BystanderRow = { name: string; requests: number; p50: number; p99: number; max: number; non200: number; targets: string; pass: boolean };

/** Other borrowers' calls are timed over at least this window, the burst starting BYSTANDER_LEAD_MS into it. */
const BYSTANDER_WINDOW_MS = 3_000;
const BYSTANDER_LEAD_MS = 500;

/**
 * Other borrowers' calls while a burst arrives (issue 11: a burst of
 * notifications must not starve the process): `clients` loops, each sending
 * the next of `requests` (reads that go to the database), from
 * BYSTANDER_LEAD_MS before `start()` is called until it settles and at least
 * BYSTANDER_WINDOW_MS have passed — so a burst shorter than the window is
 * measured among the calls around it, as a borrower would meet it; their
 * latencies' p50, p99 and the worst.
 */
export async function bystanders<T>(
  base: string,
  name: string,
  requests: { path: string; headers: Record<string, string>; body: string }[],
  start: () => Promise<T>,
  clients = 10,
): Promise<{ row: BystanderRow; result: T }> {
  let done = false;
  const began = performance.now();
  const during = new Promise((resolve) => setTimeout(resolve, BYSTANDER_LEAD_MS))
    .then(start)
    .then(async (result) => {
      const left = BYSTANDER_WINDOW_MS - (performance.now() - began);
      if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
      return result;
    })
    .finally(() => {
      done = true;
    });
  const ms: number[] = [];
  let non200 = 0;
  let next = 0;
  const loop = async () => {
    while (!done) {
      const r = requests[next++ % requests.length]!;
      const t0 = performance.now();
      try {
        const res = await fetch(`${base}${r.path}`, { method: 'POST', headers: r.headers, body: r.body, signal: AbortSignal.timeout(30_000) });
        await res.arrayBuffer();
        if (res.status !== 200) non200 += 1;
      } catch {
        non200 += 1;
      }
      ms.push(performance.now() - t0);
    }
  };
  const [result] = await Promise.all([during, ...Array.from({ length: clients }, loop)]);
  ms.sort((a, b) => a - b);
  const p99 = Math.round(percentile(ms, 99));
  return {
    row: {
      name,
      requests: ms.length,
      p50: Math.round(percentile(ms, 50)),
      p99,
      max: Math.round(ms.at(-1) ?? 0),
      non200,
      targets: 'other borrowers p99 < 100 ms',
      pass: p99 < 100 && non200 === 0,
    },
    result,
  };
}

/**
 * The credit decision's time of npm run bench (issue 35, docs/benchmarks.md "Credit decision"): demo applicants with
 * the approved profile's sandbox identity, every step done and the consents signed (the demo module's own walk:
 * makeDemoApplicant at `review`), each sent over HTTP as the review page sends it (POST /v3/certify/submit), a few
 * at a time, and the application's state read every 50 ms until the decision is committed (home's call is limited per
 * borrower: polled, it answers 429 before the decision comes); home's call (POST /v3/account/home, what the borrower
 * reloads) then shows it, checked once. The time from the submit's request to the decision committed: the verification job and the
 * decision job of the server's queue (pg-boss, each queue polled every 2 s when idle: scheduled-work.ts), the KYC
 * sandbox and the sandbox bureau. Also the server's own span, submitted_at to the decision's decided_at.
 */
import { performance } from 'node:perf_hooks';
import pino from 'pino';
import { apiRoutes } from '@presta/contract/api/api-routes';
import type { Config } from '../apps/server/src/config';
import { createKycProvider } from '../apps/server/src/modules/application/kyc/kyc-provider';
import { sessionQueryParams } from '../apps/server/src/modules/demo/demo-links';
import { makeDemoApplicant } from '../apps/server/src/modules/demo/demo-applicants';
import { createSession } from '../apps/server/src/modules/session/session-service';
import { createRepositories } from '../apps/server/src/repositories';
import { mapLimit, send, webFormRequest, type BenchDb } from './fixtures';
import { ms2, percentile } from './latency';

export type CreditDecisionRow = {
  name: string;
  applicants: number;
  parallel: number;
  outcomes: Record<string, number>;
  /** Submit's request sent → the decision seen committed (client side, the state read every pollMs). */
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** submitted_at → decided_at (the server's clock). */
  serverP50Ms: number;
  serverP99Ms: number;
  pollMs: number;
  /** The queue's polling interval when idle (scheduled-work.ts's default: the server passes none). */
  queuePollSeconds: number;
};

const QUEUE_POLL_SECONDS = 2;

type Prepared = { borrowerId: number; params: Record<string, string> };
type HomeAnswer = { application: { status: string } | null };

const POLL_MS = 50;
const DECIDED = new Set(['approved', 'referred', 'declined']);

/** `count` applicants ready to send, made in-process (the demo CLI's walk, one process for all). */
async function prepare(database: BenchDb, config: Config, count: number): Promise<Prepared[]> {
  const deps = { repos: createRepositories(database.db), kyc: createKycProvider(config, pino({ level: 'silent' })) };
  return mapLimit(Array.from({ length: count }, (_, i) => i), 4, async (i) => {
    const made = await makeDemoApplicant(database.db, deps, { language: 'es', market: i % 2 === 0 ? 'MX' : 'IN', step: 'review', profile: 'clean_high' });
    const sessionId = await createSession(database.db, { borrowerId: made.borrowerId, deviceId: 'bench', ttlHours: 24 });
    return { borrowerId: made.borrowerId, params: sessionQueryParams({ sessionId, language: 'es' }) };
  });
}

/** One applicant sent, its state read until decided, then home asked once: the client's time and the outcome. */
async function submitAndWait(base: string, database: BenchDb, a: Prepared, timeoutMs: number): Promise<{ ms: number; status: string }> {
  const t0 = performance.now();
  await send(base, webFormRequest(apiRoutes.applicationSubmit.path, a.params, {}));
  for (;;) {
    const [row] = await database.sql<{ status: string }[]>`select status from credit_applications where borrower_id = ${a.borrowerId}`;
    const status = row?.status ?? '';
    if (DECIDED.has(status)) {
      const ms = performance.now() - t0;
      const shown = (await send<HomeAnswer>(base, webFormRequest(apiRoutes.accountHome.path, a.params, {}))).application?.status;
      if (shown !== status) throw new Error(`credit-decision: home shows ${shown}, the application is ${status}`);
      return { ms, status };
    }
    if (performance.now() - t0 > timeoutMs) throw new Error(`credit-decision: not decided after ${timeoutMs} ms (still ${status})`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** The row: `count` applicants, `parallel` sent at a time. */
export async function measureCreditDecision(base: string, database: BenchDb, config: Config, opts: { count: number; parallel: number }): Promise<CreditDecisionRow> {
  const applicants = await prepare(database, config, opts.count);
  const runs = await mapLimit(applicants, opts.parallel, (a) => submitAndWait(base, database, a, 120_000));
  const ids = applicants.map((a) => a.borrowerId);
  const spans = await database.sql<{ ms: number }[]>`
    select extract(epoch from (d.decided_at - a.submitted_at)) * 1000 as ms
    from credit_applications a join credit_decisions d on d.application_id = a.id
    where a.borrower_id in ${database.sql(ids)} and d.trigger = 'application'`;
  const client = runs.map((r) => r.ms).sort((x, y) => x - y);
  const server = spans.map((s) => Number(s.ms)).sort((x, y) => x - y);
  const outcomes: Record<string, number> = {};
  for (const r of runs) outcomes[r.status] = (outcomes[r.status] ?? 0) + 1;
  return {
    name: `credit decision, submit to answer (${opts.count} applicants, ${opts.parallel} at a time, sandbox bureau)`,
    applicants: opts.count,
    parallel: opts.parallel,
    outcomes,
    p50Ms: ms2(percentile(client, 50)),
    p99Ms: ms2(percentile(client, 99)),
    maxMs: ms2(client.at(-1) ?? 0),
    serverP50Ms: ms2(percentile(server, 50)),
    serverP99Ms: ms2(percentile(server, 99)),
    pollMs: POLL_MS,
    queuePollSeconds: QUEUE_POLL_SECONDS,
  };
}

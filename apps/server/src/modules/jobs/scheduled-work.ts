import { count, desc, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { products } from '../../db/schema';
import { systemActor } from '../audit/audit-log';
import { refreshLedgerStatus } from '../ledger/ledger-credit';
import { sendDueReminders } from '../reminders/reminder-service';
import type { ReminderHours } from '../reminders/reminder-rules';
import { expireDueReferences } from '../payments/payment-references';
import { deliverDueSms, deliverQueuedSms } from '../sms/sms-delivery';
import {
  APPLICATION_VERIFICATION_QUEUE,
  applicationQueueOptions,
  CREDIT_DECISION_QUEUE,
  queueSubmittedApplications,
  queueUndecidedApplications,
  type CreditDecisionJob,
  type VerificationJob,
} from '../application/application-queue';
import { verifyApplication } from '../application/application-verification';
import { createKycProvider, type KycProvider } from '../application/kyc/kyc-provider';
import type { SmsProvider } from '../sms/sms-provider';
import { createCreditBureau } from '../credit/bureau/bureau-provider';
import type { CreditBureau } from '../credit/bureau/credit-bureau';
import { redecideSettled } from '../credit/credit-redecision';
import { decideApplication } from '../credit/decide-application';
import { reconcilePendingPayouts } from '../disbursal/disbursal-service';
import { createPayoutProviders } from '../payments/payouts/payout-providers';
import { pollPendingVerifications } from '../account/account-verification';
import type { PayoutProviders } from '../payments/payouts/payout-provider';
import { stampPendingAgreements } from '../agreements/agreement-timestamps';
import { createTimestampAuthority } from '../agreements/timestamp/timestamp-authorities';
import type { TimestampAuthority } from '../agreements/timestamp/timestamp-authority';
import { markInterrupted, recordJobRun, thisWorker, type JobDetail } from './job-runs';

/*
 * The lender's clock (docs/scheduled-work.md): the scheduled jobs on a
 * PostgreSQL job queue (pg-boss 10, schema `pgboss`, which it creates itself).
 * Every process that starts the scheduled work installs the same schedules
 * and works every queue; pg-boss makes each slot ONE job (its cron runs in one
 * process at a time and sends one job per schedule and minute), and each job
 * is fetched by one worker (FOR UPDATE SKIP LOCKED). Queues are 'stately': at
 * most one job of a kind waiting and one running, so runs never overlap or
 * pile up.
 */

/** The kinds of scheduled work; the overdue sweep runs once per market (queue `overdue-sweep-<market>`). */
export type JobKind =
  | 'overdue-sweep'
  | 'payment-reference-expiry'
  | 'sms-retry'
  | 'sms-reminders'
  | 'application-catch-up'
  | 'credit-redecision'
  | 'payout-reconcile'
  | 'agreement-timestamp';

/** When each kind runs (cron, minute resolution); the sweep in the market's time zone, the others in UTC. */
export const defaultCron: Record<JobKind, string> = {
  // 00:00 local is the day's sweep; the hourly repeats catch up a missed midnight and are no-ops otherwise.
  'overdue-sweep': '0 * * * *',
  'payment-reference-expiry': '*/5 * * * *',
  'sms-retry': '* * * * *',
  // Sending hours are checked per time zone (REMINDER_HOURS); every 15 minutes catches up a stopped process.
  'sms-reminders': '*/15 * * * *',
  'application-catch-up': '*/5 * * * *',
  'credit-redecision': '*/10 * * * *',
  // Payouts still open after PAYOUT_RECONCILE_AFTER_MS are looked up under their key (docs/disbursal.md).
  'payout-reconcile': '* * * * *',
  // Signed agreements whose time-stamp the authority did not give at signing, with a growing wait (docs/agreements.md).
  'agreement-timestamp': '* * * * *',
};

/** The retry run stops taking new messages after this; the next minute's run goes on (a run never nears its 5 min limit). */
const SMS_RETRY_BUDGET_MS = 2 * 60_000;

/** Any constant: serialises the installation of queues and schedules across processes. */
const INSTALL_LOCK_KEY = 7_263_011;

/** A run longer than this is failed by the queue (and the next slot may start). */
const expireInSeconds: Record<JobKind, number> = {
  'overdue-sweep': 15 * 60,
  'payment-reference-expiry': 5 * 60,
  'sms-retry': 5 * 60,
  'sms-reminders': 15 * 60,
  'application-catch-up': 5 * 60,
  'credit-redecision': 10 * 60,
  'payout-reconcile': 5 * 60,
  'agreement-timestamp': 5 * 60,
};

export type ScheduledWorkOptions = {
  /** pg-boss's own connection (node-postgres): the same database as `db`. */
  databaseUrl: string;
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  sms: SmsProvider;
  /** The identity verifier of the application job (default: config's, createKycProvider). */
  kyc?: KycProvider;
  /** The credit bureau of the decision jobs (default: config's, createCreditBureau). */
  bureau?: CreditBureau;
  /** The payout providers of the reconcile job (default: config's, createPayoutProviders). */
  payouts?: PayoutProviders;
  /** The time-stamp authority of the agreement-timestamp job (default: config's, createTimestampAuthority). */
  timestampAuthority?: TimestampAuthority;
  /** Connections of pg-boss's pool (default 2). */
  poolMax?: number;
  /** How long stop() lets a running job finish before giving up on it (default 10 s). */
  stopTimeoutMs?: number;
  /** Tests: another pg-boss schema, shorter intervals, other crons, other sending hours. */
  queue?: { schema?: string; pollingIntervalSeconds?: number; cronMonitorIntervalSeconds?: number; cronWorkerIntervalSeconds?: number };
  cron?: Partial<Record<JobKind, string>>;
  reminderHours?: ReminderHours;
};

export type ScheduledWork = {
  /** Stops fetching, lets a running job finish (at most stopTimeoutMs), closes pg-boss's connections. */
  stop(): Promise<void>;
};

type ScheduledJob = { name: string; kind: JobKind; tz?: string; run: (signal: AbortSignal) => Promise<JobDetail> };

/** Each market's time zone, from its products (the one most of them use). */
export async function marketTimeZones(db: Db): Promise<{ market: string; timeZone: string }[]> {
  const rows = await db
    .select({ market: products.market, timeZone: products.timeZone, n: count() })
    .from(products)
    .groupBy(products.market, products.timeZone)
    .orderBy(products.market, desc(count()), products.timeZone);
  const seen = new Set<string>();
  return rows.filter((r) => !seen.has(r.market) && seen.add(r.market)).map(({ market, timeZone }) => ({ market, timeZone }));
}

/** The jobs and what each run does. */
export function scheduledJobs(
  opts: Pick<ScheduledWorkOptions, 'db' | 'config' | 'log' | 'sms' | 'reminderHours' | 'queue' | 'bureau' | 'payouts' | 'timestampAuthority'>,
  markets: { market: string; timeZone: string }[],
): ScheduledJob[] {
  const { db, log, sms } = opts;
  const schema = opts.queue?.schema ?? opts.config.jobsSchema;
  const bureau = opts.bureau ?? createCreditBureau(opts.config, log);
  const payouts = opts.payouts ?? createPayoutProviders({ config: opts.config, log });
  const authority = opts.timestampAuthority ?? createTimestampAuthority({ config: opts.config, log });
  return [
    ...markets.map(
      (m): ScheduledJob => ({
        name: `overdue-sweep-${m.market.toLowerCase()}`,
        kind: 'overdue-sweep',
        tz: m.timeZone,
        // Every order, each by its own product's calendar: idempotent, so a missed run is caught up by the next. The
        // credit orders hold is applied first as amounts became payable (it may settle them), then 174 → 180. Each
        // move is in the audit trail as the system (via job), in the move's own transaction.
        run: async () => ({ moved: (await refreshLedgerStatus(db, { audit: systemActor })).length }),
      }),
    ),
    { name: 'payment-reference-expiry', kind: 'payment-reference-expiry', run: async () => ({ expired: await expireDueReferences(db) }) },
    {
      name: 'sms-retry',
      kind: 'sms-retry',
      run: async (signal) => deliverDueSms(db, sms, { log, signal: AbortSignal.any([signal, AbortSignal.timeout(SMS_RETRY_BUDGET_MS)]) }),
    },
    {
      name: 'sms-reminders',
      kind: 'sms-reminders',
      run: async (signal) => sendDueReminders(db, { sms, brandName: opts.config.brand.brandName, log }, { signal, hours: opts.reminderHours }),
    },
    // The verification jobs of submitted applications, and the decision jobs of those in review, that have none
    // (docs/application.md "Verification", "Decision").
    {
      name: 'application-catch-up',
      kind: 'application-catch-up',
      run: async () => ({ queued: await queueSubmittedApplications(db, schema), decisions: await queueUndecidedApplications(db, schema) }),
    },
    // A fresh decision for borrowers who settled a loan since their last one (docs/credit-policy.md).
    {
      name: 'credit-redecision',
      kind: 'credit-redecision',
      run: async () => {
        const { outboxIds, ...counts } = await redecideSettled({ db, bureau, log });
        if (outboxIds.length > 0) await deliverQueuedSms(db, sms, outboxIds, log);
        return counts;
      },
    },
    // Payouts the provider has not confirmed in time: looked up under their key, settled by the answer (docs/disbursal.md).
    {
      // Payouts and account validations whose answer did not come are asked of their provider.
      name: 'payout-reconcile',
      kind: 'payout-reconcile',
      run: async () => ({
        payouts: await reconcilePendingPayouts({ db, payouts, log, config: opts.config, sms }),
        verifications: await pollPendingVerifications({ db, payouts, log }),
      }),
    },
    // Signed agreements still without their time-stamp: asked of the authority again, oldest first (docs/agreements.md).
    {
      name: 'agreement-timestamp',
      kind: 'agreement-timestamp',
      run: async (signal) => stampPendingAgreements({ db, authority, log }, new Date(), { signal }),
    },
  ];
}

/**
 * Starts this process's part of the scheduled work: installs the schedules
 * and works the queues until stop(). With PRESTA_JOBS=0 (config.jobs false)
 * it does nothing. Throws when the job queue cannot start (database
 * unreachable).
 */
export async function startScheduledWork(opts: ScheduledWorkOptions): Promise<ScheduledWork> {
  const { db, log } = opts;
  if (!opts.config.jobs) {
    log.info('scheduled work is off in this process (PRESTA_JOBS=0)');
    return { stop: async () => {} };
  }
  const worker = thisWorker();
  const jobs = scheduledJobs(opts, await marketTimeZones(db));
  const boss = new PgBoss({
    connectionString: opts.databaseUrl,
    max: opts.poolMax ?? 2,
    schema: opts.queue?.schema ?? opts.config.jobsSchema,
    application_name: 'presta-jobs',
    ...(opts.queue?.cronMonitorIntervalSeconds ? { cronMonitorIntervalSeconds: opts.queue.cronMonitorIntervalSeconds } : {}),
    ...(opts.queue?.cronWorkerIntervalSeconds ? { cronWorkerIntervalSeconds: opts.queue.cronWorkerIntervalSeconds } : {}),
  });
  boss.on('error', (err: Error) => log.error({ err }, 'job queue error'));

  const stopping = new AbortController();
  /** job_runs ids of the runs under way in this process. */
  const running = new Set<number>();
  const pollingIntervalSeconds = opts.queue?.pollingIntervalSeconds ?? 2;
  // pg-boss 10's create_queue (its start creates one too) deadlocks when two processes create queues at
  // the same moment: the start and the installation of queues and schedules run one process at a time.
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${INSTALL_LOCK_KEY})`);
      await boss.start();
      for (const job of jobs) {
        await boss.createQueue(job.name, { name: job.name, policy: 'stately', retryLimit: 0, expireInSeconds: expireInSeconds[job.kind] });
        await boss.schedule(job.name, opts.cron?.[job.kind] ?? defaultCron[job.kind], {}, { tz: job.tz ?? 'UTC' });
      }
      await boss.createQueue(APPLICATION_VERIFICATION_QUEUE, { name: APPLICATION_VERIFICATION_QUEUE, ...applicationQueueOptions });
      await boss.createQueue(CREDIT_DECISION_QUEUE, { name: CREDIT_DECISION_QUEUE, ...applicationQueueOptions });
    });
  } catch (err) {
    await boss.stop({ graceful: false }).catch(() => {});
    throw err;
  }
  const queueWork: QueueWorkOptions = { ...opts, worker, pollingIntervalSeconds, running };
  for (const job of jobs) await workModuleQueue(boss, queueWork, job.name, () => job.run(stopping.signal));
  await workApplicationQueues(boss, queueWork);
  log.info({ worker, jobs: [...jobs.map((j) => j.name), APPLICATION_VERIFICATION_QUEUE, CREDIT_DECISION_QUEUE] }, 'scheduled work started');

  let stopped: Promise<void> | undefined;
  return {
    stop() {
      stopped ??= (async () => {
        const timeout = opts.stopTimeoutMs ?? 10_000;
        stopping.abort();
        await boss.stop({ graceful: true, wait: true, timeout }).catch((err: unknown) => log.error({ err }, 'job queue stop failed'));
        const left = [...running.keys()];
        if (left.length > 0) {
          await markInterrupted(db, left).catch((err: unknown) => log.error({ err }, 'job runs: could not mark interrupted runs'));
        }
        log.info({ worker, interrupted: left.length }, 'scheduled work stopped');
      })();
      return stopped;
    },
  };
}

type QueueWorkOptions = ScheduledWorkOptions & { worker: string; pollingIntervalSeconds: number; running: Set<number> };

/**
 * Works one queue, one job at a time, each run recorded in job_runs (its detail is the job's output too). A
 * scheduled job's queue does not retry; a queue the modules send jobs to retries a run that throws
 * (applicationQueueOptions).
 */
async function workModuleQueue<T extends object>(boss: PgBoss, opts: QueueWorkOptions, queue: string, run: (data: T) => Promise<JobDetail>): Promise<void> {
  const { db, log, worker, running } = opts;
  // Set once work() answers: a first job may run before that.
  const self: { workerId?: string } = {};
  self.workerId = await boss.work<T>(queue, { pollingIntervalSeconds: opts.pollingIntervalSeconds, batchSize: 1 }, async ([queued]) => {
    if (!queued) return;
    let runId: number | undefined;
    const onStart = (id: number) => {
      runId = id;
      running.add(id);
    };
    try {
      return await recordJobRun(db, { job: queue, queueJobId: queued.id, worker, log, onStart }, () => run(queued.data));
    } finally {
      if (runId !== undefined) running.delete(runId);
      // A run that had a job looks again at once: jobs waiting behind it (applications submitted together) do not
      // wait a polling interval each; an empty queue is polled at the interval.
      if (self.workerId !== undefined) boss.notifyWorker(self.workerId);
    }
  });
}

/**
 * The verification of each submitted application (docs/application.md "Verification") and the credit decision of
 * each one verified into in_review ("Decision"). A verifier or a bureau that did not answer throws: the queue runs
 * the job again. SMS are delivered after their commit. An application verified into in_review is decided at once by
 * the same run (a queue poll sooner: the bench's submit-to-answer); the decision's job, sent in the verification's
 * transaction, then finds it decided and skips it, or decides it if that attempt failed.
 */
async function workApplicationQueues(boss: PgBoss, opts: QueueWorkOptions): Promise<void> {
  const { db, log, sms } = opts;
  const kyc = opts.kyc ?? createKycProvider(opts.config, log);
  const bureau = opts.bureau ?? createCreditBureau(opts.config, log);
  const queueSchema = opts.queue?.schema ?? opts.config.jobsSchema;
  await workModuleQueue<VerificationJob>(boss, opts, APPLICATION_VERIFICATION_QUEUE, async ({ applicationId }) => {
    const result = await verifyApplication({ db, kyc, queueSchema }, applicationId);
    if (result.outboxId !== undefined) await deliverQueuedSms(db, sms, [result.outboxId], log);
    const decided = result.outcome === 'in_review' ? await decideNow({ db, bureau, log, sms }, applicationId) : undefined;
    return { applicationId, outcome: result.outcome, ...(decided ? { decision: decided } : {}) };
  });
  await workModuleQueue<CreditDecisionJob>(boss, opts, CREDIT_DECISION_QUEUE, async ({ applicationId }) => {
    const result = await decideApplication({ db, bureau, log }, applicationId);
    if ('outboxId' in result && result.outboxId !== undefined) await deliverQueuedSms(db, sms, [result.outboxId], log);
    return { applicationId, outcome: result.outcome };
  });
}

/** The decision right after verification; a failure (the bureau did not answer) is left to the decision's job. */
async function decideNow(deps: { db: Db; bureau: CreditBureau; log: FastifyBaseLogger; sms: SmsProvider }, applicationId: number): Promise<string> {
  try {
    const run = await decideApplication(deps, applicationId);
    if ('outboxId' in run && run.outboxId !== undefined) await deliverQueuedSms(deps.db, deps.sms, [run.outboxId], deps.log);
    return run.outcome;
  } catch (err) {
    deps.log.warn({ err, applicationId }, 'credit decision after verification failed; its queued job retries');
    return 'queued';
  }
}

import os from 'node:os';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/database';
import { jobRuns } from '../../db/schema';
import { jobDuration, jobRunsTotal } from '../../lib/metrics';

/*
 * job_runs: one row per run of a scheduled job (`npm run ops -- jobs`), written
 * only here: 'running' when it starts, then 'succeeded' with what it did
 * (counts) or 'failed' with the error's name and message; and the metrics
 * presta_job_runs_total{job, outcome} and presta_job_duration_seconds{job}.
 */

export type JobDetail = Record<string, unknown>;
export type JobRun = typeof jobRuns.$inferSelect;

/** This process, as job_runs.worker names it. */
export const thisWorker = (): string => `${os.hostname()}:${process.pid}`;

/** What a failed run records: never more than the error's name and message. */
function failureDetail(err: unknown): JobDetail {
  if (err instanceof Error) return { error: err.name, message: err.message.slice(0, 500) };
  return { error: 'unknown' };
}

/**
 * Runs `work` as one run of `job`: its row, metrics and log line. Returns what
 * the work returned; a failure is recorded and thrown again (the job queue
 * records it too). `onStart` learns the row's id (to mark it if the process
 * stops before the work ends).
 */
export async function recordJobRun<T extends JobDetail>(
  db: DbOrTx,
  run: { job: string; queueJobId?: string; worker?: string; log?: FastifyBaseLogger; onStart?: (runId: number) => void },
  work: () => Promise<T>,
): Promise<T> {
  const [row] = await db
    .insert(jobRuns)
    .values({ job: run.job, queueJobId: run.queueJobId ?? null, worker: run.worker ?? thisWorker() })
    .returning({ id: jobRuns.id, startedAt: jobRuns.startedAt });
  const runId = row!.id;
  run.onStart?.(runId);
  const stopTimer = jobDuration.startTimer({ job: run.job });
  const finish = (outcome: 'succeeded' | 'failed', detail: JobDetail) =>
    db
      .update(jobRuns)
      .set({ outcome, detail, finishedAt: sql`now()` })
      .where(and(eq(jobRuns.id, runId), eq(jobRuns.outcome, 'running')));
  try {
    const detail = await work();
    const seconds = stopTimer();
    await finish('succeeded', detail);
    jobRunsTotal.inc({ job: run.job, outcome: 'succeeded' });
    run.log?.info({ job: run.job, runId, durationMs: Math.round(seconds * 1000), detail }, 'job run succeeded');
    return detail;
  } catch (err) {
    const seconds = stopTimer();
    jobRunsTotal.inc({ job: run.job, outcome: 'failed' });
    run.log?.error({ job: run.job, runId, durationMs: Math.round(seconds * 1000), err }, 'job run failed');
    await finish('failed', failureDetail(err)).catch(() => {});
    throw err;
  }
}

/** Runs still 'running' when their process stops: failed, so no row claims to run forever. */
export async function markInterrupted(db: DbOrTx, runIds: readonly number[]): Promise<void> {
  if (runIds.length === 0) return;
  await db
    .update(jobRuns)
    .set({ outcome: 'failed', detail: { error: 'interrupted', message: 'the process stopped before the run ended' }, finishedAt: sql`now()` })
    .where(and(inArray(jobRuns.id, [...runIds]), eq(jobRuns.outcome, 'running')));
}

/** The latest runs, newest first. */
export async function recentJobRuns(db: DbOrTx, limit = 20): Promise<JobRun[]> {
  return db.select().from(jobRuns).orderBy(desc(jobRuns.startedAt), desc(jobRuns.id)).limit(limit);
}

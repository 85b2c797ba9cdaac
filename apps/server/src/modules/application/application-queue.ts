import { and, eq, lt, sql, type SQL } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { Db, DbOrTx } from '../../db/database';
import { creditApplications } from '../../db/schema';

/*
 * The verification job's queue (docs/application.md "Submit"): a submitted application is verified by a pg-boss job
 * whose payload is the application's id only. The job is sent inside the submit's own transaction (pg-boss's `db`
 * option), so an application is never submitted without its job, nor a job sent for a submit that rolled back. The
 * scheduled work (modules/jobs) creates the queue and works it; a submit made before any process had created it,
 * or whose job gave up, is sent again by the catch-up every 5 minutes (queueSubmittedApplications).
 *
 * The credit decision's queue (issue 35, docs/application.md "Decision") works the same way: its job is sent in the
 * verification's transaction when an application reaches in_review (queueCreditDecision), and the catch-up sends
 * it again for an application in_review longer than CATCH_UP_AFTER_MS (queueUndecidedApplications).
 */

export const APPLICATION_VERIFICATION_QUEUE = 'application-verification';
export const CREDIT_DECISION_QUEUE = 'credit-decision';
/** pg-boss's schema: the scheduled work's default (tests of the scheduled work may use another). */
const QUEUE_SCHEMA = 'pgboss';

/** The queue's settings: a verifier that did not answer is asked again, 30 s later and doubling, for about a day. */
export const applicationQueueOptions = {
  // 'short': at most one job waiting per singleton key (the application), so a second send is dropped.
  policy: 'short' as const,
  retryLimit: 12,
  retryDelay: 30,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
};

export type VerificationJob = { applicationId: number };
/** The credit decision's job: the application's id only (decideApplication reads the rest). */
export type CreditDecisionJob = { applicationId: number };

/** pg-boss's SQL ($1, $2, … parameters) run on a drizzle transaction: what its `db` option takes. */
function executorOf(tx: DbOrTx) {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const parts = text.split(/\$(\d+)/);
      const chunks: SQL[] = parts.map((part, i) => {
        if (i % 2 === 0) return sql.raw(part);
        const value = values[Number(part) - 1];
        return sql`${value === undefined ? null : typeof value === 'object' && value !== null ? JSON.stringify(value) : value}`;
      });
      const rows = await tx.execute(sql.join(chunks));
      return { rows: [...rows] };
    },
  };
}

// Never started: they only write jobs through the caller's transaction (the `db` of each send).
const senders = new Map<string, PgBoss>();
const senderFor = (schema: string) => {
  let sender = senders.get(schema);
  if (!sender) {
    sender = new PgBoss({ db: { executeSql: () => Promise.reject(new Error('send with a transaction')) }, schema });
    senders.set(schema, sender);
  }
  return sender;
};

/** Whether pg-boss has made the queue in this database (a process has started the scheduled work). */
async function queueInstalled(tx: DbOrTx, schema: string): Promise<boolean> {
  const [row] = await tx.execute<{ ok: boolean }>(sql`select to_regclass(${`${schema}.queue`}) is not null as ok`);
  return row?.ok === true;
}

/** Sends the verification job of an application, in the caller's transaction. */
export async function queueVerification(tx: DbOrTx, applicationId: number, schema = QUEUE_SCHEMA): Promise<void> {
  if (!(await queueInstalled(tx, schema))) return;
  const job: VerificationJob = { applicationId };
  await senderFor(schema).send(APPLICATION_VERIFICATION_QUEUE, job, { db: executorOf(tx), singletonKey: `application-${applicationId}` });
}

/** Sends the credit decision's job of an application in_review, in the caller's transaction. */
export async function queueCreditDecision(tx: DbOrTx, applicationId: number, schema = QUEUE_SCHEMA): Promise<void> {
  if (!(await queueInstalled(tx, schema))) return;
  const job: CreditDecisionJob = { applicationId };
  await senderFor(schema).send(CREDIT_DECISION_QUEUE, job, { db: executorOf(tx), singletonKey: `decision-${applicationId}` });
}

/** How long a submitted application waits for its job before the catch-up sends it one. */
export const CATCH_UP_AFTER_MS = 2 * 60_000;

/**
 * Sends the job of every application submitted more than CATCH_UP_AFTER_MS ago and still submitted: one sent
 * before any process had made the queue, or whose job gave up (its retries spent). A job already waiting is kept.
 */
export async function queueSubmittedApplications(db: Db, schema = QUEUE_SCHEMA, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - CATCH_UP_AFTER_MS);
  const rows = await db
    .select({ id: creditApplications.id })
    .from(creditApplications)
    .where(and(eq(creditApplications.status, 'submitted'), lt(creditApplications.submittedAt, before)));
  for (const row of rows) await db.transaction((tx) => queueVerification(tx, row.id, schema));
  return rows.length;
}

/**
 * Sends the decision's job of every application in_review for more than CATCH_UP_AFTER_MS (a decision moves it on):
 * one verified before any process had made the queue, or whose job gave up. A job already waiting is kept.
 */
export async function queueUndecidedApplications(db: Db, schema = QUEUE_SCHEMA, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - CATCH_UP_AFTER_MS);
  const rows = await db
    .select({ id: creditApplications.id })
    .from(creditApplications)
    .where(and(eq(creditApplications.status, 'in_review'), lt(creditApplications.updatedAt, before)));
  for (const row of rows) await db.transaction((tx) => queueCreditDecision(tx, row.id, schema));
  return rows.length;
}

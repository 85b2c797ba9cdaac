import { and, asc, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { editableStatuses, openApplicationStatuses, type ApplicationStatus, type ApplicationStep, type ConsentKind } from '@presta/contract/application-rules';
import { errorCodes } from '@presta/contract/error-codes';
import type { MarketCode } from '@presta/contract/markets';
import type { DbOrTx } from '../../db/database';
import { borrowers, creditApplicationConsents, creditApplicationHistory, creditApplications, kycChecks, type StepAnswers } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { MessageKey } from '../../i18n/messages';
import { translate } from '../../i18n/messages';
import { outboxSmsSender } from '../sms/sms-sender';
import type { KycCheckResult } from './kyc/kyc-provider';

/*
 * The one writer of credit_applications, credit_application_history, credit_application_consents and kyc_checks
 * (issue 34, docs/application.md). Every function takes the caller's transaction: a step, a state change and its
 * history row and SMS are stored together or not at all. Documents are written by application-documents.ts.
 */

export type ApplicationRow = typeof creditApplications.$inferSelect;
export type ConsentRow = typeof creditApplicationConsents.$inferSelect;

/** The states of the borrower's one open application (the unique index credit_applications_one_open_uq). */
const openStatuses = [...openApplicationStatuses];

/** The borrower's open application (undefined: none); `lock` takes its row for the transaction. */
export async function openApplication(tx: DbOrTx, borrowerId: number, opts: { lock?: boolean } = {}): Promise<ApplicationRow | undefined> {
  const query = tx
    .select()
    .from(creditApplications)
    .where(and(eq(creditApplications.borrowerId, borrowerId), inArray(creditApplications.status, openStatuses)))
    .orderBy(desc(creditApplications.id))
    .limit(1);
  const [row] = opts.lock ? await query.for('update') : await query;
  return row;
}

/** The borrower's newest application, open or decided (undefined: none): home shows it. */
export async function newestApplication(tx: DbOrTx, borrowerId: number): Promise<ApplicationRow | undefined> {
  const open = await openApplication(tx, borrowerId);
  if (open) return open;
  const [row] = await tx
    .select()
    .from(creditApplications)
    .where(and(eq(creditApplications.borrowerId, borrowerId), inArray(creditApplications.status, ['approved', 'declined'])))
    .orderBy(desc(creditApplications.id))
    .limit(1);
  return row;
}

/** The first day the borrower may start a new application, by their newest decline (null: no wait). */
export async function reapplyDay(tx: DbOrTx, borrowerId: number): Promise<{ day: string; market: MarketCode } | null> {
  const [row] = await tx
    .select({ day: creditApplications.reapplyAfter, market: creditApplications.market })
    .from(creditApplications)
    .where(and(eq(creditApplications.borrowerId, borrowerId), eq(creditApplications.status, 'declined')))
    .orderBy(desc(creditApplications.id))
    .limit(1);
  return row?.day ? { day: row.day, market: row.market } : null;
}

/** 409 when the answers may no longer change (submitted, in review). */
export function assertEditable(row: ApplicationRow): void {
  if (!editableStatuses.includes(row.status)) throw new AppError(409, errorCodes.applicationClosed, 'applicationNotEditable');
}

/** Marks the application changed (updated_at): every write of a step, a document or a consent. */
export async function touch(tx: DbOrTx, applicationId: number, now: Date): Promise<void> {
  await tx.update(creditApplications).set({ updatedAt: now }).where(eq(creditApplications.id, applicationId));
}

/** 'AP' and the id in 10 digits. */
const applicationNumber = (id: number) => `AP${String(id).padStart(10, '0')}`;

/** A new draft in `market`, with its first history row (the borrower opened it). */
export async function createApplication(tx: DbOrTx, borrowerId: number, market: MarketCode, now: Date): Promise<ApplicationRow> {
  const [next] = await tx.execute<{ id: string }>(sql`select nextval(pg_get_serial_sequence('credit_applications', 'id')) as id`);
  const id = Number(next!.id);
  const [row] = await tx
    .insert(creditApplications)
    .values({ id, applicationNo: applicationNumber(id), borrowerId, market, createdAt: now, updatedAt: now })
    .returning();
  await tx.insert(creditApplicationHistory).values({ applicationId: id, fromStatus: null, toStatus: 'draft', actor: 'borrower', at: now });
  return row!;
}

/** The identity keys read out of a completed identity (null: not completed). */
export type IdentityKeys = Pick<ApplicationRow, 'curp' | 'pan' | 'birthDate' | 'nameKey'>;
const noKeys: IdentityKeys = { curp: null, pan: null, birthDate: null, nameKey: null };

/**
 * A step's answers as saved. `completed` true: the step was checked (its completion time set, identity keys and
 * the Aadhaar's last four and reference with it); false: kept as typed, the step no longer complete.
 */
export async function saveStep(
  tx: DbOrTx,
  row: ApplicationRow,
  step: 'identity' | 'address' | 'work',
  input: { answers: StepAnswers; completed: boolean; now: Date; market?: MarketCode; keys?: IdentityKeys; aadhaar?: { last4: string; reference: string } },
): Promise<ApplicationRow> {
  const at = input.completed ? input.now : null;
  const set =
    step === 'identity'
      ? {
          identity: input.answers,
          identityCompletedAt: at,
          ...(input.completed ? (input.keys ?? noKeys) : noKeys),
          ...(input.market ? { market: input.market } : {}),
          ...(input.aadhaar ? { aadhaarLast4: input.aadhaar.last4, aadhaarReference: input.aadhaar.reference } : {}),
        }
      : step === 'address'
        ? { address: input.answers, addressCompletedAt: at }
        : { work: input.answers, workCompletedAt: at };
  const [saved] = await tx
    .update(creditApplications)
    .set({ ...set, updatedAt: input.now })
    .where(eq(creditApplications.id, row.id))
    .returning();
  return saved!;
}

/** The consents in force (not superseded), by kind. */
export async function currentConsents(tx: DbOrTx, applicationId: number): Promise<ConsentRow[]> {
  return tx
    .select()
    .from(creditApplicationConsents)
    .where(and(eq(creditApplicationConsents.applicationId, applicationId), isNull(creditApplicationConsents.supersededAt)));
}

/** A signing: the consents in force are superseded, each new one recorded with its version, time, address and device. */
export async function recordConsents(
  tx: DbOrTx,
  applicationId: number,
  consents: { kind: ConsentKind; version: string; granted: boolean }[],
  signed: { clientIp: string; device: string; codeId: number; now: Date },
): Promise<void> {
  await tx
    .update(creditApplicationConsents)
    .set({ supersededAt: signed.now })
    .where(and(eq(creditApplicationConsents.applicationId, applicationId), isNull(creditApplicationConsents.supersededAt)));
  await tx.insert(creditApplicationConsents).values(
    consents.map((c) => ({ applicationId, ...c, clientIp: signed.clientIp, device: signed.device, codeId: signed.codeId, at: signed.now })),
  );
  await touch(tx, applicationId, signed.now);
}

/** The bureau authorisation in force: granted and not superseded (undefined: none; the bureau is not asked). */
export async function bureauConsentInForce(tx: DbOrTx, applicationId: number): Promise<ConsentRow | undefined> {
  const consents = await currentConsents(tx, applicationId);
  return consents.find((c) => c.kind === 'bureau' && c.granted);
}

export type KycCheckRow = typeof kycChecks.$inferSelect;

/** The verifier's answers of the application's last submission (its rows share one time); [] before any. */
export async function lastKycChecks(tx: DbOrTx, applicationId: number): Promise<KycCheckRow[]> {
  const rows = await tx.select().from(kycChecks).where(eq(kycChecks.applicationId, applicationId)).orderBy(desc(kycChecks.at), asc(kycChecks.id));
  const last = rows[0]?.at.getTime();
  return rows.filter((r) => r.at.getTime() === last);
}

/** The verifier's answers of one submission, each a row. */
export async function recordKycChecks(tx: DbOrTx, applicationId: number, results: KycCheckResult[], now: Date): Promise<void> {
  if (results.length === 0) return;
  await tx.insert(kycChecks).values(
    results.map((r) => ({
      applicationId,
      check: r.check,
      outcome: r.outcome,
      score: r.score,
      provider: r.provider,
      reference: r.reference,
      detail: r.detail,
      at: now,
    })),
  );
}

/** The SMS text of each state the borrower is told about. */
const stateSms: Partial<Record<ApplicationStatus, MessageKey>> = {
  submitted: 'applicationSmsSubmitted',
  returned: 'applicationSmsReturned',
  in_review: 'applicationSmsInReview',
  approved: 'applicationSmsApproved',
  referred: 'applicationSmsReferred',
  declined: 'applicationSmsDeclined',
};

/** The states a credit decision moves an application to (issue 35). */
const decidedStatuses: readonly ApplicationStatus[] = ['referred', 'approved', 'declined'];

export type StateChange = {
  to: ApplicationStatus;
  /** 'borrower', 'job:<name>' or 'staff:<id>'. */
  actor: string;
  now: Date;
  problems?: { step: ApplicationStep; reason: MessageKey }[];
  flags?: ApplicationRow['flags'];
  /** A credit decision's (to referred, approved, declined): a decline's reasons (creditReasons codes) and reapply day. */
  decision?: { reasons: string[]; reapplyAfter: string | null };
};

/**
 * Moves the application to `to`: its row, a history row, and an SMS to the borrower in their language (queued in the
 * outbox; `outboxId` is what the caller delivers after the commit). A submit clears the problems of a return; a
 * credit decision (referred, approved, declined) writes when it was made, a decline's reasons and its reapply day.
 */
export async function changeState(tx: DbOrTx, row: ApplicationRow, change: StateChange): Promise<{ row: ApplicationRow; outboxId: number | undefined }> {
  const { to, now } = change;
  const [moved] = await tx
    .update(creditApplications)
    .set({
      status: to,
      updatedAt: now,
      ...(to === 'submitted' ? { submittedAt: now, problems: [] } : {}),
      ...(change.problems ? { problems: change.problems } : {}),
      ...(change.flags ? { flags: change.flags } : {}),
      ...(decidedStatuses.includes(to)
        ? { decidedAt: now, decisionReasons: change.decision?.reasons ?? [], reapplyAfter: change.decision?.reapplyAfter ?? null }
        : {}),
    })
    .where(eq(creditApplications.id, row.id))
    .returning();
  await tx.insert(creditApplicationHistory).values({ applicationId: row.id, fromStatus: row.status, toStatus: to, actor: change.actor, at: now });
  const key = stateSms[to];
  let outboxId: number | undefined;
  if (key) {
    const [borrower] = await tx.select({ phone: borrowers.phone, language: borrowers.language }).from(borrowers).where(eq(borrowers.id, row.borrowerId));
    if (borrower) {
      const body = translate(borrower.language, key, { applicationNo: row.applicationNo });
      outboxId = await outboxSmsSender.send(tx, { phone: borrower.phone, purpose: 'application_status', body });
    }
  }
  return { row: moved!, outboxId };
}

/** An application by id, locked (the verification job). */
export async function lockApplication(tx: DbOrTx, applicationId: number): Promise<ApplicationRow | undefined> {
  const [row] = await tx.select().from(creditApplications).where(eq(creditApplications.id, applicationId)).for('update');
  return row;
}

/** The newest other applications named per kind of match (a reviewer searches the console for more). */
const MAX_FLAGS_PER_MATCH = 10;

/**
 * The other borrowers' applications with the same identity as `row`: the same CURP (Mexico), the same PAN, or the
 * same Aadhaar last four with the same name and birth date (India). What matched is named, never the number.
 */
export async function sameIdentityElsewhere(tx: DbOrTx, row: ApplicationRow): Promise<ApplicationRow['flags']> {
  const matches: { detail: string; where: SQL | undefined }[] = [
    { detail: 'curp', where: row.curp ? eq(creditApplications.curp, row.curp) : undefined },
    { detail: 'pan', where: row.pan ? eq(creditApplications.pan, row.pan) : undefined },
    {
      detail: 'aadhaar_name_birth_date',
      where:
        row.aadhaarLast4 && row.birthDate && row.nameKey
          ? and(eq(creditApplications.aadhaarLast4, row.aadhaarLast4), eq(creditApplications.birthDate, row.birthDate), eq(creditApplications.nameKey, row.nameKey))
          : undefined,
    },
  ];
  const flags: ApplicationRow['flags'] = [];
  for (const match of matches) {
    if (!match.where) continue;
    const others = await tx
      .select({ applicationNo: creditApplications.applicationNo })
      .from(creditApplications)
      .where(and(match.where, ne(creditApplications.borrowerId, row.borrowerId)))
      .orderBy(desc(creditApplications.id))
      .limit(MAX_FLAGS_PER_MATCH);
    for (const other of others) flags.push({ kind: 'duplicate_identity', detail: match.detail, otherApplicationNo: other.applicationNo });
  }
  return flags;
}

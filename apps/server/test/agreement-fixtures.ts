import { randomInt } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, desc, eq, like, sql } from 'drizzle-orm';
import { agreementPrepare, agreementSign } from '@presta/contract/api/agreement';
import type { App } from '../src/app';
import type { Db } from '../src/db/database';
import type { Language } from '@presta/contract/language';
import { borrowers, keyFactsStatements, products, sessions, smsOutbox } from '../src/db/schema';
import { demoAgreementOnCreate, signDemoAgreement } from '../src/modules/demo/demo-agreement';
import { issueAcknowledgedKeyFacts, linkKeyFacts } from '../src/modules/loan/key-facts-service';
import { createOrder, type CreateOrderInput, type CreateOrderResult } from '../src/modules/orders/order-service';
import { hashSessionId } from '../src/modules/session/session-service';
import { LocalTimestampAuthority } from '../src/modules/agreements/timestamp/local-authority';
import { TimestampUnavailable, type TimestampAuthority } from '../src/modules/agreements/timestamp/timestamp-authority';
import { dataOf, injectAs } from './helpers';

/*
 * The signed agreement in tests (issue 38): a borrower signs the agreement of the figures they submit, through the
 * borrower's calls (agreement-prepare, the code read from the SMS outbox, agreement-sign), before loan-detail-push.
 */

export const agreementPaths = {
  prepare: '/v3/loan-confirm/agreement-prepare',
  sign: '/v3/loan-confirm/agreement-sign',
  pdf: (agreementNo: string) => `/api/agreements/${agreementNo}.pdf`,
} as const;

export type AgreementFigures = { productId: string | number; amount: number; periods: number; termUnit: number; proposalNo?: string };

/** The phone of a session's borrower. */
export async function phoneOfSession(db: Db, sessionId: string): Promise<string> {
  const [row] = await db
    .select({ phone: borrowers.phone })
    .from(sessions)
    .innerJoin(borrowers, eq(borrowers.id, sessions.borrowerId))
    .where(eq(sessions.idHash, hashSessionId(sessionId)));
  if (!row) throw new Error('no such session');
  return row.phone;
}

/** Moves the phone's signing codes back in time: the next one is not "too soon" (60 s) without waiting. */
export async function ageAgreementCodes(db: Db, phone: string, seconds = 61): Promise<void> {
  await db.execute(
    sql`update verification_codes set created_at = created_at - make_interval(secs => ${seconds}) where phone = ${phone} and purpose = 'agreement_signature'`,
  );
}

/** The latest signing code sent for a document (its SMS names the hash's tail). */
export async function agreementCode(db: Db, hashTail: string): Promise<{ code: string; body: string }> {
  const [sms] = await db
    .select({ body: smsOutbox.body })
    .from(smsOutbox)
    .where(and(eq(smsOutbox.purpose, 'agreement_signature_code'), like(smsOutbox.body, `%${hashTail}%`)))
    .orderBy(desc(smsOutbox.id))
    .limit(1);
  const code = /\b(\d{6})\b/.exec(sms?.body ?? '')?.[1];
  if (!code || !sms) throw new Error(`no signing code sent for …${hashTail}`);
  return { code, body: sms.body };
}

/**
 * A client address of its own for each code asked for: every file of a run shares one database, and a code asked
 * from app.inject's 127.0.0.1 each time would meet the 30 a day per address (decision 025).
 */
const codeAddress = () => `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

/** agreement-prepare for these figures (its codes aged first, so a test may prepare again at once). */
export async function prepareAgreement(app: App, sessionId: string, figures: AgreementFigures, query: Record<string, string> = {}) {
  await ageAgreementCodes(app.db, await phoneOfSession(app.db, sessionId));
  const res = await injectAs(app, sessionId, { url: agreementPaths.prepare, payload: figures, query, remoteAddress: codeAddress() });
  if (res.statusCode !== 200) throw new Error(`agreement-prepare answered ${res.statusCode}: ${res.body}`);
  return dataOf(res, agreementPrepare);
}

/** Prepares and signs the agreement of these figures: its number, for loan-detail-push's agreementNo. */
export async function signAgreement(app: App, sessionId: string, figures: AgreementFigures): Promise<string> {
  const prepared = await prepareAgreement(app, sessionId, figures);
  const { code } = await agreementCode(app.db, prepared.hashTail);
  const res = await injectAs(app, sessionId, { url: agreementPaths.sign, payload: { agreementNo: prepared.agreementNo, code } });
  if (res.statusCode !== 200) throw new Error(`agreement-sign answered ${res.statusCode}: ${res.body}`);
  return dataOf(res, agreementSign).agreementNo;
}

/** The submission's payload with the agreement of its figures signed first. */
export async function signedPayload<F extends AgreementFigures>(app: App, sessionId: string, figures: F): Promise<F & { agreementNo: string }> {
  return { ...figures, agreementNo: await signAgreement(app, sessionId, figures) };
}

/**
 * createOrder for a borrower who signed the agreement of its figures first, through the signing services (as the
 * demo does: its code read from the outbox), on the order's own day (`now`). India: the KFS acknowledged first.
 */
export async function createSignedOrder(db: Db, input: CreateOrderInput & { lang?: Language }): Promise<CreateOrderResult> {
  const now = input.now ?? new Date();
  const lang = input.lang ?? 'es';
  const [product] = await db.select().from(products).where(eq(products.id, input.productId));
  if (!product) throw new Error('unknown product');
  const [borrower] = await db.select({ phone: borrowers.phone }).from(borrowers).where(eq(borrowers.id, input.borrowerId));
  await ageAgreementCodes(db, borrower!.phone);
  const kfs = await issueAcknowledgedKeyFacts(db, { borrowerId: input.borrowerId, product, amount: input.amount, periods: input.periods, couponAmount: 0, now, lang });
  const terms = { borrowerId: input.borrowerId, productId: input.productId, amount: input.amount, periods: input.periods, termUnit: input.termUnit ?? product.termUnitDays, proposalNo: kfs?.proposalNo, lang, now };
  const agreementNo = await signDemoAgreement(db, terms);
  const created = await createOrder(db, { ...input, onCreated: demoAgreementOnCreate(agreementNo, terms) });
  if (kfs) {
    const [row] = await db.select({ id: keyFactsStatements.id }).from(keyFactsStatements).where(eq(keyFactsStatements.proposalNo, kfs.proposalNo));
    await linkKeyFacts(db, row!.id, created.orderId);
  }
  return created;
}

/** The local authority, which a test can take down (TimestampUnavailable: a time-stamp stays pending) and bring back. */
export class SwitchableAuthority implements TimestampAuthority {
  readonly id = 'local' as const;
  down = false;
  constructor(private readonly real: LocalTimestampAuthority) {}
  async stamp(sha256: Buffer) {
    if (this.down) throw new TimestampUnavailable('test: the authority is down');
    return this.real.stamp(sha256);
  }
  chainPem() {
    return this.real.chainPem();
  }
}

/** A switchable local authority with its own key and certificate in a new temporary directory. */
export const switchableAuthority = () => new SwitchableAuthority(new LocalTimestampAuthority({ dataDir: mkdtempSync(path.join(tmpdir(), 'presta-tsa-')) }));

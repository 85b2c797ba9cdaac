import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aadhaarFor } from '@presta/contract/identity/aadhaar';
import { curpFor } from '@presta/contract/identity/curp';
import { panFor } from '@presta/contract/identity/pan';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { applicationConsents, applicationSubmit, creditApplication } from '@presta/contract/api/application';
import { consentVersion } from '@presta/contract/application-consents';
import type { MarketCode } from '@presta/contract/markets';
import { auditEvents, creditApplicationConsents, creditApplicationHistory, kycChecks, smsOutbox, verificationCodes } from '../src/db/schema';
import { verifyApplication } from '../src/modules/application/application-verification';
import { createKycProvider, KycUnavailable, type KycProvider } from '../src/modules/application/kyc/kyc-provider';
import { answerOf, buildTestApp, injectAs, wrapper, type TestApp } from './helpers';
import {
  addressPayload,
  applicant,
  applicationRow,
  call,
  completeApplication,
  identityPayload,
  lastCode,
  nextIp,
  paths,
  signConsents,
  storeDocuments,
  workPayload,
} from './application-fixtures';

/*
 * Consents, submit and the verification job (issue 34, docs/application.md): the consents signed with an SMS code
 * (wrong code, stale text, bureau withheld), submit refused until every step is complete, then submitted at once;
 * the job's outcome per sandbox identity (in_review, returned with what to correct), its checks stored, the same
 * identity under another borrower flagged, an SMS queued on each change.
 */

let t: TestApp;
let kyc: KycProvider;
beforeAll(async () => {
  t = await buildTestApp();
  kyc = createKycProvider(t.config, t.app.log);
});
afterAll(async () => {
  await t.close();
});

const readApplication = async (sessionId: string, lang: 'es' | 'en' = 'es') =>
  answerOf(await call(t.app, sessionId, paths.application, {}, lang), creditApplication).data.application!;

/** A borrower with the identity, address and work steps complete and the documents stored. */
async function readyForConsents(market: MarketCode) {
  const who = await applicant(t.db);
  await call(t.app, who.sessionId, paths.identity, { ...identityPayload(market), final: 1 });
  await call(t.app, who.sessionId, paths.address, { ...addressPayload[market], final: 1 });
  await call(t.app, who.sessionId, paths.work, { ...workPayload, final: 1 });
  const { applicationNo } = await readApplication(who.sessionId);
  await storeDocuments(t.db, applicationNo);
  return { ...who, applicationNo };
}

const versions = (market: MarketCode) => ({
  bureauVersion: consentVersion(market, 'bureau'),
  privacyVersion: consentVersion(market, 'privacy'),
  dataUseVersion: consentVersion(market, 'data_use'),
});

describe('consents', () => {
  it('a wrong code signs nothing; a stale text is refused with 409; privacy is required', async () => {
    const who = await readyForConsents('MX');
    const sent = await injectAs(t.app, who.sessionId, { url: paths.consentCode, remoteAddress: nextIp(), query: { language: '1' } });
    expect(sent.statusCode).toBe(200);
    const [sms] = await t.db.select().from(smsOutbox).where(eq(smsOutbox.phone, who.borrower.phone)).orderBy(desc(smsOutbox.id)).limit(1);
    expect(sms?.purpose).toBe('application_consent_code');
    const code = await lastCode(t.db, who.borrower.phone);
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const sign = (payload: Record<string, string | number>, lang: 'es' | 'en' = 'en') =>
      call(t.app, who.sessionId, paths.consents, { bureau: 1, privacy: 1, dataUse: 1, ...versions('MX'), code, ...payload }, lang);

    const wrong = await sign({ code: wrongCode });
    expect(wrong.statusCode).toBe(400);
    expect(wrapper(wrong).code).toBe('400002');
    const stale = await sign({ privacyVersion: 'MX-privacy-2020-01' });
    expect(stale.statusCode).toBe(409);
    expect(wrapper(stale)).toMatchObject({ code: '409007', message: 'The text of “Privacy notice” has changed. Read it again and sign again.' });
    const noPrivacy = await sign({ privacy: 0 }, 'es');
    expect(noPrivacy.statusCode).toBe(400);
    expect(wrapper(noPrivacy).message).toBe('Para continuar necesitamos que acepte el aviso de privacidad.');
    const app0 = await applicationRow(t.db, who.applicationNo);
    expect(await t.db.select().from(creditApplicationConsents).where(eq(creditApplicationConsents.applicationId, app0.id))).toHaveLength(0);
    expect((await readApplication(who.sessionId)).completed.consents).toBe(false);

    // The right code (one wrong try counted): signed, each consent recorded with version, address and device.
    const ok = await sign({});
    expect(ok.statusCode).toBe(200);
    const view = answerOf(ok, applicationConsents).data.application;
    expect(view.completed.consents).toBe(true);
    expect(view.consents.map((c) => [c.kind, c.granted, c.version])).toEqual(
      expect.arrayContaining([
        ['bureau', true, versions('MX').bureauVersion],
        ['privacy', true, versions('MX').privacyVersion],
        ['data_use', true, versions('MX').dataUseVersion],
      ]),
    );
    const app = await applicationRow(t.db, who.applicationNo);
    const recorded = await t.db.select().from(creditApplicationConsents).where(eq(creditApplicationConsents.applicationId, app.id));
    expect(recorded).toHaveLength(3);
    for (const r of recorded) {
      expect(r.clientIp).toBe('127.0.0.1');
      expect(r.codeId).toBeGreaterThan(0);
      expect(r.supersededAt).toBeNull();
    }
    // The code is used up.
    expect((await sign({})).statusCode).toBe(400);
  });

  it('bureau withheld: saved, but submit refuses; signing again with it supersedes the earlier rows', async () => {
    const who = await readyForConsents('IN');
    const withheld = await signConsents(t.app, t.db, who, 'IN', { bureau: 0 });
    expect(withheld.statusCode).toBe(200);
    expect(answerOf(withheld, applicationConsents).data.application.consents.find((c) => c.kind === 'bureau')?.granted).toBe(false);
    const refused = await call(t.app, who.sessionId, paths.submit, {}, 'en');
    expect(refused.statusCode).toBe(400);
    expect(wrapper(refused).message).toBe('To send your application we need your consent to fetch your credit information.');
    // Another code needs 60 s: the earlier code is moved back in time for the test.
    await t.db.update(verificationCodes).set({ createdAt: sql`${verificationCodes.createdAt} - interval '2 minutes'` }).where(eq(verificationCodes.phone, who.borrower.phone));
    const granted = await signConsents(t.app, t.db, who, 'IN', { bureau: 1 });
    expect(granted.statusCode).toBe(200);
    const app = await applicationRow(t.db, who.applicationNo);
    const all = await t.db.select().from(creditApplicationConsents).where(eq(creditApplicationConsents.applicationId, app.id));
    expect(all).toHaveLength(6);
    expect(all.filter((r) => r.supersededAt === null).every((r) => r.granted)).toBe(true);
    const submitted = await call(t.app, who.sessionId, paths.submit);
    expect(submitted.statusCode).toBe(200);
  });
});

describe('submit', () => {
  it('names what is missing, in the page’s language', async () => {
    const who = await applicant(t.db);
    await call(t.app, who.sessionId, paths.identity, { ...identityPayload('MX'), final: 1 });
    const es = await call(t.app, who.sessionId, paths.submit, {}, 'es');
    expect(es.statusCode).toBe(400);
    expect(wrapper(es).message).toBe('Falta completar: domicilio, trabajo e ingresos, documentos, autorizaciones.');
    const en = await call(t.app, who.sessionId, paths.submit, {}, 'en');
    expect(wrapper(en).message).toBe('Still to complete: address, work and income, documents, consents.');
  });

  it('a missing document keeps the documents step open', async () => {
    const who = await applicant(t.db);
    await call(t.app, who.sessionId, paths.identity, { ...identityPayload('MX'), final: 1 });
    const { applicationNo } = await readApplication(who.sessionId);
    await storeDocuments(t.db, applicationNo, ['ine_front', 'selfie']);
    const view = await readApplication(who.sessionId);
    expect(view.completed.documents).toBe(false);
    expect(view.documents.map((d) => d.url)).toEqual(expect.arrayContaining(['/v3/certify/document-image?kind=ine_front']));
  });

  it('answers submitted at once, with history and an SMS; the answers can no longer change', async () => {
    const who = await completeApplication(t.app, t.db, 'MX', { language: 'en' });
    const res = await call(t.app, who.sessionId, paths.submit, {}, 'en');
    const view = answerOf(res, applicationSubmit).data.application;
    expect(view).toMatchObject({ status: 'submitted', editable: false, statusText: 'Application sent: we are verifying your identity', nextStep: null });
    expect(view.submittedAt).not.toBeNull();
    const row = await applicationRow(t.db, who.applicationNo);
    const history = await t.db.select().from(creditApplicationHistory).where(eq(creditApplicationHistory.applicationId, row.id)).orderBy(asc(creditApplicationHistory.id));
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.actor])).toEqual([
      [null, 'draft', 'borrower'],
      ['draft', 'submitted', 'borrower'],
    ]);
    const [sms] = await t.db.select().from(smsOutbox).where(and(eq(smsOutbox.phone, who.borrower.phone), eq(smsOutbox.purpose, 'application_status')));
    expect(sms?.body).toBe(`Presta: we received your application ${who.applicationNo}. We are verifying your identity and will tell you by SMS.`);
    const edit = await call(t.app, who.sessionId, paths.work, { ...workPayload, final: 0 }, 'en');
    expect(edit.statusCode).toBe(409);
    expect(wrapper(edit)).toMatchObject({ code: '409006', message: 'Your application has been sent: it can no longer be changed.' });
    expect((await call(t.app, who.sessionId, paths.submit)).statusCode).toBe(409);
  });
});

describe('the verification job', () => {
  const submitted = async (market: MarketCode, opts: Parameters<typeof completeApplication>[3]) => {
    const who = await completeApplication(t.app, t.db, market, opts);
    expect((await call(t.app, who.sessionId, paths.submit)).statusCode).toBe(200);
    return { ...who, row: await applicationRow(t.db, who.applicationNo) };
  };

  it.each<MarketCode>(['MX', 'IN'])('a verified identity in %s → in_review, every check stored, an SMS, audited', async (market) => {
    const who = await submitted(market, { outcome: 'verified', language: 'es' });
    const result = await verifyApplication({ db: t.db, kyc }, who.row.id);
    expect(result.outcome).toBe('in_review');
    const view = await readApplication(who.sessionId);
    expect(view).toMatchObject({ status: 'in_review', statusText: 'Identidad verificada: su solicitud está en evaluación', problems: [] });
    const checks = await t.db.select().from(kycChecks).where(eq(kycChecks.applicationId, who.row.id));
    expect(checks.map((c) => c.check).sort()).toEqual(market === 'MX' ? ['curp', 'face', 'ine'] : ['aadhaar', 'face', 'pan']);
    expect(checks.every((c) => c.outcome === 'verified')).toBe(true);
    const sms = await t.db.select().from(smsOutbox).where(and(eq(smsOutbox.phone, who.borrower.phone), eq(smsOutbox.purpose, 'application_status')));
    expect(sms.map((m) => m.body)).toContain(`Presta: verificamos su identidad. Su solicitud ${who.applicationNo} está en evaluación.`);
    const [audit] = await t.db.select().from(auditEvents).where(and(eq(auditEvents.objectType, 'credit_application'), eq(auditEvents.objectId, String(who.row.id))));
    expect(audit).toMatchObject({ action: 'applications.verify', actorType: 'system', via: 'job' });
    // A second run does nothing.
    expect((await verifyApplication({ db: t.db, kyc }, who.row.id)).outcome).toBe('skipped');
  });

  it.each<[MarketCode, 'not_found' | 'name_mismatch' | 'face_mismatch', string]>([
    ['MX', 'not_found', 'identity'],
    ['MX', 'face_mismatch', 'documents'],
    ['IN', 'name_mismatch', 'identity'],
    ['IN', 'face_mismatch', 'documents'],
  ])('%s %s → returned with the step to correct; editable and submitted again', async (market, outcome, step) => {
    const who = await submitted(market, { outcome, language: 'en' });
    expect((await verifyApplication({ db: t.db, kyc }, who.row.id)).outcome).toBe('returned');
    const view = await readApplication(who.sessionId, 'en');
    expect(view).toMatchObject({ status: 'returned', editable: true });
    expect(view.problems.map((p) => p.step)).toContain(step);
    expect(view.problems.every((p) => p.message.length > 20)).toBe(true);
    // In the order they were queued: the submit's, then the return's.
    const sms = await t.db
      .select()
      .from(smsOutbox)
      .where(and(eq(smsOutbox.phone, who.borrower.phone), eq(smsOutbox.purpose, 'application_status')))
      .orderBy(asc(smsOutbox.id));
    expect(sms.at(-1)?.body).toBe(`Presta: your application ${who.applicationNo} needs a correction. Open the app to see what to correct.`);
    // Returned: the borrower corrects and submits again (the problems are cleared).
    expect((await call(t.app, who.sessionId, paths.work, { ...workPayload, final: 1 })).statusCode).toBe(200);
    const again = answerOf(await call(t.app, who.sessionId, paths.submit), applicationSubmit).data.application;
    expect(again).toMatchObject({ status: 'submitted', problems: [] });
  });

  it('the verifier not answering leaves the application submitted, to be retried', async () => {
    const who = await submitted('MX', { outcome: 'verified' });
    const failing: KycProvider = {
      ...kyc,
      name: kyc.name,
      registerAadhaar: (input) => kyc.registerAadhaar(input),
      verifyIndia: (input) => kyc.verifyIndia(input),
      verifyMexico: () => Promise.reject(new KycUnavailable('timeout')),
    };
    await expect(verifyApplication({ db: t.db, kyc: failing }, who.row.id)).rejects.toBeInstanceOf(KycUnavailable);
    expect((await applicationRow(t.db, who.applicationNo)).status).toBe('submitted');
    expect(await t.db.select().from(kycChecks).where(eq(kycChecks.applicationId, who.row.id))).toHaveLength(0);
    expect((await verifyApplication({ db: t.db, kyc }, who.row.id)).outcome).toBe('in_review');
  });

  /** An identity of its own (well formed; the sandbox knows it or not: flags do not depend on the outcome). */
  function uniqueIdentity(market: MarketCode): Record<string, string> {
    const seed = randomInt(1, 1_000_000);
    const letters = (n: number) => Array.from({ length: n }, () => String.fromCharCode(65 + randomInt(0, 26))).join('');
    if (market === 'MX') {
      const person = { givenNames: `ANA ${letters(5)}`, firstSurname: letters(6), secondSurname: letters(6), birthDate: '1988-05-17', sex: 'M', birthState: 'JC' };
      return { ...identityPayload('MX'), ...person, curp: curpFor(person), rfc: '' };
    }
    const fullName = `${letters(6)} ${letters(7)}`;
    return { ...identityPayload('IN'), fullName, pan: panFor(fullName, seed), aadhaar: aadhaarFor(seed) };
  }

  it.each<MarketCode>(['MX', 'IN'])('the same identity under another borrower is flagged in %s, not refused', async (market) => {
    const identity = uniqueIdentity(market);
    const first = await submitted(market, { identity });
    const second = await submitted(market, { identity });
    await verifyApplication({ db: t.db, kyc }, first.row.id);
    expect(['in_review', 'returned']).toContain((await verifyApplication({ db: t.db, kyc }, second.row.id)).outcome);
    const row = await applicationRow(t.db, second.applicationNo);
    const flags = (other: string) => {
      const flag = (detail: string) => ({ kind: 'duplicate_identity', detail, otherApplicationNo: other });
      return market === 'MX' ? [flag('curp')] : [flag('pan'), flag('aadhaar_name_birth_date')];
    };
    expect(row.flags).toEqual(flags(first.applicationNo));
    // Each names the other: the identity keys are set when the identity step completes, before either is verified.
    expect((await applicationRow(t.db, first.applicationNo)).flags).toEqual(flags(second.applicationNo));
  });

  it('only submitted applications are verified', async () => {
    const who = await applicant(t.db);
    await call(t.app, who.sessionId, paths.identity, { ...identityPayload('MX'), final: 1 });
    const { applicationNo } = await readApplication(who.sessionId);
    const row = await applicationRow(t.db, applicationNo);
    expect((await verifyApplication({ db: t.db, kyc }, row.id)).outcome).toBe('skipped');
    const live = await t.db.select().from(creditApplicationConsents).where(and(eq(creditApplicationConsents.applicationId, row.id), isNull(creditApplicationConsents.supersededAt)));
    expect(live).toHaveLength(0);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { accountHome, accountProfile } from '@presta/contract/api/account';
import { applicationAddress, applicationIdentity, applicationWork, creditApplication } from '@presta/contract/api/application';
import { apiRoutes } from '@presta/contract/api/api-routes';
import type { MarketCode } from '@presta/contract/markets';
import { creditApplicationHistory, creditApplications } from '../src/db/schema';
import { AppError } from '../src/lib/app-error';
import { saveIdentity } from '../src/modules/application/application-service';
import { createKycProvider, KycUnavailable, type KycProvider } from '../src/modules/application/kyc/kyc-provider';
import { demoApplicantSteps, makeDemoApplicant } from '../src/modules/demo/demo-applicants';
import { answerOf, borrowerWithOffer, buildTestApp, createSession, wrapper, type TestApp } from './helpers';
import { addressPayload, applicant, applicationRow, call, identityPayload, paths, workPayload } from './application-fixtures';

/*
 * The credit application's steps (issue 34, docs/application.md): each step saved as typed (final=0) and checked
 * (final=1) in both markets and languages, a refused step keeps what was typed, a draft read back from a new
 * session, the market chosen and then fixed, another borrower's application invisible, home's summary.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const readApplication = async (sessionId: string) => answerOf(await call(t.app, sessionId, paths.application), creditApplication).data;

describe('reading an application', () => {
  it('a new borrower has none and may choose either market; one with an offer applies in its market', async () => {
    const who = await applicant(t.db);
    expect(await readApplication(who.sessionId)).toEqual({ application: null, markets: ['MX', 'IN'] });
    const withOffer = await borrowerWithOffer(t.db, { product: { market: 'IN', currency: 'INR', timeZone: 'Asia/Kolkata', lateRule: 'in_tiered' } });
    expect((await readApplication(withOffer.sessionId)).markets).toEqual(['IN']);
    const refused = await call(t.app, withOffer.sessionId, paths.identity, identityPayload('MX'), 'en');
    expect(refused.statusCode).toBe(400);
    expect(wrapper(refused).message).toBe('Your application is for country IN: it cannot be changed.');
  });

  it('without a session: 401', async () => {
    const res = await t.app.inject({ method: 'POST', url: paths.application, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
    expect(res.statusCode).toBe(401);
  });
});

describe.each<MarketCode>(['MX', 'IN'])('the steps in %s', (market) => {
  it('a draft keeps what was typed (no checks), survives a new session, and opens the application in the market', async () => {
    const who = await applicant(t.db);
    const partial = { market, final: 0, givenNames: 'Ma', curp: 'abc d-12', pan: 'abc', fullName: 'Ra', birthDate: '19', email: 'x@' };
    const saved = answerOf(await call(t.app, who.sessionId, paths.identity, partial), applicationIdentity).data.application;
    expect(saved).toMatchObject({ market, status: 'draft', editable: true, nextStep: 'identity', completed: { identity: false } });
    expect(saved.identity).toMatchObject({ givenNames: 'Ma', curp: 'ABCD12', pan: 'ABC', fullName: 'Ra', birthDate: '19', email: 'x@', aadhaarMasked: '' });
    expect(saved.applicationNo).toMatch(/^AP\d{10}$/);
    // Another device, another session: the same draft.
    const again = await createSession(t.db, who.borrower.id);
    const read = (await readApplication(again)).application!;
    expect(read.identity).toEqual(saved.identity);
    expect(read.consentTexts.map((c) => c.kind)).toEqual(['bureau', 'privacy', 'data_use']);
    const [history] = await t.db.select().from(creditApplicationHistory).innerJoin(creditApplications, eq(creditApplications.id, creditApplicationHistory.applicationId)).where(eq(creditApplications.applicationNo, saved.applicationNo));
    expect(history?.credit_application_history).toMatchObject({ fromStatus: null, toStatus: 'draft', actor: 'borrower' });
  });

  it('final=1 completes each step; the next step follows; the identity keys are set', async () => {
    const who = await applicant(t.db);
    const identity = answerOf(await call(t.app, who.sessionId, paths.identity, { ...identityPayload(market), final: 1 }), applicationIdentity).data.application;
    expect(identity.completed.identity).toBe(true);
    expect(identity.nextStep).toBe('address');
    const address = answerOf(await call(t.app, who.sessionId, paths.address, { ...addressPayload[market], final: 1 }), applicationAddress).data.application;
    expect(address).toMatchObject({ nextStep: 'work', completed: { identity: true, address: true } });
    const work = answerOf(await call(t.app, who.sessionId, paths.work, { ...workPayload, final: 1 }), applicationWork).data.application;
    expect(work).toMatchObject({ nextStep: 'documents', requiredDocuments: market === 'MX' ? ['ine_front', 'ine_back', 'selfie'] : ['pan_card', 'selfie'] });
    expect(work.work).toEqual({
      occupation: 'employed',
      employer: 'Comercial del Centro',
      monthlyIncome: 1_850_000,
      payFrequency: 'biweekly',
      monthlyObligations: 250_000,
      workingSince: '2021-08',
    });
    expect(work.address.residentSince).toBe('2019-03');
    expect(work.identity.nationality).toBe(market === 'IN' ? 'IN' : '');
    const row = await applicationRow(t.db, work.applicationNo);
    expect(row.birthDate).toBe(identityPayload(market).birthDate);
    if (market === 'MX') {
      expect(row.curp).toBe(identityPayload(market).curp);
      expect(row.pan).toBeNull();
    } else {
      expect(row.pan).toBe(identityPayload(market).pan);
      expect(row.aadhaarLast4).toBe(identityPayload(market).aadhaar!.replace(/\D/g, '').slice(-4));
      expect(row.aadhaarReference).not.toBe('');
      expect(work.identity.aadhaarMasked).toBe(`XXXX XXXX ${row.aadhaarLast4}`);
      expect(JSON.stringify(row.identity)).not.toContain(identityPayload(market).aadhaar!.replace(/\D/g, ''));
    }
    // The market is fixed once the identity is complete.
    const other: MarketCode = market === 'MX' ? 'IN' : 'MX';
    expect((await readApplication(who.sessionId)).markets).toEqual([market]);
    const moved = await call(t.app, who.sessionId, paths.identity, { ...identityPayload(other), final: 0 });
    expect(moved.statusCode).toBe(400);
    // The profile's market is the application's (no order, no offer).
    expect(answerOf(await call(t.app, who.sessionId, apiRoutesProfile()), accountProfile).data.market).toBe(market);
  });
});

const apiRoutesProfile = () => apiRoutes.accountProfile.path;

describe('refusals keep what was typed, with one message in the page’s language', () => {
  const cases: { market: MarketCode; change: Record<string, string | number>; es: string; en: string }[] = [
    { market: 'MX', change: { curp: 'XXXX' }, es: 'La CURP debe tener 18 caracteres', en: 'The CURP is 18 characters' },
    { market: 'MX', change: { sex: 'Q' }, es: 'Elija el sexo', en: 'Choose your sex' },
    { market: 'MX', change: { birthDate: '2019-02-30' }, es: 'fecha de nacimiento', en: 'date of birth' },
    { market: 'MX', change: { email: 'nobody' }, es: 'correo electrónico válido', en: 'valid e-mail' },
    { market: 'IN', change: { pan: 'ABCDE1234F' }, es: 'no es de una persona', en: 'not a person’s' },
    { market: 'IN', change: { aadhaar: '123412341234' }, es: 'Aadhaar tiene 12 dígitos', en: 'Aadhaar number is 12 digits' },
    { market: 'IN', change: { aadhaar: '' }, es: 'número de Aadhaar', en: 'Aadhaar number' },
    { market: 'IN', change: { fullName: 'Single' }, es: 'nombre completo', en: 'full name' },
    { market: 'IN', change: { nationality: '' }, es: 'Indique su nacionalidad', en: 'Tell us your nationality' },
    { market: 'IN', change: { nationality: 'US' }, es: 'Indique su nacionalidad', en: 'Tell us your nationality' },
  ];
  it.each(cases)('identity in $market with $change', async ({ market, change, es, en }) => {
    const who = await applicant(t.db);
    for (const [lang, text] of [['es', es], ['en', en]] as const) {
      const res = await call(t.app, who.sessionId, paths.identity, { ...identityPayload(market), ...change, final: 1 }, lang);
      expect(res.statusCode).toBe(400);
      expect(wrapper(res)).toMatchObject({ success: false, code: '400001' });
      expect(wrapper(res).message).toContain(text);
    }
    const kept = (await readApplication(who.sessionId)).application!;
    expect(kept.completed.identity).toBe(false);
    expect(kept.identity.email).toBe(String(change.email ?? identityPayload(market).email).toLowerCase());
    const row = await applicationRow(t.db, kept.applicationNo);
    expect(row.identity).not.toHaveProperty('aadhaar');
  });

  it('the CURP’s check digit and its agreement with the birth date are checked', async () => {
    const who = await applicant(t.db);
    const person = identityPayload('MX');
    const curp = person.curp!;
    const digit = String((Number(curp.at(-1)) + 1) % 10);
    const wrongDigit = await call(t.app, who.sessionId, paths.identity, { ...person, curp: curp.slice(0, 17) + digit, final: 1 }, 'en');
    expect(wrapper(wrongDigit).message).toBe('The CURP is not valid: its last digit does not match. Check it on your INE card.');
    const year = Number(person.birthDate!.slice(0, 4)) - 1;
    const otherBirth = await call(t.app, who.sessionId, paths.identity, { ...person, birthDate: `${year}${person.birthDate!.slice(4)}`, final: 1 }, 'en');
    expect(wrapper(otherBirth).message).toBe('The birth date in the CURP does not match the one you entered.');
  });

  it('an applicant under 18 is refused', async () => {
    const who = await applicant(t.db);
    const young = `${new Date().getUTCFullYear() - 17}-01-01`;
    const res = await call(t.app, who.sessionId, paths.identity, { ...identityPayload('IN'), birthDate: young, final: 1 }, 'en');
    expect(res.statusCode).toBe(400);
    expect(wrapper(res).message).toBe('You must be at least 18 years old to apply for a loan.');
  });

  it.each<[MarketCode, Record<string, string | number>, string]>([
    ['MX', { postalCode: '1234' }, 'The postal code is 5 digits.'],
    ['MX', { state: 'ZZ' }, 'Choose the state.'],
    ['MX', { colonia: '' }, 'Enter the colonia.'],
    ['IN', { postalCode: '056001' }, 'The PIN code is 6 digits and does not start with 0.'],
    ['IN', { permanent: 0 }, 'Confirm that this is your permanent address in India: we lend to residents only.'],
    ['MX', { residentSince: '' }, 'Tell us since when you live at this address (month and year).'],
    ['IN', { residentSince: '2019-13' }, 'Tell us since when you live at this address (month and year).'],
    ['MX', { residentSince: '2999-01' }, 'The month you moved to this address cannot be in the future.'],
    ['IN', { residentSince: '1950-01' }, 'The month you moved to this address cannot be before your birth.'],
  ])('address in %s with %j', async (market, change, message) => {
    const who = await applicant(t.db);
    await call(t.app, who.sessionId, paths.identity, { ...identityPayload(market), final: 1 });
    const res = await call(t.app, who.sessionId, paths.address, { ...addressPayload[market], ...change, final: 1 }, 'en');
    expect(res.statusCode).toBe(400);
    expect(wrapper(res).message).toBe(message);
    const kept = (await readApplication(who.sessionId)).application!;
    expect(kept.completed.address).toBe(false);
    expect(kept.address.street || kept.address.line1).not.toBe('');
  });

  it.each<[Record<string, string | number>, string]>([
    [{ occupation: '' }, 'Elija su ocupación.'],
    [{ employer: '' }, 'Escriba el nombre de su empleador o negocio.'],
    [{ monthlyIncome: '0' }, 'Escriba su ingreso mensual.'],
    [{ monthlyIncome: '999999999999' }, 'El ingreso mensual es demasiado alto: revíselo.'],
    [{ payFrequency: '' }, 'Elija cada cuánto recibe su ingreso.'],
    [{ monthlyObligations: '' }, 'Escriba cuánto paga al mes de otras deudas (0 si nada).'],
    [{ workingSince: '' }, 'Indique desde cuándo trabaja con este empleador o en este negocio (mes y año).'],
    [{ workingSince: '2999-12' }, 'El mes desde el que trabaja ahí no puede ser futuro.'],
    [{ workingSince: '1900-01' }, 'El mes desde el que trabaja ahí no puede ser anterior a su nacimiento.'],
  ])('work with %j', async (change, message) => {
    const who = await applicant(t.db);
    await call(t.app, who.sessionId, paths.identity, { ...identityPayload('MX'), final: 1 });
    const res = await call(t.app, who.sessionId, paths.work, { ...workPayload, ...change, final: 1 });
    expect(res.statusCode).toBe(400);
    expect(wrapper(res).message).toBe(message);
  });

  it('a student needs no employer; a malformed amount is refused by the contract', async () => {
    const who = await applicant(t.db);
    await call(t.app, who.sessionId, paths.identity, { ...identityPayload('MX'), final: 0 });
    const ok = await call(t.app, who.sessionId, paths.work, { ...workPayload, occupation: 'student', employer: '', final: 1 });
    expect(ok.statusCode).toBe(200);
    // Without an employer there is no time at one: kept empty.
    expect(answerOf(ok, applicationWork).data.application.work.workingSince).toBe('');
    const bad = await call(t.app, who.sessionId, paths.work, { ...workPayload, monthlyIncome: '12.50', final: 0 });
    expect(bad.statusCode).toBe(400);
  });

  it('address and work before the identity step: 400', async () => {
    const who = await applicant(t.db);
    const res = await call(t.app, who.sessionId, paths.address, { ...addressPayload.MX, final: 0 }, 'en');
    expect(res.statusCode).toBe(400);
    expect(wrapper(res).message).toBe('Start your application with the identity step.');
  });
});

describe('ownership', () => {
  it('a borrower sees only their own application; another’s is invisible', async () => {
    const a = await applicant(t.db);
    const b = await applicant(t.db);
    const saved = answerOf(await call(t.app, a.sessionId, paths.identity, { ...identityPayload('MX'), final: 1 }), applicationIdentity).data.application;
    expect((await readApplication(b.sessionId)).application).toBeNull();
    // B's save makes B's own application; A's is untouched.
    const own = answerOf(await call(t.app, b.sessionId, paths.identity, { ...identityPayload('MX'), givenNames: 'Otro', final: 0 }), applicationIdentity).data.application;
    expect(own.applicationNo).not.toBe(saved.applicationNo);
    expect((await readApplication(a.sessionId)).application!.identity.givenNames).toBe(identityPayload('MX').givenNames);
  });
});

describe('home', () => {
  it('answers no application, then the draft with its next step', async () => {
    const who = await applicant(t.db, { language: 'en' });
    const before = answerOf(await call(t.app, who.sessionId, paths.home, {}, 'en'), accountHome).data;
    expect(before.application).toBeNull();
    await call(t.app, who.sessionId, paths.identity, { ...identityPayload('IN'), final: 1 });
    const after = answerOf(await call(t.app, who.sessionId, paths.home, {}, 'en'), accountHome).data;
    expect(after.application).toMatchObject({ status: 'draft', statusText: 'Application in progress', nextStep: 'address', market: 'IN' });
  });
});

describe('the Aadhaar verifier not answering', () => {
  it('is a quick 503; what was typed is kept, the Aadhaar number is not', async () => {
    const who = await applicant(t.db);
    const kyc = createKycProvider(t.config, t.app.log);
    const down: KycProvider = { ...kyc, name: kyc.name, verifyMexico: (i) => kyc.verifyMexico(i), verifyIndia: (i) => kyc.verifyIndia(i), registerAadhaar: () => Promise.reject(new KycUnavailable('timeout')) };
    const ctx = { db: t.db, repos: t.app.repos, lang: 'en' as const, now: new Date(), borrowerId: who.borrower.id };
    const input = applicationIdentity.request.parse({ ...identityPayload('IN'), final: 1 });
    const refused = await saveIdentity(ctx, input, { kyc: down }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 503, code: '503001', messageKey: 'kycUnavailable' });
    const kept = (await readApplication(who.sessionId)).application!;
    expect(kept.completed.identity).toBe(false);
    expect(kept.identity.pan).toBe(identityPayload('IN').pan);
    const row = await applicationRow(t.db, kept.applicationNo);
    expect(row.aadhaarLast4).toBeNull();
    expect(JSON.stringify(row.identity)).not.toContain(identityPayload('IN').aadhaar!.replace(/\D/g, ''));
  });
});

describe('demo applicants', () => {
  it.each(demoApplicantSteps)('at %s: the steps before it complete, listed on the test page', async (step) => {
    const kyc = createKycProvider(t.config, t.app.log);
    const made = await makeDemoApplicant(t.db, { repos: t.app.repos, kyc }, { language: 'es', market: step === 'work' ? 'IN' : 'MX', step });
    const sessionId = await createSession(t.db, made.borrowerId);
    const read = (await readApplication(sessionId)).application!;
    expect(read.status).toBe(step === 'submitted' ? 'submitted' : 'draft');
    // review: every step complete, ready to send (nextStep null, still a draft).
    expect(read.nextStep).toBe(step === 'submitted' || step === 'review' ? null : step);
    const listed = await t.app.inject({ method: 'GET', url: '/api/dev/demo-borrowers' });
    const mine = (JSON.parse(listed.body) as { data: { borrowers: { borrowerId: string; application: { applicationNo: string } | null }[] } }).data.borrowers.find(
      (b) => b.borrowerId === String(made.borrowerId),
    );
    expect(mine?.application?.applicationNo).toBe(read.applicationNo);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkAadhaar } from '@presta/contract/identity/aadhaar';
import { checkCurp } from '@presta/contract/identity/curp';
import { normalizeName } from '@presta/contract/identity/normalize';
import { checkPan } from '@presta/contract/identity/pan';
import { checkRfc } from '@presta/contract/identity/rfc';
import type { MarketCode } from '@presta/contract/markets';
import { createKycSandbox } from '../../application/kyc/kyc-sandbox';
import { sandboxApplicants, type IndiaIdentity, type MexicoIdentity } from '../../application/kyc/kyc-sandbox-data';
import { loadConfig } from '../../../config';
import { policyFor } from '../policy/credit-policy';
import { evaluatePolicy } from '../policy/evaluate-policy';
import { demoInputs } from '../policy/policy-test-inputs';
import type { BureauAttributes } from '../policy/policy-types';
import { createCreditBureau } from './bureau-provider';
import { SandboxBureau } from './bureau-sandbox';
import { demoOutcomeProfiles, sandboxBureauIdentity, sandboxBureauProfiles, sandboxMarkOf, type SandboxBureauMark, type SandboxBureauProfile } from './bureau-sandbox-data';
import { BureauUnavailable, type BureauSubject } from './credit-bureau';

const marks: SandboxBureauMark[] = [...sandboxBureauProfiles, 'unavailable'];
/** 2026-11-29 at noon in both markets. */
const bureau = new SandboxBureau({ now: () => new Date('2026-11-29T18:00:00Z') });
const kyc = createKycSandbox();

function subjectOf(market: MarketCode, identity: MexicoIdentity | IndiaIdentity, applicationNo = 'A-100'): BureauSubject {
  const blank = { givenNames: '', firstSurname: '', secondSurname: '', fullName: '', curp: '', rfc: '', pan: '' };
  return {
    ...blank,
    ...identity,
    market,
    applicationNo,
    address: 'Calle Durango 81',
    postalCode: '06700',
    authorisation: { consentId: 1, version: 'bureau-v1', signedAt: new Date('2026-11-28T12:00:00Z') },
  };
}

const nameKeyOf = (identity: MexicoIdentity | IndiaIdentity) =>
  normalizeName('fullName' in identity ? identity.fullName : `${identity.givenNames} ${identity.firstSurname} ${identity.secondSurname}`);

async function decideFor(market: MarketCode, profile: SandboxBureauProfile, seed: number) {
  const identity = sandboxBureauIdentity(market, profile, seed);
  const report = await bureau.pull(subjectOf(market, identity));
  const inputs = demoInputs(market, null);
  inputs.bureau = report.attributes;
  Object.assign(inputs.applicant, { birthDate: identity.birthDate, nameKey: nameKeyOf(identity) });
  return { report, result: evaluatePolicy(policyFor(market), inputs) };
}

describe('sandboxBureauIdentity', () => {
  it.each(marks)('%s: valid identities the KYC sandbox verifies, carrying the mark, for many seeds', async (mark) => {
    for (const seed of [0, 1, 2, 6_999, 7_000, 12_345, 99_999, 1_000_003]) {
      const mx = sandboxBureauIdentity('MX', mark, seed);
      expect(checkCurp(mx.curp, mx), `${mark} ${seed}`).toBeNull();
      expect(checkRfc(mx.rfc, mx), `${mark} ${seed}`).toBeNull();
      expect(sandboxMarkOf({ market: 'MX', rfc: mx.rfc, pan: '' })).toBe(mark);
      const checks = await kyc.verifyMexico({ ...mx, ineFront: Buffer.from('f'), ineBack: Buffer.from('b'), selfie: Buffer.from('s') });
      expect(checks.map((c) => c.outcome)).toEqual(['verified', 'verified', 'verified']);

      const india = sandboxBureauIdentity('IN', mark, seed);
      expect(checkPan(india.pan, india.fullName)).toBeNull();
      expect(checkAadhaar(india.aadhaar)).toBeNull();
      expect(sandboxMarkOf({ market: 'IN', rfc: '', pan: india.pan })).toBe(mark);
      const { reference } = await kyc.registerAadhaar({ aadhaar: india.aadhaar, fullName: india.fullName, birthDate: india.birthDate });
      const inChecks = await kyc.verifyIndia({ ...india, aadhaarReference: reference, panCard: Buffer.from('p'), selfie: Buffer.from('s') });
      expect(inChecks.map((c) => c.outcome)).toEqual(['verified', 'verified', 'verified']);
    }
  });

  it('property: every seed gives a valid identity of the mark', () => {
    fc.assert(
      fc.property(fc.constantFrom(...marks), fc.integer({ min: 0, max: 2_000_000 }), (mark, seed) => {
        const mx = sandboxBureauIdentity('MX', mark, seed);
        expect([checkCurp(mx.curp, mx), checkRfc(mx.rfc, mx), mx.curp[16]]).toEqual([null, null, '0']);
        const india = sandboxBureauIdentity('IN', mark, seed);
        expect([checkPan(india.pan, india.fullName), checkAadhaar(india.aadhaar)]).toEqual([null, null]);
        expect(['7777', '8888', '9999']).not.toContain(india.pan.slice(5, 9));
        expect(india.aadhaar.startsWith('9999')).toBe(false);
        expect([sandboxMarkOf({ market: 'MX', rfc: mx.rfc, pan: '' }), sandboxMarkOf({ market: 'IN', rfc: '', pan: india.pan })]).toEqual([mark, mark]);
      }),
      { numRuns: 500 },
    );
  });

  it('different seeds never share an identity (CURP, RFC, PAN, Aadhaar, email)', () => {
    const seeds = [...Array.from({ length: 1_500 }, (_, i) => i), ...Array.from({ length: 500 }, (_, i) => 3_113 * i + 1_500), ...Array.from({ length: 200 }, (_, i) => 1_559_999 - 6_000 * i)];
    for (const mark of ['clean_high', 'clean_mid'] as const) {
      const mx = seeds.map((s) => sandboxBureauIdentity('MX', mark, s));
      const india = seeds.map((s) => sandboxBureauIdentity('IN', mark, s));
      for (const values of [mx.map((x) => x.curp), mx.map((x) => x.rfc), mx.map((x) => x.email), india.map((x) => x.pan), india.map((x) => x.aadhaar), india.map((x) => x.email)]) {
        expect(new Set(values).size).toBe(seeds.length);
      }
    }
  });

  it("the KYC sandbox's own test identities carry no bureau mark (they get a clean file)", () => {
    for (const applicant of Object.values(sandboxApplicants)) {
      expect(sandboxMarkOf({ market: 'MX', rfc: applicant.MX.rfc, pan: '' })).toBeNull();
      expect(sandboxMarkOf({ market: 'IN', rfc: '', pan: applicant.IN.pan })).toBeNull();
    }
  });
});

describe('SandboxBureau', () => {
  const expected: Record<SandboxBureauProfile, { outcome: string; attributes: Partial<BureauAttributes> }> = {
    clean_high: { outcome: 'approved', attributes: { found: true, openAccounts: 2, worstDelinquencyDays: 0, inquiries90d: 1, monthlyPayments: 100_000 } },
    clean_mid: { outcome: 'referred', attributes: { found: true, openAccounts: 2, worstDelinquencyDays: 0, inquiries90d: 2, monthlyPayments: 400_000 } },
    clean_low: { outcome: 'declined', attributes: { found: true, openAccounts: 2, worstDelinquencyDays: 0, inquiries90d: 3, monthlyPayments: 700_000 } },
    thin: { outcome: 'referred', attributes: { found: true, score: null, openAccounts: 0, worstDelinquencyDays: 0, inquiries90d: 0, monthlyPayments: 0 } },
    delinquent: { outcome: 'declined', attributes: { found: true, worstDelinquencyDays: 60, monthlyPayments: 150_000 } },
    inquiries: { outcome: 'declined', attributes: { found: true, inquiries90d: 9 } },
    not_found: { outcome: 'declined', attributes: { found: false, score: null, openAccounts: null, monthlyPayments: null, fileBirthDate: null, fileNameKey: null } },
    mismatch: { outcome: 'declined', attributes: { found: true, monthlyPayments: 100_000 } },
  };
  const reasons: Partial<Record<SandboxBureauProfile, string>> = {
    clean_mid: 'score_in_review_band',
    clean_low: 'score_below_cutoff',
    thin: 'thin_file',
    delinquent: 'current_delinquency',
    inquiries: 'too_many_inquiries',
    not_found: 'bureau_file_not_found',
    mismatch: 'bureau_data_mismatch',
  };

  for (const market of ['MX', 'IN'] as const) {
    it.each(sandboxBureauProfiles)(`${market} %s: the file, its attributes and the demo applicant's outcome`, async (profile) => {
      const { report, result } = await decideFor(market, profile, 42);
      expect(report).toMatchObject({ bureau: 'sandbox', outcome: profile === 'not_found' ? 'not_found' : 'found', contentType: 'application/json' });
      expect(report.attributes).toMatchObject(expected[profile].attributes);
      expect(result.outcome).toBe(expected[profile].outcome);
      if (reasons[profile]) expect(result.reasons).toContain(reasons[profile]);
      const identity = sandboxBureauIdentity(market, profile, 42);
      if (profile !== 'not_found') {
        expect(report.attributes.fileNameKey).toBe(nameKeyOf(identity));
        expect(report.attributes.fileBirthDate === identity.birthDate).toBe(profile !== 'mismatch');
      }
    });
  }

  it('property: the demo outcome of each profile holds for every seed', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('MX' as const, 'IN' as const), fc.constantFrom(...sandboxBureauProfiles), fc.integer({ min: 0, max: 1_000_000 }), async (market, profile, seed) => {
        const { result } = await decideFor(market, profile, seed);
        expect(result.outcome).toBe(expected[profile].outcome);
      }),
      { numRuns: 200 },
    );
  });

  it("the demo's outcomes: each profile gives the demo applicant its outcome", async () => {
    for (const [outcome, profile] of Object.entries(demoOutcomeProfiles)) {
      for (const market of ['MX', 'IN'] as const) expect((await decideFor(market, profile, 5)).result.outcome).toBe(outcome);
    }
  });

  it('an unmarked identity has a clean file: the demo applicant is approved', async () => {
    for (const market of ['MX', 'IN'] as const) {
      const identity = sandboxApplicants.verified[market];
      const report = await bureau.pull(subjectOf(market, identity));
      expect(report.attributes).toMatchObject({ found: true, worstDelinquencyDays: 0, fileBirthDate: identity.birthDate });
      expect(report.attributes.score).toBeGreaterThanOrEqual(700);
      const inputs = demoInputs(market, null);
      inputs.bureau = report.attributes;
      Object.assign(inputs.applicant, { birthDate: identity.birthDate, nameKey: nameKeyOf(identity) });
      expect(evaluatePolicy(policyFor(market), inputs).outcome).toBe('approved');
    }
  });

  it('the marked identity is unavailable: BureauUnavailable, so the decision is tried again', async () => {
    for (const market of ['MX', 'IN'] as const) {
      await expect(bureau.pull(subjectOf(market, sandboxBureauIdentity(market, 'unavailable', 3)))).rejects.toBeInstanceOf(BureauUnavailable);
    }
  });

  it('the same pull on the same day gives the same report; another application, another folio', async () => {
    const subject = subjectOf('MX', sandboxBureauIdentity('MX', 'clean_mid', 9));
    const [a, b, other] = [await bureau.pull(subject), await bureau.pull(subject), await bureau.pull({ ...subject, applicationNo: 'A-101' })];
    expect(b).toEqual(a);
    expect(other.reference).not.toBe(a.reference);
    expect(JSON.parse(a.body)).toMatchObject({ format: 'cdc-rcc/1', folioConsulta: a.reference, fechaConsulta: '2026-11-29' });
    const india = await bureau.pull(subjectOf('IN', sandboxBureauIdentity('IN', 'clean_mid', 9), 'A-7'));
    expect(JSON.parse(india.body)).toMatchObject({ format: 'cibil-cir/1', header: { controlNumber: india.reference, memberReferenceNumber: 'A-7', dateProcessed: '29-11-2026' } });
  });

  it('createCreditBureau: the sandbox, development and tests alike', () => {
    const log = { debug: () => {} } as unknown as Parameters<typeof createCreditBureau>[1];
    expect(createCreditBureau(loadConfig({}), log).name).toBe('sandbox');
    expect(createCreditBureau(loadConfig({ CREDIT_BUREAU: 'sandbox' }), log)).toBeInstanceOf(SandboxBureau);
  });
});

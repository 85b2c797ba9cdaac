import { describe, expect, it } from 'vitest';
import { checkAadhaar } from '@presta/contract/identity/aadhaar';
import { checkCurp } from '@presta/contract/identity/curp';
import { checkPan } from '@presta/contract/identity/pan';
import { checkRfc } from '@presta/contract/identity/rfc';
import { FACE_MATCH_THRESHOLD } from './kyc-provider';
import { createKycSandbox } from './kyc-sandbox';
import { sandboxApplicants, type SandboxOutcome } from './kyc-sandbox-data';

const sandbox = createKycSandbox();
const image = (seed: string) => Buffer.from(`jpeg-bytes-${seed}`);
const outcomes = Object.keys(sandboxApplicants) as SandboxOutcome[];

async function mexico(outcome: SandboxOutcome, images = { ineFront: image('f'), ineBack: image('b'), selfie: image('s') }) {
  const p = sandboxApplicants[outcome].MX;
  const results = await sandbox.verifyMexico({ ...p, ...images });
  return Object.fromEntries(results.map((r) => [r.check, r]));
}

async function india(outcome: SandboxOutcome, images = { panCard: image('p'), selfie: image('s') }) {
  const p = sandboxApplicants[outcome].IN;
  const { reference } = await sandbox.registerAadhaar({ aadhaar: p.aadhaar, fullName: p.fullName, birthDate: p.birthDate });
  const results = await sandbox.verifyIndia({ pan: p.pan, fullName: p.fullName, birthDate: p.birthDate, aadhaarReference: reference, ...images });
  return Object.fromEntries(results.map((r) => [r.check, r]));
}

describe('sandbox test identities', () => {
  it.each(outcomes)('%s: well formed and consistent in both markets (the identity step accepts them)', (outcome) => {
    const { MX, IN } = sandboxApplicants[outcome];
    expect(checkCurp(MX.curp, MX)).toBeNull();
    expect(checkRfc(MX.rfc, MX)).toBeNull();
    expect(checkPan(IN.pan, IN.fullName)).toBeNull();
    expect(checkAadhaar(IN.aadhaar)).toBeNull();
  });
});

describe('the KYC sandbox', () => {
  it('Mexico: each test identity gets its outcome', async () => {
    const verified = await mexico('verified');
    expect([verified.curp?.outcome, verified.ine?.outcome, verified.face?.outcome]).toEqual(['verified', 'verified', 'verified']);
    const missing = await mexico('not_found');
    expect([missing.curp?.outcome, missing.ine?.outcome]).toEqual(['not_found', 'not_found']);
    expect((await mexico('name_mismatch')).curp?.outcome).toBe('name_mismatch');
    const face = await mexico('face_mismatch');
    expect([face.curp?.outcome, face.ine?.outcome, face.face?.outcome]).toEqual(['verified', 'verified', 'face_mismatch']);
  });

  it('India: each test identity gets its outcome', async () => {
    const verified = await india('verified');
    expect([verified.pan?.outcome, verified.aadhaar?.outcome, verified.face?.outcome]).toEqual(['verified', 'verified', 'verified']);
    const missing = await india('not_found');
    expect([missing.pan?.outcome, missing.aadhaar?.outcome]).toEqual(['not_found', 'not_found']);
    expect((await india('name_mismatch')).pan?.outcome).toBe('name_mismatch');
    expect((await india('face_mismatch')).face?.outcome).toBe('face_mismatch');
  });

  it('scores the face 0–100 deterministically from the images: a match at or above the threshold, a mismatch below', async () => {
    const a = (await mexico('verified')).face!;
    const b = (await mexico('verified')).face!;
    expect(a.score).toBe(b.score);
    expect(a.score).toBeGreaterThanOrEqual(FACE_MATCH_THRESHOLD);
    expect((await india('face_mismatch')).face!.score).toBeLessThan(FACE_MATCH_THRESHOLD);
    const missing = await mexico('verified', { ineFront: image('f'), ineBack: image('b'), selfie: Buffer.alloc(0) });
    expect([missing.face?.outcome, missing.face?.score]).toEqual(['face_mismatch', null]);
  });

  it('registers an Aadhaar number with a reference that holds nothing of it, and its last four', async () => {
    const { aadhaar } = sandboxApplicants.verified.IN;
    const first = await sandbox.registerAadhaar({ aadhaar: `${aadhaar.slice(0, 4)} ${aadhaar.slice(4, 8)} ${aadhaar.slice(8)}`, fullName: 'x', birthDate: '1990-01-01' });
    const second = await sandbox.registerAadhaar({ aadhaar, fullName: 'x', birthDate: '1990-01-01' });
    expect(first.last4).toBe(aadhaar.slice(-4));
    expect(first.reference).not.toBe(second.reference);
    for (const ref of [first.reference, second.reference]) {
      expect(ref).toMatch(/^sbx-okyc-v-[0-9a-f]{16}$/);
      expect(ref).not.toContain(aadhaar.slice(-4));
    }
    // A reference the sandbox did not give (or none) is not a verified Aadhaar.
    const p = sandboxApplicants.verified.IN;
    const results = await sandbox.verifyIndia({ ...p, aadhaarReference: '', panCard: image('p'), selfie: image('s') });
    expect(results.find((r) => r.check === 'aadhaar')?.outcome).toBe('not_found');
  });

  it('verifies any other well-formed identity (the demo types its own)', async () => {
    const results = await sandbox.verifyMexico({
      curp: 'HEGG560427MVZRRL04', givenNames: 'Gloria', firstSurname: 'Hernández', secondSurname: 'García', birthDate: '1956-04-27', sex: 'M', birthState: 'VZ',
      ineFront: image('f'), ineBack: image('b'), selfie: image('s'),
    });
    expect(results.map((r) => r.outcome)).toEqual(['verified', 'verified', 'verified']);
    expect(results.every((r) => r.provider === 'sandbox' && r.reference.startsWith('sbx-'))).toBe(true);
  });
});

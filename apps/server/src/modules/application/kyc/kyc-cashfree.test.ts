import { afterEach, describe, expect, it } from 'vitest';
import { createCashfreeVerifier } from './kyc-cashfree';
import type { IndiaInput } from './kyc-check';
import { KycUnavailable } from './kyc-provider';
import { sandboxApplicants } from './kyc-sandbox-data';
import { memoryLogger, providerServer, type Received, type Reply } from './kyc-test-server';

/* Cashfree Secure ID's protocol (cashfree.com/docs/api-reference/vrs: pan, offline-aadhaar/otp, face-match), answered by a local server. */

const CLIENT = { clientId: 'cf-client', clientSecret: 'cf-secret' };
const person = sandboxApplicants.verified.IN;
const images = { panCard: Buffer.from('pan-card-jpeg'), selfie: Buffer.from('selfie-jpeg') };

const documented = {
  pan: { pan: person.pan, type: 'Individual', reference_id: 161, name_provided: person.fullName, registered_name: 'PRIYA RAMESH IYER', valid: true, message: 'PAN verified successfully', name_match_score: 100, name_match_result: 'DIRECT_MATCH', aadhaar_seeding_status: 'Y', pan_status: 'VALID' },
  otp: { status: 'SUCCESS', message: 'OTP sent successfully', ref_id: 21637861 },
  face: { status: 'SUCCESS', ref_id: 21637861, verification_id: '21637861', face_match_result: 'YES', face_match_score: 0.95 },
};

type Answers = { pan?: Reply; otp?: Reply; face?: Reply };
let close: (() => Promise<void>) | undefined;
afterEach(async () => close?.());

async function verifier(answers: Answers = {}, timeoutMs = 2_000) {
  const server = await providerServer((req: Received) => {
    if (req.path === '/verification/pan') return answers.pan ?? { body: documented.pan };
    if (req.path === '/verification/offline-aadhaar/otp') return answers.otp ?? { body: documented.otp };
    if (req.path === '/verification/face-match') return answers.face ?? { body: documented.face };
    return { status: 404 };
  });
  close = server.close;
  const { log, lines } = memoryLogger();
  return { cashfree: createCashfreeVerifier({ url: `${server.url}/verification`, ...CLIENT, timeoutMs }, log), received: server.received, lines };
}

async function verify(answers: Answers = {}) {
  const v = await verifier(answers);
  const { reference } = await v.cashfree.registerAadhaar({ aadhaar: person.aadhaar, fullName: person.fullName, birthDate: person.birthDate });
  const input: IndiaInput = { pan: person.pan, fullName: person.fullName, birthDate: person.birthDate, aadhaarReference: reference, ...images };
  const results = await v.cashfree.verifyIndia(input);
  return { ...v, reference, r: Object.fromEntries(results.map((x) => [x.check, x])) };
}

describe('Cashfree Secure ID (India)', () => {
  it('registers the Aadhaar once (OTP sent: it exists), verifies the PAN with the name, compares the selfie with the PAN card', async () => {
    const { r, received, reference } = await verify();
    expect([r.pan?.outcome, r.aadhaar?.outcome, r.face?.outcome]).toEqual(['verified', 'verified', 'verified']);
    expect([r.pan?.score, r.face?.score, r.pan?.reference]).toEqual([100, 95, '161']);
    expect(reference).toBe('cf-okyc:21637861');
    expect(reference).not.toContain(person.aadhaar.slice(-4));
    expect(received.every((q) => q.headers['x-client-id'] === CLIENT.clientId && q.headers['x-client-secret'] === CLIENT.clientSecret)).toBe(true);
    expect(received.find((q) => q.path.endsWith('/otp'))?.json).toEqual({ aadhaar_number: person.aadhaar });
    expect(received.find((q) => q.path.endsWith('/pan'))?.json).toEqual({ pan: person.pan, name: person.fullName });
    const face = received.find((q) => q.path.endsWith('/face-match'))!.form!;
    expect(Buffer.from(await (face.get('first_image') as Blob).arrayBuffer()).toString()).toBe('selfie-jpeg');
    expect(Buffer.from(await (face.get('second_image') as Blob).arrayBuffer()).toString()).toBe('pan-card-jpeg');
    expect(face.get('threshold')).toBe('0.7');
    expect(JSON.stringify(r.pan?.detail)).not.toContain('PRIYA');
  });

  it('maps the PAN answer: another name, not valid, not a person\'s; an Aadhaar UIDAI does not know; a low face score', async () => {
    const pan = (over: Record<string, unknown>): Reply => ({ body: { ...documented.pan, ...over } });
    expect((await verify({ pan: pan({ name_match_result: 'POOR_PARTIAL_MATCH', name_match_score: 40 }) })).r.pan?.outcome).toBe('name_mismatch');
    await close?.();
    expect((await verify({ pan: pan({ valid: false, pan_status: 'INVALID' }) })).r.pan?.outcome).toBe('not_found');
    await close?.();
    expect((await verify({ pan: pan({ type: 'Company' }) })).r.pan?.outcome).toBe('data_mismatch');
    await close?.();
    const invalid = await verify({ otp: { status: 400, body: { status: 'INVALID', message: 'Invalid Aadhaar Card', code: 'aadhaar_invalid' } } });
    expect([invalid.reference, invalid.r.aadhaar?.outcome]).toEqual(['cf-okyc-invalid:', 'not_found']);
    await close?.();
    const face = await verify({ face: { body: { ...documented.face, face_match_result: 'NO', face_match_score: 0.41 } } });
    expect([face.r.face?.outcome, face.r.face?.score]).toEqual(['face_mismatch', 41]);
  });

  it('a 5xx, a refused key or no answer in time: KycUnavailable, and no identity number or name in any log line', async () => {
    for (const reply of [{ status: 500 }, { status: 403 }, { delayMs: 500 }] as Reply[]) {
      const { cashfree, lines } = await verifier({ otp: reply, pan: reply }, 150);
      await expect(cashfree.registerAadhaar({ aadhaar: person.aadhaar, fullName: person.fullName, birthDate: person.birthDate })).rejects.toBeInstanceOf(KycUnavailable);
      await expect(cashfree.verifyIndia({ pan: person.pan, fullName: person.fullName, birthDate: person.birthDate, aadhaarReference: 'cf-okyc:1', ...images })).rejects.toBeInstanceOf(KycUnavailable);
      expect(lines.length).toBeGreaterThan(0);
      for (const secret of [person.aadhaar, person.pan, 'Priya']) expect(lines.join('\n')).not.toContain(secret);
      await close?.();
    }
  });
});

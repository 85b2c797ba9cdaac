import { afterEach, describe, expect, it } from 'vitest';
import { createDiditVerifier } from './kyc-didit';
import type { MexicoInput } from './kyc-check';
import { KycUnavailable } from './kyc-provider';
import { sandboxApplicants } from './kyc-sandbox-data';
import { memoryLogger, providerServer, type Received, type Reply } from './kyc-test-server';

/* Didit's protocol (docs.didit.me: database-validation, id-verification, face-match), answered by a local server. */

const API_KEY = 'didit-test-key';
const person = sandboxApplicants.verified.MX;
const input: MexicoInput = { ...person, ineFront: Buffer.from('front-jpeg'), ineBack: Buffer.from('back-jpeg'), selfie: Buffer.from('selfie-jpeg') };

/** The documented answers: a RENAPO match, a readable INE with the CURP and CIC, a register match, a face score. */
const documented = {
  curp: { request_id: 'req-curp-1', status: 'Approved', issuing_state: 'MEX', match_type: 'full_match', validations: [{ service_id: 'mex_curp', outcome_code: 'MATCH', validation: { personal_number: 'full_match', first_name: 'full_match', last_name: 'full_match' }, source_data: { personal_number: person.curp } }] },
  ineRead: { request_id: 'req-ine-read', id_verification: { status: 'Approved', document_type: 'Identity Card', document_number: '123456789', personal_number: person.curp, first_name: 'MARIA FERNANDA', warnings: [] } },
  ineRegister: { request_id: 'req-ine-1', status: 'Approved', match_type: 'full_match', validations: [{ service_id: 'mex_ine_vigencia', outcome_code: 'MATCH', validation: { cic: 'full_match' } }] },
  face: { request_id: 'req-face-1', face_match: { status: 'Approved', score: 92, warnings: [] }, created_at: '2025-05-01T13:11:07.977806Z' },
};

type Answers = { curp?: Reply; ineRead?: Reply; ineRegister?: Reply; face?: Reply };
let close: (() => Promise<void>) | undefined;
afterEach(async () => close?.());

async function verifier(answers: Answers = {}, timeoutMs = 2_000) {
  const server = await providerServer((req: Received) => {
    if (req.path === '/v3/face-match/') return answers.face ?? { body: documented.face };
    if (req.path === '/v3/id-verification/') return answers.ineRead ?? { body: documented.ineRead };
    if (req.path === '/v3/database-validation/' && req.form?.get('services') === 'mex_curp') return answers.curp ?? { body: documented.curp };
    if (req.path === '/v3/database-validation/') return answers.ineRegister ?? { body: documented.ineRegister };
    return { status: 404 };
  });
  close = server.close;
  const { log, lines } = memoryLogger();
  return { didit: createDiditVerifier({ url: server.url, apiKey: API_KEY, timeoutMs }, log), received: server.received, lines };
}

const byCheck = (results: { check: string }[]) => Object.fromEntries(results.map((r) => [r.check, r])) as Record<string, (typeof results)[number] & { outcome: string; score: number | null; reference: string; detail: Record<string, unknown> }>;

describe('Didit (Mexico)', () => {
  it('sends the CURP, names and birth date to RENAPO, reads the INE, checks it at the register, compares the selfie: all verified', async () => {
    const { didit, received } = await verifier();
    const r = byCheck(await didit.verifyMexico(input));
    expect([r.curp?.outcome, r.ine?.outcome, r.face?.outcome]).toEqual(['verified', 'verified', 'verified']);
    expect(r.curp?.reference).toBe('req-curp-1');
    expect(r.face?.score).toBe(92);
    expect(received.every((q) => q.headers['x-api-key'] === API_KEY)).toBe(true);
    const curp = received.find((q) => q.form?.get('services') === 'mex_curp')!.form!;
    expect(Object.fromEntries(['issuing_state', 'personal_number', 'first_name', 'last_name', 'date_of_birth'].map((k) => [k, curp.get(k)]))).toEqual({
      issuing_state: 'MEX', personal_number: person.curp, first_name: 'María Fernanda', last_name: 'López Hernández', date_of_birth: '1992-05-14',
    });
    expect(received.find((q) => q.form?.get('services') === 'mex_ine_vigencia')!.form!.get('cic')).toBe('123456789');
    const face = received.find((q) => q.path === '/v3/face-match/')!.form!;
    expect(Buffer.from(await (face.get('user_image') as Blob).arrayBuffer()).toString()).toBe('selfie-jpeg');
    expect(Buffer.from(await (face.get('ref_image') as Blob).arrayBuffer()).toString()).toBe('front-jpeg');
    // Nothing of the registry's data is kept: only outcome words.
    expect(JSON.stringify(r.curp?.detail)).not.toContain(person.curp);
  });

  it('maps RENAPO\'s outcome codes: a name that differs, a CURP not found, bad input, an unknown code (asked again later)', async () => {
    const validation = (outcome_code: string, fields: Record<string, string> = {}) => ({ body: { request_id: 'r', validations: [{ service_id: 'mex_curp', outcome_code, validation: fields }] } });
    const cases: [Reply, string][] = [
      [validation('PARTIAL_MATCH', { personal_number: 'full_match', first_name: 'no_match', last_name: 'full_match' }), 'name_mismatch'],
      [validation('PARTIAL_MATCH', { personal_number: 'full_match', first_name: 'full_match', date_of_birth: 'no_match' }), 'data_mismatch'],
      [validation('DOCUMENT_NOT_FOUND'), 'not_found'],
      [validation('NO_MATCH'), 'not_found'],
      [validation('INVALID_INPUT'), 'data_mismatch'],
      [validation('SOMETHING_NEW'), 'unavailable'],
    ];
    for (const [reply, outcome] of cases) {
      const { didit } = await verifier({ curp: reply });
      expect(byCheck(await didit.verifyMexico(input)).curp?.outcome, JSON.stringify(reply)).toBe(outcome);
      await close?.();
    }
  });

  it('an INE whose CURP is another\'s, or that the reading declines, is a data mismatch; a low face score is a face mismatch', async () => {
    const other = { body: { request_id: 'x', id_verification: { ...documented.ineRead.id_verification, personal_number: 'HEGG560427MVZRRL04' } } };
    const first = await verifier({ ineRead: other, face: { body: { request_id: 'f', face_match: { status: 'Declined', score: 41, warnings: [] } } } });
    let r = byCheck(await first.didit.verifyMexico(input));
    expect([r.ine?.outcome, r.face?.outcome, r.face?.score]).toEqual(['data_mismatch', 'face_mismatch', 41]);
    expect(first.received.some((q) => q.form?.get('services') === 'mex_ine_vigencia')).toBe(false);
    await close?.();
    const { didit } = await verifier({ ineRead: { body: { request_id: 'x', id_verification: { status: 'Declined', warnings: [{ risk: 'PRINTED_COPY_DETECTED' }] } } } });
    r = byCheck(await didit.verifyMexico(input));
    expect([r.ine?.outcome, r.ine?.detail.warnings]).toEqual(['data_mismatch', ['PRINTED_COPY_DETECTED']]);
  });

  it('a 5xx, a 429, a refused key or no answer in time: KycUnavailable, and no identity number or name in any log line', async () => {
    for (const reply of [{ status: 503 }, { status: 429 }, { status: 401 }, { delayMs: 500 }] as Reply[]) {
      const { didit, lines } = await verifier({ curp: reply }, 150);
      await expect(didit.verifyMexico(input)).rejects.toBeInstanceOf(KycUnavailable);
      expect(lines.length).toBeGreaterThan(0);
      for (const secret of [person.curp, 'López', 'María']) expect(lines.join('\n')).not.toContain(secret);
      await close?.();
    }
  });
});

import { createHash, randomBytes } from 'node:crypto';
import { checkAadhaar } from '@presta/contract/identity/aadhaar';
import { checkCurp } from '@presta/contract/identity/curp';
import { checkPan } from '@presta/contract/identity/pan';
import { normalizeIdentityNumber } from '@presta/contract/identity/normalize';
import { FACE_MATCH_THRESHOLD, type KycCheckName, type KycCheckResult, type KycOutcome, type KycProvider } from './kyc-check';

/*
 * The sandbox verifier: development's, the demo's and the tests'. No network; the outcome is read from the test
 * data (docs/identity-verification.md "Sandbox"), so any other well-formed identity verifies:
 * - Mexico, the CURP's homoclave (position 17): 9 or Z does not exist at RENAPO (nor its INE), 8 or Y is registered
 *   under another name, 7 or X has a selfie that does not match the INE photo.
 * - India, the PAN's four digits: 9999 does not exist, 8888 is registered under another name, 7777 has a selfie
 *   that does not match the PAN card. An Aadhaar number starting 9999 does not exist.
 * The face score is 0–100 from the images' bytes: 80–99 for a match, 10–49 for the face mismatch; the threshold is
 * FACE_MATCH_THRESHOLD (70). A missing image (empty) is a mismatch with no score.
 */

export const SANDBOX_PROVIDER = 'sandbox';

type Marked = 'verified' | 'not_found' | 'name_mismatch' | 'face_mismatch';

const CURP_MARKS: Record<string, Marked> = { '9': 'not_found', Z: 'not_found', '8': 'name_mismatch', Y: 'name_mismatch', '7': 'face_mismatch', X: 'face_mismatch' };
const PAN_MARKS: Record<string, Marked> = { '9999': 'not_found', '8888': 'name_mismatch', '7777': 'face_mismatch' };
/** The reference of a registered Aadhaar carries the outcome class chosen at registration, and a random id: nothing of the number. */
const AADHAAR_REFERENCE = /^sbx-okyc-(v|n)-[0-9a-f]{16}$/;

const reference = (check: KycCheckName) => `sbx-${check}-${randomBytes(8).toString('hex')}`;
const result = (check: KycCheckName, outcome: KycOutcome, score: number | null = null, detail: Record<string, unknown> = {}): KycCheckResult => ({
  check,
  outcome,
  score,
  provider: SANDBOX_PROVIDER,
  reference: reference(check),
  detail: { sandbox: true, ...detail },
});

/** The selfie against the document's photo: a score from both images' bytes, below the threshold for a marked mismatch. */
function faceCheck(selfie: Buffer, document: Buffer, mismatch: boolean): KycCheckResult {
  if (selfie.length === 0 || document.length === 0) return result('face', 'face_mismatch', null, { missingImage: true });
  const h = createHash('sha256').update(selfie).update(document).digest().readUInt32BE(0);
  const score = mismatch ? 10 + (h % 40) : 80 + (h % 20);
  return result('face', score >= FACE_MATCH_THRESHOLD ? 'verified' : 'face_mismatch', score, { threshold: FACE_MATCH_THRESHOLD });
}

export function createKycSandbox(): KycProvider {
  return {
    name: SANDBOX_PROVIDER,

    registerAadhaar({ aadhaar }) {
      const n = normalizeIdentityNumber(aadhaar);
      const found = checkAadhaar(n) === null && !n.startsWith('9999');
      return Promise.resolve({ reference: `sbx-okyc-${found ? 'v' : 'n'}-${randomBytes(8).toString('hex')}`, last4: n.slice(-4) });
    },

    verifyMexico(input) {
      const curp = normalizeIdentityNumber(input.curp);
      const mark = CURP_MARKS[curp[16] ?? ''] ?? 'verified';
      const fault = checkCurp(curp, input);
      const curpOutcome: KycOutcome =
        mark === 'not_found' ? 'not_found' : mark === 'name_mismatch' ? 'name_mismatch' : fault ? 'data_mismatch' : 'verified';
      const ineOutcome: KycOutcome =
        mark === 'not_found' ? 'not_found' : input.ineFront.length === 0 || input.ineBack.length === 0 ? 'data_mismatch' : 'verified';
      return Promise.resolve([
        result('curp', curpOutcome, null, fault && curpOutcome === 'data_mismatch' ? { fault } : {}),
        result('ine', ineOutcome),
        faceCheck(input.selfie, input.ineFront, mark === 'face_mismatch'),
      ]);
    },

    verifyIndia(input) {
      const pan = normalizeIdentityNumber(input.pan);
      const mark = PAN_MARKS[pan.slice(5, 9)] ?? 'verified';
      const panOutcome: KycOutcome =
        mark === 'not_found' || checkPan(pan) !== null ? 'not_found' : mark === 'name_mismatch' ? 'name_mismatch' : 'verified';
      const registered = AADHAAR_REFERENCE.exec(input.aadhaarReference);
      const aadhaarOutcome: KycOutcome = registered?.[1] === 'v' ? 'verified' : 'not_found';
      return Promise.resolve([
        result('pan', panOutcome, panOutcome === 'name_mismatch' ? 35 : panOutcome === 'verified' ? 100 : null),
        { ...result('aadhaar', aadhaarOutcome), reference: input.aadhaarReference || reference('aadhaar') },
        faceCheck(input.selfie, input.panCard, mark === 'face_mismatch'),
      ]);
    },
  };
}

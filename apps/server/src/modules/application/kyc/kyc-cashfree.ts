import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { normalizeIdentityNumber } from '@presta/contract/identity/normalize';
import { imagePart, kycPost, str, type KycAnswer } from './kyc-http';
import { FACE_MATCH_THRESHOLD, type AadhaarRegistration, type IndiaInput, type KycCheckResult, type KycOutcome } from './kyc-check';

/*
 * India's live verifier: Cashfree Secure ID (cashfree.com/docs/api-reference/vrs, headers x-client-id and
 * x-client-secret; base https://api.cashfree.com/verification, sandbox https://sandbox.cashfree.com/verification).
 * - PAN: POST /pan {pan, name} → valid, type (Individual…), registered_name, name_match_score, name_match_result
 *   (DIRECT_MATCH, GOOD_PARTIAL_MATCH, MODERATE_PARTIAL_MATCH, POOR_PARTIAL_MATCH, NO_MATCH), pan_status.
 * - Aadhaar (UIDAI's offline e-KYC): POST /offline-aadhaar/otp {aadhaar_number} → status SUCCESS (UIDAI sent an
 *   OTP to the number's mobile: the number exists) and ref_id. The number is sent this once and never kept: the
 *   reference keeps Cashfree's ref_id and what the answer said. The OTP itself is not asked for yet
 *   (docs/identity-verification.md "Aadhaar"): the check answers the number's existence, not the holder's OTP.
 * - Face: POST /face-match multipart verification_id first_image (selfie) second_image (PAN card) threshold →
 *   face_match_score 0–1, face_match_result YES/NO.
 * Registered names and PAN details are not kept in detail: only outcome words and scores.
 */

export const CASHFREE_PROVIDER = 'cashfree';

type CashfreeSettings = { url: string; clientId: string | undefined; clientSecret: string | undefined; timeoutMs: number };

/** PAN name matches Cashfree grades as the holder's. */
const NAME_MATCHES = new Set(['DIRECT_MATCH', 'GOOD_PARTIAL_MATCH']);
/** The Aadhaar reference: okyc (an OTP was sent: the number exists) or okyc-invalid, then Cashfree's ref_id. */
const AADHAAR_REFERENCE = /^cf-(okyc|okyc-invalid):([\w.-]{0,64})$/;

/** PAN's answer as an outcome. */
export function panOutcome(body: Record<string, unknown>): KycOutcome {
  if (body.valid !== true || (str(body.pan_status) !== '' && str(body.pan_status) !== 'VALID')) return 'not_found';
  if (str(body.type) !== '' && str(body.type) !== 'Individual') return 'data_mismatch';
  return NAME_MATCHES.has(str(body.name_match_result)) ? 'verified' : 'name_mismatch';
}

export function createCashfreeVerifier(settings: CashfreeSettings, log: FastifyBaseLogger) {
  const headers = { 'x-client-id': settings.clientId ?? '', 'x-client-secret': settings.clientSecret ?? '' };
  const post = (name: string, path: string, body: FormData | Record<string, unknown>): Promise<KycAnswer> =>
    kycPost(
      {
        provider: CASHFREE_PROVIDER,
        name,
        url: `${settings.url}${path}`,
        headers: body instanceof FormData ? headers : { ...headers, 'content-type': 'application/json' },
        body: body instanceof FormData ? body : JSON.stringify(body),
        timeoutMs: settings.timeoutMs,
      },
      log,
    );
  const checkResult = (check: KycCheckResult['check'], outcome: KycOutcome, reference: string, detail: Record<string, unknown>, score: number | null = null): KycCheckResult => ({
    check,
    outcome,
    score,
    provider: CASHFREE_PROVIDER,
    reference,
    detail,
  });

  async function panCheck(input: IndiaInput): Promise<KycCheckResult> {
    const { body } = await post('pan', '/pan', { pan: normalizeIdentityNumber(input.pan), name: input.fullName });
    const score = typeof body.name_match_score === 'number' ? Math.round(body.name_match_score) : null;
    const detail = { valid: body.valid === true, type: str(body.type), panStatus: str(body.pan_status), nameMatch: str(body.name_match_result) };
    return checkResult('pan', panOutcome(body), str(body.reference_id), detail, score);
  }

  function aadhaarCheck(reference: string): KycCheckResult {
    const kind = AADHAAR_REFERENCE.exec(reference)?.[1];
    const outcome = kind === 'okyc' ? 'verified' : 'not_found';
    return checkResult('aadhaar', outcome, reference, { method: 'offline_ekyc_otp_sent', otpVerified: false });
  }

  async function faceCheck(selfie: Buffer, card: Buffer): Promise<KycCheckResult> {
    if (selfie.length === 0 || card.length === 0) return checkResult('face', 'face_mismatch', '', { missingImage: true });
    const form = new FormData();
    form.append('verification_id', randomUUID());
    imagePart(form, 'first_image', selfie, 'selfie.jpg');
    imagePart(form, 'second_image', card, 'pan-card.jpg');
    form.append('threshold', String(FACE_MATCH_THRESHOLD / 100));
    const { body } = await post('face', '/face-match', form);
    const score = typeof body.face_match_score === 'number' ? Math.round(body.face_match_score * 100) : null;
    const outcome = score !== null && score >= FACE_MATCH_THRESHOLD ? 'verified' : 'face_mismatch';
    return checkResult('face', outcome, str(body.ref_id), { result: str(body.face_match_result), threshold: FACE_MATCH_THRESHOLD }, score);
  }

  return {
    async registerAadhaar(input: AadhaarRegistration): Promise<{ reference: string; last4: string }> {
      const aadhaar = normalizeIdentityNumber(input.aadhaar);
      const { status, body } = await post('aadhaar-otp', '/offline-aadhaar/otp', { aadhaar_number: aadhaar });
      const sent = status < 300 && str(body.status) === 'SUCCESS';
      const refId = str(body.ref_id).replace(/[^\w.-]/g, '').slice(0, 64);
      return { reference: `cf-${sent ? 'okyc' : 'okyc-invalid'}:${refId}`, last4: aadhaar.slice(-4) };
    },

    async verifyIndia(input: IndiaInput): Promise<KycCheckResult[]> {
      const [pan, face] = await Promise.all([panCheck(input), faceCheck(input.selfie, input.panCard)]);
      return [pan, aadhaarCheck(input.aadhaarReference), face];
    },
  };
}

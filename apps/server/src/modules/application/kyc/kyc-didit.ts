import type { FastifyBaseLogger } from 'fastify';
import { normalizeIdentityNumber } from '@presta/contract/identity/normalize';
import { imagePart, kycPost, obj, str, type KycAnswer } from './kyc-http';
import { FACE_MATCH_THRESHOLD, type KycCheckName, type KycCheckResult, type KycOutcome, type MexicoInput } from './kyc-check';

/*
 * Mexico's live verifier: Didit (docs.didit.me, header x-api-key, multipart forms).
 * - CURP: POST /v3/database-validation/ issuing_state=MEX services=mex_curp personal_number first_name last_name
 *   date_of_birth → RENAPO's answer per service: validations[].outcome_code (MATCH, PARTIAL_MATCH, NO_MATCH,
 *   DOCUMENT_NOT_FOUND, INVALID_DOCUMENT_FORMAT, INVALID_INPUT, …) and validation{field: full_match|…}.
 * - INE: POST /v3/id-verification/ front_image back_image reads the card (OCR, MRZ, fraud checks: status, CURP as
 *   personal_number, CIC as document_number); then database-validation services=mex_ine_vigencia with that cic
 *   checks the card against the INE's register (Lista Nominal: vigencia, valid as identification).
 * - Face: POST /v3/face-match/ user_image (selfie) ref_image (the INE front) → face_match.score 0–100.
 * Only outcome codes, per-field match words, statuses and warnings are kept in detail: never the registry's data.
 */

export const DIDIT_PROVIDER = 'didit';

type DiditSettings = { url: string; apiKey: string | undefined; timeoutMs: number };

const NAME_FIELDS = ['first_name', 'last_name', 'full_name'];

/** RENAPO's or the INE register's answer for one service, as an outcome. */
export function diditValidationOutcome(body: Record<string, unknown>, serviceId: string): { outcome: KycOutcome; detail: Record<string, unknown> } {
  const validations = Array.isArray(body.validations) ? body.validations.map(obj) : [];
  const entry = validations.find((v) => str(v.service_id) === serviceId) ?? validations[0] ?? {};
  const code = str(entry.outcome_code);
  const fields = obj(entry.validation);
  const detail = { outcomeCode: code, matchType: str(body.match_type), validation: fields };
  switch (code) {
    case 'MATCH':
      return { outcome: 'verified', detail };
    case 'PARTIAL_MATCH': {
      const nameDiffers = NAME_FIELDS.some((f) => f in fields && fields[f] !== 'full_match');
      return { outcome: nameDiffers ? 'name_mismatch' : 'data_mismatch', detail };
    }
    case 'NO_MATCH':
    case 'DOCUMENT_NOT_FOUND':
      return { outcome: 'not_found', detail };
    case 'INVALID_DOCUMENT_FORMAT':
    case 'INVALID_INPUT':
      return { outcome: 'data_mismatch', detail };
    default:
      // The registry could not answer (or an outcome this adapter does not know): asked again later, never guessed.
      return { outcome: 'unavailable', detail };
  }
}

export function createDiditVerifier(settings: DiditSettings, log: FastifyBaseLogger) {
  const post = (name: string, path: string, form: FormData): Promise<KycAnswer> =>
    kycPost({ provider: DIDIT_PROVIDER, name, url: `${settings.url}${path}`, headers: { 'x-api-key': settings.apiKey ?? '' }, body: form, timeoutMs: settings.timeoutMs }, log);
  const checkResult = (check: KycCheckName, outcome: KycOutcome, body: Record<string, unknown>, detail: Record<string, unknown>, score: number | null = null): KycCheckResult => ({
    check,
    outcome,
    score,
    provider: DIDIT_PROVIDER,
    reference: str(body.request_id),
    detail,
  });

  function personForm(serviceId: string, input: MexicoInput): FormData {
    const form = new FormData();
    form.append('issuing_state', 'MEX');
    form.append('services', serviceId);
    form.append('first_name', input.givenNames);
    form.append('last_name', `${input.firstSurname} ${input.secondSurname}`.trim());
    form.append('date_of_birth', input.birthDate);
    return form;
  }

  async function curpCheck(input: MexicoInput): Promise<KycCheckResult> {
    const form = personForm('mex_curp', input);
    form.append('personal_number', normalizeIdentityNumber(input.curp));
    const { body } = await post('curp', '/v3/database-validation/', form);
    const { outcome, detail } = diditValidationOutcome(body, 'mex_curp');
    return checkResult('curp', outcome, body, detail);
  }

  async function ineCheck(input: MexicoInput): Promise<KycCheckResult> {
    if (input.ineFront.length === 0 || input.ineBack.length === 0) return checkResult('ine', 'data_mismatch', {}, { missingImage: true });
    const read = new FormData();
    imagePart(read, 'front_image', input.ineFront, 'ine-front.jpg');
    imagePart(read, 'back_image', input.ineBack, 'ine-back.jpg');
    const { body: card } = await post('ine-read', '/v3/id-verification/', read);
    const id = obj(card.id_verification ?? card);
    const warnings = Array.isArray(id.warnings) ? id.warnings.map((w) => str(obj(w).risk) || str(w)) : [];
    const readDetail = { documentStatus: str(id.status), warnings };
    if (str(id.status) === 'Declined') return checkResult('ine', 'data_mismatch', card, readDetail);
    if (normalizeIdentityNumber(str(id.personal_number)) !== normalizeIdentityNumber(input.curp)) {
      return checkResult('ine', 'data_mismatch', card, { ...readDetail, curpOnCard: 'differs' });
    }
    const form = personForm('mex_ine_vigencia', input);
    form.append('cic', str(id.document_number));
    const { body } = await post('ine-register', '/v3/database-validation/', form);
    const { outcome, detail } = diditValidationOutcome(body, 'mex_ine_vigencia');
    return checkResult('ine', outcome, body, { ...readDetail, ...detail });
  }

  async function faceCheck(selfie: Buffer, portrait: Buffer): Promise<KycCheckResult> {
    if (selfie.length === 0 || portrait.length === 0) return checkResult('face', 'face_mismatch', {}, { missingImage: true });
    const form = new FormData();
    imagePart(form, 'user_image', selfie, 'selfie.jpg');
    imagePart(form, 'ref_image', portrait, 'ine-front.jpg');
    form.append('face_match_score_decline_threshold', String(FACE_MATCH_THRESHOLD));
    const { body } = await post('face', '/v3/face-match/', form);
    const match = obj(body.face_match);
    const score = typeof match.score === 'number' ? Math.round(match.score) : null;
    const outcome = score !== null && score >= FACE_MATCH_THRESHOLD ? 'verified' : 'face_mismatch';
    return checkResult('face', outcome, body, { status: str(match.status), threshold: FACE_MATCH_THRESHOLD }, score);
  }

  return {
    async verifyMexico(input: MexicoInput): Promise<KycCheckResult[]> {
      return Promise.all([curpCheck(input), ineCheck(input), faceCheck(input.selfie, input.ineFront)]);
    },
  };
}

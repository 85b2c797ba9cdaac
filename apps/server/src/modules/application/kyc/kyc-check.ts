import type { CurpPerson } from '@presta/contract/identity/curp';
/*
 * What every identity verifier answers (docs/identity-verification.md), apart from the factory: the adapters import
 * it from here, and kyc-provider.ts gives it with createKycProvider (one import for the callers, no import cycle).
 */

export type KycCheckName = 'curp' | 'ine' | 'pan' | 'aadhaar' | 'face';
export type KycOutcome = 'verified' | 'not_found' | 'name_mismatch' | 'data_mismatch' | 'face_mismatch' | 'unavailable';
export type KycCheckResult = {
  check: KycCheckName;
  outcome: KycOutcome;
  /** face: similarity 0–100 (verified at FACE_MATCH_THRESHOLD and above); other checks: a name match score or null. */
  score: number | null;
  provider: string;
  reference: string;
  detail: Record<string, unknown>;
};

/** The provider did not answer in time, or answered 5xx: the caller answers 503 or retries. */
export class KycUnavailable extends Error {
  constructor(message = 'identity verification provider unavailable') {
    super(message);
    this.name = 'KycUnavailable';
  }
}

/** Face similarity (0–100) from which the selfie counts as the document's holder, for the sandbox and both providers. */
export const FACE_MATCH_THRESHOLD = 70;

/** The person as the identity step saved them (CurpPerson's fields), their CURP and their pictures. */
export type MexicoInput = CurpPerson & {
  curp: string;
  ineFront: Buffer;
  ineBack: Buffer;
  selfie: Buffer;
};
export type IndiaInput = { pan: string; fullName: string; birthDate: string; aadhaarReference: string; panCard: Buffer; selfie: Buffer };
export type AadhaarRegistration = { aadhaar: string; fullName: string; birthDate: string };

export interface KycProvider {
  readonly name: string;
  /** India, identity step: the Aadhaar number handed to the verifier once; its reference and last four (the number is not kept). */
  registerAadhaar(input: AadhaarRegistration): Promise<{ reference: string; last4: string }>;
  /** Mexico, at submit: CURP against RENAPO, the INE card against the Lista Nominal, the selfie against the INE photo. */
  verifyMexico(input: MexicoInput): Promise<KycCheckResult[]>;
  /** India, at submit: PAN and its holder's name, the Aadhaar reference, the selfie against the PAN card's photo. */
  verifyIndia(input: IndiaInput): Promise<KycCheckResult[]>;
}

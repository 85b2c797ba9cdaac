import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config';
import { createCashfreeVerifier } from './kyc-cashfree';
import { createDiditVerifier } from './kyc-didit';
import type { KycProvider } from './kyc-check';
import { createKycSandbox } from './kyc-sandbox';

/*
 * Who verifies an applicant's identity (docs/identity-verification.md): the sandbox (development, the demo and the
 * tests: deterministic by test data, no network) or the live providers, Didit for Mexico and Cashfree Secure ID for
 * India. Every check answers an outcome, a score where there is one, the provider's reference and a detail without
 * identity numbers, names or images. A provider that does not answer in time, or answers 5xx, throws KycUnavailable.
 */

export {
  FACE_MATCH_THRESHOLD,
  KycUnavailable,
  type KycCheckResult,
  type KycProvider,
} from './kyc-check';

/** The configured verifier; production's refusal of an unnamed sandbox or a missing key is productionProblems'. */
export function createKycProvider(config: Config, log: FastifyBaseLogger): KycProvider {
  if (config.kycProvider === 'sandbox') return createKycSandbox();
  const didit = createDiditVerifier({ ...config.didit, timeoutMs: config.kycTimeoutMs }, log);
  const cashfree = createCashfreeVerifier({ ...config.cashfree, timeoutMs: config.kycTimeoutMs }, log);
  return {
    name: 'live',
    registerAadhaar: (input) => cashfree.registerAadhaar(input),
    verifyMexico: (input) => didit.verifyMexico(input),
    verifyIndia: (input) => cashfree.verifyIndia(input),
  };
}

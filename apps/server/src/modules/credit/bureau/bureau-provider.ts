import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config';
import { SandboxBureau } from './bureau-sandbox';
import type { CreditBureau } from './credit-bureau';

/*
 * Which credit bureau the decision asks (docs/credit-bureau.md): CREDIT_BUREAU. Only the sandbox is wired so far
 * (deterministic files by test identity, no network); production refuses it unless CREDIT_BUREAU=sandbox names it
 * on purpose (config.ts productionProblems). Mexico's Círculo de Crédito adapter (bureau-circulo.ts) joins here once
 * India has a live bureau too (CIBIL, Experian, CRIF High Mark or Equifax), behind the same CreditBureau interface.
 */

export function createCreditBureau(config: Pick<Config, 'creditBureau'>, log: FastifyBaseLogger): CreditBureau {
  log.debug({ bureau: config.creditBureau }, 'credit bureau adapter');
  return new SandboxBureau();
}

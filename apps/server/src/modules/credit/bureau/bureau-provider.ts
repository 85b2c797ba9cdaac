import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config';
import { SandboxBureau } from './bureau-sandbox';
import type { CreditBureau } from './credit-bureau';

/*
 * Which credit bureau the decision asks (docs/credit-bureau.md): CREDIT_BUREAU. Only the sandbox exists so far
 * (deterministic files by test identity, no network); production refuses it unless CREDIT_BUREAU=sandbox names it
 * on purpose (config.ts productionProblems). A live adapter (Círculo de Crédito or Buró de Crédito for Mexico;
 * CIBIL, Experian, CRIF High Mark or Equifax for India) goes here, behind the same CreditBureau interface.
 */

export { BureauUnavailable, type BureauReportReceived, type BureauSubject, type CreditBureau } from './credit-bureau';

export function createCreditBureau(config: Pick<Config, 'creditBureau'>, log: FastifyBaseLogger): CreditBureau {
  log.debug({ bureau: config.creditBureau }, 'credit bureau adapter');
  return new SandboxBureau();
}

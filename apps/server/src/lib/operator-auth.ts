import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { errorCodes } from '@presta/contract/error-codes';
import { AppError } from './app-error';

/**
 * The one check of operator calls: `Authorization: Bearer <OPERATOR_TOKEN>`,
 * compared in constant time. No token configured: every call is refused (401).
 * Wrong tokens count against the client address (plugins/app/guess-limits.ts):
 * past the limit the address is refused with 429 before any comparison.
 */
export async function requireOperator(request: FastifyRequest, operatorToken: string | undefined): Promise<void> {
  const guesses = request.server.guessLimits.operator;
  await guesses.check(request);
  const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
  const ok =
    operatorToken !== undefined && given.length === operatorToken.length && timingSafeEqual(Buffer.from(given), Buffer.from(operatorToken));
  if (!ok) {
    if (given !== '') await guesses.fail(request);
    throw new AppError(401, errorCodes.operatorUnauthorized, 'operatorUnauthorized');
  }
}

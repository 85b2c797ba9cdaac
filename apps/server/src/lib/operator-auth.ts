import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { errorCodes } from '@presta/contract/error-codes';
import { AppError } from './app-error';

/**
 * The one check of operator calls: `Authorization: Bearer <OPERATOR_TOKEN>`,
 * compared in constant time. No token configured: every call is refused (401).
 */
export function requireOperator(request: FastifyRequest, operatorToken: string | undefined): void {
  const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
  const ok =
    operatorToken !== undefined && given.length === operatorToken.length && timingSafeEqual(Buffer.from(given), Buffer.from(operatorToken));
  if (!ok) throw new AppError(401, errorCodes.operatorUnauthorized, 'operatorUnauthorized');
}

import { errorCodes } from '@presta/contract/error-codes';
import type { FastifyRequest } from 'fastify';
import { translate } from '../i18n/messages';

/** The success wrapper of §3. */
export function ok<T>(request: FastifyRequest, data: T, code: string = errorCodes.ok) {
  return { success: true, code, message: translate(request.lang, 'ok'), data };
}

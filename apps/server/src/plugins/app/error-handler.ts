import fp from 'fastify-plugin';
import { errorCodes } from '@presta/contract/error-codes';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { FastifyError } from 'fastify';
import { AppError, RETRY_AFTER_SECONDS } from '../../lib/app-error';
import { isDatabaseUnavailable } from '../../lib/db-errors';
import { databaseErrors } from '../../lib/metrics';
import { translate, type MessageKey } from '../../i18n/messages';

const wrapper = (code: string, message: string) => ({ success: false, code, message, data: null });

/**
 * One central error handler: every refusal becomes the response wrapper with a
 * message in the request's language. A 5xx never carries internal details.
 */
export default fp(
  (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const lang = request.lang ?? 'es';
      if (error instanceof AppError) {
        if (error.retryAfter !== undefined) reply.header('retry-after', String(error.retryAfter));
        return reply.status(error.status).send(wrapper(error.code, translate(lang, error.messageKey, error.vars)));
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const detail = error.validation
          .slice(0, 3)
          .map((v) => {
            const field = String(v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
            return field ? `${field}: ${v.message}` : String(v.message);
          })
          .join('; ');
        return reply.status(400).send(wrapper(errorCodes.badRequest, translate(lang, 'badRequest', { detail })));
      }
      if (isResponseSerializationError(error)) {
        request.log.error({ err: error, issues: error.cause }, 'response did not match its schema');
        return reply.status(500).send(wrapper(errorCodes.internal, translate(lang, 'internal')));
      }
      const status = error.statusCode ?? 500;
      if (status === 429) {
        return reply.status(429).send(wrapper(errorCodes.rateLimited, translate(lang, 'rateLimited')));
      }
      if (status >= 400 && status < 500) {
        const key: MessageKey =
          status === 413 ? 'bodyTooLarge' : status === 415 ? 'unsupportedMediaType' : 'badRequestGeneric';
        return reply.status(status).send(wrapper(errorCodes.badRequest, translate(lang, key)));
      }
      if (isDatabaseUnavailable(error)) {
        // PostgreSQL is down, restarting or too slow: a quick 503 the client may retry, never a hang or a 500.
        databaseErrors.inc();
        request.log.warn({ err: error }, 'database unavailable');
        return reply
          .status(503)
          .header('retry-after', String(RETRY_AFTER_SECONDS))
          .send(wrapper(errorCodes.serviceUnavailable, translate(lang, 'serviceUnavailable')));
      }
      request.log.error({ err: error }, 'unexpected error');
      return reply.status(500).send(wrapper(errorCodes.internal, translate(lang, 'internal')));
    });

    app.setNotFoundHandler((request, reply) => {
      reply.status(404).send(wrapper(errorCodes.notFound, translate(request.lang ?? 'es', 'routeNotFound')));
    });
  },
  { name: 'error-handler', dependencies: ['language'] },
);

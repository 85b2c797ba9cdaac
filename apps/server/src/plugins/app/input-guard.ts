import fp from 'fastify-plugin';
import { errorCodes } from '@presta/contract/error-codes';
import { AppError } from '../../lib/app-error';
import { containsNul, jsonTextProblem, MAX_JSON_DEPTH, type InputProblem } from '../../lib/input-checks';

export { MAX_JSON_DEPTH };

/*
 * Input no call can use (issue 11), refused with a 400 and a message before
 * any hook, validation or handler sees it, on every route:
 *
 * - a NUL character (U+0000) in a query key or value, a route parameter, or a
 *   string or key of a body at any depth (PostgreSQL cannot store it in text:
 *   it used to reach the database and answer 500);
 * - JSON nested deeper than MAX_JSON_DEPTH, counted on the raw text while it
 *   is parsed, without recursion (deep bodies used to overflow the stack of
 *   code that walks them).
 *
 * The JSON parser stays Fastify's own (same empty-body, prototype-poisoning
 * and size rules); this plugin runs the check on the text before it.
 * The payment notification route keeps its raw bytes: its provider checks
 * them with the same functions (lib/input-checks.ts) once the signature is
 * verified, and answers in its own format.
 * Multipart uploads read their parts in the handler: field names and file
 * names are never used there, so a NUL in them changes nothing.
 */

export function inputRefusal(problem: InputProblem): AppError {
  return problem === 'nul'
    ? new AppError(400, errorCodes.badRequest, 'inputNulCharacter')
    : new AppError(400, errorCodes.badRequest, 'inputTooDeep', { max: MAX_JSON_DEPTH });
}

export default fp(
  (app) => {
    // Query and route parameters: before the session, the rate limits and the handlers.
    app.addHook('onRequest', (request, _reply, done) => {
      done(containsNul(request.query) || containsNul(request.params) ? inputRefusal('nul') : undefined);
    });

    // JSON bodies: the text is checked, then Fastify's own parser runs.
    const { onProtoPoisoning = 'error', onConstructorPoisoning = 'error' } = app.initialConfig as {
      onProtoPoisoning?: 'error' | 'remove' | 'ignore';
      onConstructorPoisoning?: 'error' | 'remove' | 'ignore';
    };
    const parseJson = app.getDefaultJsonParser(onProtoPoisoning, onConstructorPoisoning);
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const problem = jsonTextProblem(body as string);
      if (problem) {
        done(inputRefusal(problem), undefined);
        return;
      }
      void parseJson(request, body as string, done);
    });

    // Every parsed body (form, JSON, text): no NUL in any string or key.
    app.addHook('preValidation', (request, _reply, done) => {
      done(request.body !== undefined && !Buffer.isBuffer(request.body) && containsNul(request.body) ? inputRefusal('nul') : undefined);
    });
  },
  { name: 'input-guard', dependencies: ['language', 'error-handler'] },
);

import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { errorCodes } from '@presta/contract/error-codes';
import { AppError } from '../../lib/app-error';

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
 * Routes with their own raw parser (the payment notifications) run
 * `rawJsonProblem` on their bytes and answer in their own format.
 * Multipart uploads read their parts in the handler: field names and file
 * names are never used there, so a NUL in them changes nothing.
 */

/**
 * Deepest nesting of arrays and objects a JSON body may have. Our calls'
 * payloads are flat (depth 1, at most 2 with a list); 32 leaves room for any
 * real client and stays far from what could strain a walk of the value.
 */
export const MAX_JSON_DEPTH = 32;

export type InputProblem = 'nul' | 'too_deep';

/**
 * The first problem of a JSON text, in one pass without recursion: a NUL (a
 * raw one or a `\u0000` escape in a string) or nesting deeper than maxDepth.
 * Does not validate the JSON (the parser does); works on any text.
 */
export function jsonTextProblem(text: string, maxDepth = MAX_JSON_DEPTH): InputProblem | undefined {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === 0) return 'nul';
    if (inString) {
      if (c === 0x5c /* \ */) {
        if (text.charCodeAt(i + 1) === 0x75 /* u */ && text.startsWith('0000', i + 2)) return 'nul';
        i += 1; // the escaped character (a quote or a backslash) is content
      } else if (c === 0x22 /* " */) {
        inString = false;
      }
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      depth += 1;
      if (depth > maxDepth) return 'too_deep';
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      depth -= 1;
    }
  }
  return undefined;
}

/** jsonTextProblem of raw bytes (UTF-8: every byte of a multi-byte character is ≥ 0x80, so ASCII is read as is). */
export function rawJsonProblem(bytes: Uint8Array | string, maxDepth = MAX_JSON_DEPTH): InputProblem | undefined {
  return jsonTextProblem(typeof bytes === 'string' ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1'), maxDepth);
}

/** True when a NUL is in any string or key of a parsed value (walked with a stack, not recursion). */
export function containsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true;
    } else if (Array.isArray(item)) {
      for (const element of item) stack.push(element);
    } else if (typeof item === 'object' && item !== null && !Buffer.isBuffer(item)) {
      for (const key of Object.keys(item)) {
        if (key.includes('\u0000')) return true;
        stack.push((item as Record<string, unknown>)[key]);
      }
    }
  }
  return false;
}

export function inputRefusal(problem: InputProblem): AppError {
  return problem === 'nul'
    ? new AppError(400, errorCodes.badRequest, 'inputNulCharacter')
    : new AppError(400, errorCodes.badRequest, 'inputTooDeep', { max: MAX_JSON_DEPTH });
}

export default fp(
  async (app) => {
    // Query and route parameters: before the session, the rate limits and the handlers.
    app.addHook('onRequest', async (request: FastifyRequest) => {
      if (containsNul(request.query) || containsNul(request.params)) throw inputRefusal('nul');
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
      parseJson(request, body as string, done);
    });

    // Every parsed body (form, JSON, text): no NUL in any string or key.
    app.addHook('preValidation', async (request: FastifyRequest) => {
      if (request.body !== undefined && !Buffer.isBuffer(request.body) && containsNul(request.body)) throw inputRefusal('nul');
    });
  },
  { name: 'input-guard', dependencies: ['language', 'error-handler'] },
);

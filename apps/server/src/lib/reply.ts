import { errorCodes } from '@presta/contract/error-codes';
import type { FastifyRequest } from 'fastify';
import { translate } from '../i18n/messages';

/** The success wrapper of §3. */
export function ok<T>(request: FastifyRequest, data: T, code: string = errorCodes.ok) {
  return { success: true, code, message: translate(request.lang, 'ok'), data };
}

/** Answers built once and served many times (frozen, whole): their JSON is kept with them (answerSerializerCompiler). */
const finalAnswers = new WeakSet<object>();

/**
 * Marks a built answer as final: frozen all the way down, so it can never change, and its serialized JSON is
 * kept with it and reused by the serializer (a cached answer is not checked against its schema and stringified
 * again on every call). The caller must not build it further.
 */
export function finalAnswer<T extends object>(data: T): T {
  const freeze = (value: unknown) => {
    if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
    Object.freeze(value);
    for (const child of Object.values(value)) freeze(child);
  };
  freeze(data);
  finalAnswers.add(data);
  return data;
}

type Serialize = (payload: unknown) => string;

/**
 * Fastify's serializer compiler around the contract's (zod: checked against the schema, then stringified): a
 * success wrapper whose data is a final answer is serialized once per wrapper text (success, code and message:
 * the message follows the language) and then reused for as long as the answer lives.
 */
export function answerSerializerCompiler<S>(compile: (route: S) => Serialize): (route: S) => Serialize {
  return (route) => {
    const serialize = compile(route);
    const kept = new WeakMap<object, Map<string, string>>();
    return (payload) => {
      const data = (payload as { data?: unknown } | null)?.data;
      if (data === null || typeof data !== 'object' || !finalAnswers.has(data)) return serialize(payload);
      const { success, code, message } = payload as { success?: unknown; code?: unknown; message?: unknown };
      const key = `${String(success)}|${String(code)}|${String(message)}`;
      let byWrapper = kept.get(data);
      if (!byWrapper) kept.set(data, (byWrapper = new Map<string, string>()));
      let json = byWrapper.get(key);
      if (json === undefined) byWrapper.set(key, (json = serialize(payload)));
      return json;
    };
  };
}

import type { FastifyServerOptions } from 'fastify';
import { keyMapping } from '@presta/contract/key-mapping';
import { languageParam, sessionParamNames } from '@presta/contract/session-params';

/*
 * What reaches a log line (issue 11): no phone number, SMS code, captcha
 * answer, sid, session id, card number, operator token or secret.
 *
 * - Request lines keep the path and the values of an ALLOWLIST of query
 *   parameters (ids and page state); every other value is '[redacted]' (a
 *   deny-list missed `phone=`), and so is a key that is not a plain name.
 * - Errors keep what a developer needs (type, message, code, PostgreSQL's
 *   error code and constraint, stack, causes) and never the values a query
 *   was run with: drizzle puts them in its message ("params: …"), postgres.js
 *   in `parameters`, PostgreSQL in `detail` ("Key (phone)=(…)") and `where`.
 */

export const REDACTED = '[redacted]';

/** Query parameters whose values are logged: ids and page state, never a person's data or a secret. */
const allowedParams = new Set<string>([
  sessionParamNames.productId,
  sessionParamNames.orderId,
  sessionParamNames.appVersion,
  sessionParamNames.osVersion,
  'appVersion',
  'osVersion',
  languageParam,
  'orderNo',
  'problemId',
  'templateId',
  'isType',
  'type',
  // Promotion page state and attribution (track-visit, track-click, channel-template).
  'page_id',
  'page_type',
  'client_type',
  'utm_tag',
  'app_from',
  'user_from',
  // get-captcha's cache-buster; the operators' funnel dates.
  't',
  'from',
  'to',
]);
for (const name of [...allowedParams]) {
  const scrambled = (keyMapping as Record<string, string>)[name];
  if (scrambled) allowedParams.add(scrambled);
}

/** A key that is a plain parameter name (a phone or a token used as a key is not). */
const plainKey = /^[A-Za-z_][A-Za-z0-9_.[\]-]{0,39}$/;

/**
 * Paths whose last segment is a bearer secret: the hosted card checkout page
 * (modules/card-repayment/hosted-checkout.ts CHECKOUT_PATH_PREFIX; the test checks they agree).
 */
const CHECKOUT_PATH = '/api/payments/card-checkout/';
const secretPathSegment = new RegExp(`^(${CHECKOUT_PATH})[^/?#]+`);

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** A key whose text may change when decoded. */
const encodedKey = /[%+]/;

/** How a query parameter is logged: as sent when allowlisted, else its name (or [redacted]) and [redacted] for its value. */
function loggedPair(pair: string): string {
  const eq = pair.indexOf('=');
  const rawKey = eq === -1 ? pair : pair.slice(0, eq);
  const key = encodedKey.test(rawKey) ? decode(rawKey) : rawKey;
  if (allowedParams.has(key)) return pair;
  const shownKey = plainKey.test(key) ? key : REDACTED;
  return eq === -1 ? shownKey : `${shownKey}=${REDACTED}`;
}

/**
 * The URL as logged: the path (a hosted checkout token replaced), then each
 * query parameter with its value when allowlisted, else `name=[redacted]`.
 * Every request line runs it: one pass over the query, a key decoded only
 * when it has an escape.
 */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  const rawPath = at === -1 ? url : url.slice(0, at);
  const path = rawPath.startsWith(CHECKOUT_PATH) ? rawPath.replace(secretPathSegment, `$1${REDACTED}`) : rawPath;
  if (at === -1) return path;
  let out = `${path}?`;
  let start = at + 1;
  for (;;) {
    const amp = url.indexOf('&', start);
    const stop = amp === -1 ? url.length : amp;
    if (stop > start) out += loggedPair(url.slice(start, stop));
    if (amp === -1) return out;
    out += '&';
    start = amp + 1;
  }
}

// ---------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------

export type LoggedError = {
  type: string;
  message: string;
  stack?: string;
  code?: string | number;
  statusCode?: number;
  /** PostgreSQL: severity, the violated constraint, its table and column, the server routine. */
  severity?: string;
  constraint?: string;
  table?: string;
  column?: string;
  routine?: string;
  cause?: LoggedError;
  errors?: LoggedError[];
};

/** How many causes (and AggregateError members) are followed. */
const MAX_CAUSES = 5;
/** Longest message or stack kept (drizzle's message holds the whole query). */
const MAX_TEXT = 4000;
/** Bound values shorter than this are not searched for in texts (they would blot out ordinary words). */
const MIN_SECRET_LENGTH = 3;

type ErrorLike = Record<string, unknown>;

const isObject = (value: unknown): value is ErrorLike => typeof value === 'object' && value !== null;
const isArray = (value: unknown): value is unknown[] => Array.isArray(value);

/** The errors of a chain: the error, its causes, AggregateError members; each once. */
function chainOf(root: unknown): ErrorLike[] {
  const seen = new Set<unknown>();
  const out: ErrorLike[] = [];
  const queue: unknown[] = [root];
  while (queue.length > 0 && out.length < MAX_CAUSES * 2) {
    const next = queue.shift();
    if (!isObject(next) || seen.has(next)) continue;
    seen.add(next);
    out.push(next);
    queue.push(next.cause);
    if (isArray(next.errors)) queue.push(...next.errors.slice(0, MAX_CAUSES));
  }
  return out;
}

/** Values a query was run with, anywhere in the chain (drizzle `params`, postgres.js `parameters` and `args`). */
function boundValues(chain: ErrorLike[]): string[] {
  const values = new Set<string>();
  for (const err of chain) {
    for (const field of ['params', 'parameters', 'args']) {
      const list = err[field];
      if (!Array.isArray(list)) continue;
      for (const item of list.flat(2)) {
        const text =
          typeof item === 'string' ? item : typeof item === 'number' || typeof item === 'bigint' ? String(item) : item instanceof Date ? item.toISOString() : '';
        if (text.trim().length >= MIN_SECRET_LENGTH) values.add(text);
      }
    }
  }
  // Longest first, so that a value containing another is replaced whole.
  return [...values].sort((a, b) => b.length - a.length);
}

/** PostgreSQL message forms that quote a value. */
const valuePatterns: [RegExp, string][] = [
  [/(invalid input (?:syntax|value) for (?:type|enum) [^:\n]*: )"(?:[^"\n]|"")*"/g, `$1"${REDACTED}"`],
  [/(value )"(?:[^"\n]|"")*"( is out of range)/g, `$1"${REDACTED}"$2`],
  [/(Key \([^)\n]*\)=\().*?(\) (?:already exists|is not present|conflicts with))/g, `$1${REDACTED}$2`],
  [/(Failing row contains ).*/g, `$1(${REDACTED})`],
];

/** A text without drizzle's "params: …" part, the bound values and PostgreSQL's quoted values. */
function scrub(text: string, secrets: string[]): string {
  // drizzle: "Failed query: <sql>\nparams: <values>" — in a stack, the values end where the frames begin.
  let out = text.replace(/\nparams: [\s\S]*?(?=\n {4}at |\ncaused by: |$)/g, `\nparams: ${REDACTED}`);
  for (const secret of secrets) out = out.split(secret).join(REDACTED);
  for (const [pattern, replacement] of valuePatterns) out = out.replace(pattern, replacement);
  return out.length > MAX_TEXT ? `${out.slice(0, MAX_TEXT)}…` : out;
}

const stringField = (err: ErrorLike, ...names: string[]): string | undefined => {
  for (const name of names) {
    const value = err[name];
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
};

function serializeOne(err: ErrorLike, secrets: string[], seen: Set<unknown>, depth: number): LoggedError {
  seen.add(err);
  const ctor = (err.constructor as { name?: unknown } | undefined)?.name;
  const out: LoggedError = {
    type: typeof ctor === 'string' && ctor !== 'Object' ? ctor : (stringField(err, 'name') ?? 'Error'),
    // eslint-disable-next-line @typescript-eslint/no-base-to-string -- deliberate: a thrown non-Error's message is logged as String() gives it
    message: scrub(String(err.message ?? ''), secrets),
  };
  if (typeof err.stack === 'string') out.stack = scrub(err.stack, secrets);
  if (typeof err.code === 'string' || typeof err.code === 'number') out.code = err.code;
  if (typeof err.statusCode === 'number') out.statusCode = err.statusCode;
  const severity = stringField(err, 'severity');
  const constraint = stringField(err, 'constraint_name', 'constraint');
  const table = stringField(err, 'table_name', 'table');
  const column = stringField(err, 'column_name', 'column');
  const routine = stringField(err, 'routine');
  if (severity) out.severity = severity;
  if (constraint) out.constraint = constraint;
  if (table) out.table = table;
  if (column) out.column = column;
  if (routine) out.routine = routine;
  if (depth < MAX_CAUSES && isObject(err.cause) && !seen.has(err.cause)) {
    out.cause = serializeOne(err.cause, secrets, seen, depth + 1);
  }
  if (depth < MAX_CAUSES && Array.isArray(err.errors)) {
    out.errors = err.errors
      .slice(0, MAX_CAUSES)
      .filter((e): e is ErrorLike => isObject(e) && !seen.has(e))
      .map((e) => serializeOne(e, secrets, seen, depth + 1));
  }
  return out;
}

/**
 * The `err` of a log line: type, message, stack, code, status, PostgreSQL's
 * severity, constraint, table, column and routine, and the causes — with every
 * value the failed query was run with removed (from messages and stacks too).
 * Everything else an error carries (`detail`, `where`, `parameters`, `params`,
 * `query`, `args`, a request or a body someone attached) is left out.
 */
export function serializeError(value: unknown): LoggedError {
  if (!isObject(value)) return { type: typeof value, message: `non-error value of type ${typeof value}` };
  return serializeOne(value, boundValues(chainOf(value)), new Set(), 0);
}

// ---------------------------------------------------------------------------
// pino options
// ---------------------------------------------------------------------------

/** pino serializers for Fastify: request lines without secrets, errors without bound values. */
export const loggerSerializers = {
  req(req: { method: string; url: string; hostname?: string; ip?: string }) {
    return { method: req.method, url: redactUrl(req.url), hostname: req.hostname, remoteAddress: req.ip };
  },
  err: serializeError,
};

/** Headers that carry a secret: the session id (swift), the advertising id (eyes), tokens, the payment signature. */
const secretHeaders = new Set(['swift', 'eyes', 'authorization', 'cookie', 'x-operator-token', 'x-presta-signature']);

/**
 * Fields that hold an identity number or an image (issue 34): whatever logs an object with one of these keys, at
 * its top or one level down, gets [redacted] in its place. Compared in lower case.
 */
const identityFields = new Set(['aadhaar', 'curp', 'rfc', 'pan', 'selfie', 'document', 'inefront', 'ineback', 'pancard']);

type Fields = Record<string, unknown>;
const isFields = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A copy of `headers` with every secret header's value replaced (names compared in lower case), or undefined when none is there. */
function censoredHeaders(headers: Fields): Fields | undefined {
  let out: Fields | undefined;
  for (const name of Object.keys(headers)) {
    if (!secretHeaders.has(name.toLowerCase())) continue;
    out ??= { ...headers };
    out[name] = REDACTED;
  }
  return out;
}

/** A copy of `fields` with every identity field's value replaced, or undefined when none is there. */
function censoredIdentity(fields: Fields): Fields | undefined {
  let out: Fields | undefined;
  for (const name of Object.keys(fields)) {
    if (!identityFields.has(name.toLowerCase())) continue;
    out ??= { ...fields };
    out[name] = REDACTED;
  }
  return out;
}

/**
 * pino's `formatters.log`: identity numbers and images wherever a log object names them (censoredIdentity), and
 * secret headers wherever a log object carries
 * headers — at its top (`headers`) and one level down from any key (the
 * multipart plugin traces `busboyOptions.headers`). Objects are copied, never
 * changed (the plugin's options are live). A key with a serializer (`req`,
 * `err`) is left to it: the request line keeps no header at all.
 *
 * This replaced pino's `redact` with wildcard paths (`*.headers.swift`, …),
 * which cloned and re-serialised every field of every line, the access line's
 * status and time included: 8 % of the server's time under load (decision 019).
 */
export function censorHeaders(obj: Fields): Fields {
  let out = censoredIdentity(obj) ?? obj;
  for (const key of Object.keys(obj)) {
    if (key in loggerSerializers) continue;
    const value = out[key];
    if (!isFields(value)) continue;
    let replacement: Fields | undefined = censoredIdentity(value);
    if (key === 'headers') replacement = censoredHeaders(replacement ?? value) ?? replacement;
    else if (isFields(value.headers)) {
      const headers = censoredHeaders(value.headers);
      if (headers) replacement = { ...(replacement ?? value), headers };
    }
    if (!replacement) continue;
    if (out === obj) out = { ...obj };
    out[key] = replacement;
  }
  return out;
}

/** The server's logger options (level from LOG_LEVEL); `stream` replaces stdout (the log tests read it). */
export function loggerOptions(level: string, stream?: { write(line: string): void }): FastifyServerOptions['logger'] {
  return {
    level,
    serializers: loggerSerializers,
    formatters: { log: censorHeaders },
    ...(stream ? { stream } : {}),
  } as FastifyServerOptions['logger'];
}

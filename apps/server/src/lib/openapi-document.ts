import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorCodes } from '@presta/contract/error-codes';
import { legacyPaymentCodes } from '@presta/contract/legacy-payment-rules';
import { consoleCookieName } from '@presta/contract/api/console/session';
import { consoleActions, type ConsoleAction } from '@presta/contract/staff-roles';
import { languageParam, sessionCookieName, sessionParamNames } from '@presta/contract/session-params';

/*
 * The OpenAPI document (/docs/json) is generated from the routes themselves:
 * the zod schemas of each route (through fastify-type-provider-zod), plus what
 * this module derives from the route's registration, so that every route,
 * including one added tomorrow, is documented the same way:
 *
 * - operationId: the last fixed segment of the path in camelCase
 *   (/v3/loan-details/loan-details → loanDetails), unless the route names one;
 * - security: `config.auth: 'borrower'` → the session (`swift` in the query or
 *   the `swift` header); other routes name theirs (`config.openapi.security`);
 * - request media types: the body parsers the route's scope really has
 *   (form-only scopes answer JSON with 415, so they are documented as form);
 * - error answers: the wrapper refusals every route of its kind can give
 *   (400, 401 and 429 for borrower calls, 413/415 with a body, 429 when rate
 *   limited, 500, 503) plus the ones the route declares
 *   (`config.openapi.refusals`), each with its wrapper codes.
 *
 * Only the document changes here: validation and serialisation stay the
 * route's own zod schemas.
 */

/** A wrapper refusal: HTTP status → the wrapper codes answered with it. */
export type Refusals = Partial<Record<400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 423 | 429 | 500 | 503, readonly string[]>>;

/** An OpenAPI security requirement: scheme name → scopes (always none here). */
export type SecurityRequirement = Record<string, string[]>;

/** An OpenAPI response object, written by hand for answers that are not the route's zod schema (images, HTML). */
export type ResponseDoc = {
  description: string;
  content?: Record<string, { schema: Record<string, unknown> }>;
  headers?: Record<string, Record<string, unknown>>;
};

/** What a route adds to its generated documentation (route `config.openapi`). */
export type RouteDocs = {
  /** Overrides the derived operationId (when the rule gives a name that is not unique or not telling). */
  operationId?: string;
  /** Who may call it; `config.auth: 'borrower'` routes get the session without saying so. */
  security?: SecurityRequirement[];
  /** Wrapper refusals of this route beyond the ones every route of its kind gives. */
  refusals?: Refusals;
  /** Answers documented by hand (non-JSON bodies, or a route whose refusals are not the wrapper); they replace derived ones. */
  responses?: Record<string, ResponseDoc>;
  /** The request body, for a route that reads it itself (multipart, raw bytes) rather than through a body schema. */
  body?: z.ZodType | Record<string, unknown>;
  /** The body media types, for a route that reads the body itself. */
  consumes?: string[];
  description?: string;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Documentation of the route in the OpenAPI document (lib/openapi-document.ts). */
    openapi?: RouteDocs;
  }
}

/** The security schemes of the document. */
export const securitySchemes = {
  session: {
    type: 'apiKey',
    in: 'query',
    name: sessionParamNames.sessionId,
    description:
      'The borrower session id (`swift`), as the native app puts it in the page URL; the pages forward it on every call. ' +
      'Missing, unknown or expired: 401 with code 401001.',
  },
  sessionHeader: {
    type: 'apiKey',
    in: 'header',
    name: sessionParamNames.sessionId,
    description: 'The same session id in the `swift` header (the form client copies it there); the query wins when both are sent.',
  },
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: sessionCookieName,
    description:
      "A plain browser's session (sign-in with client=web sets it: HttpOnly, Secure, SameSite=Strict). Read only when the call " +
      'carries no `swift`, and only on a same-origin call (Sec-Fetch-Site, Origin = PUBLIC_BASE_URL); else 401 401001.',
  },
  referenceToken: {
    type: 'apiKey',
    in: 'query',
    name: 'token',
    description: "The access key of a store reference, already in the barcode URLs the API hands out (valid while the reference is payable).",
  },
  paymentSignature: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Presta-Signature',
    description: 'HMAC-SHA256 of the raw body with PAYMENT_SANDBOX_SECRET, with its timestamp (docs/payments.md).',
  },
  consoleCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: consoleCookieName,
    description:
      'A back office session (decision 018: HttpOnly, Secure, SameSite=Strict, Path=/console; idle 30 minutes, at most 12 hours). ' +
      'A call that changes something also needs the session\'s CSRF token in `x-csrf-token` and a same-origin request (403 403002). ' +
      'Missing or ended: 401 401004; roles that do not allow the action: 403 403001.',
  },
  staffApiToken: {
    type: 'http',
    scheme: 'bearer',
    description:
      "A staff member's API token for scripts (decision 018 point 9: `pst_` and 43 characters, made by the member, shown once): " +
      'the call acts as the member with their roles now; no cookie nor CSRF token. Wrong, revoked or its member disabled: ' +
      '401 401004; wrong tokens count against the client address (429 past the limit).',
  },
  metricsToken: {
    type: 'http',
    scheme: 'bearer',
    description: 'METRICS_TOKEN (the metrics port, METRICS_PORT, needs none).',
  },
} as const;

type SchemeName = keyof typeof securitySchemes;
const requirement = (...names: SchemeName[]): SecurityRequirement => Object.fromEntries(names.map((n) => [n, []]));

/** Security requirements routes name in `config.openapi.security`. */
export const openapiSecurity = {
  /** Every `auth: 'borrower'` call: the session id in the query or the header, or a browser's session cookie. */
  borrower: [requirement('session'), requirement('sessionHeader'), requirement('sessionCookie')],
  /** Public, and a session when one comes along (it changes the answer): the address's, the header's or a browser's cookie. */
  optionalSession: [{}, requirement('session'), requirement('sessionHeader'), requirement('sessionCookie')],
  /** A store reference's image: its access key, or the owner's session. */
  referenceTokenOrSession: [requirement('referenceToken'), requirement('session'), requirement('sessionHeader'), requirement('sessionCookie')],
  paymentSignature: [requirement('paymentSignature')],
  /** Every `auth: 'staff'` call: the console session's cookie, or a staff member's API token. */
  staff: [requirement('consoleCookie'), requirement('staffApiToken')],
  /** The console calls about the session itself, and making an API token: the cookie only. */
  staffSession: [requirement('consoleCookie')],
  metrics: [requirement('metricsToken')],
  public: [] as SecurityRequirement[],
} satisfies Record<string, SecurityRequirement[]>;

/** What each wrapper code means, for the descriptions of the error answers. */
const codeMeanings: Record<string, string> = {
  [errorCodes.badRequest]: 'malformed payload, wrong type or missing field (the message names it), NUL character, body too large or of a type the call does not take',
  [errorCodes.smsCodeWrong]: 'SMS code wrong, expired or tried too often',
  [errorCodes.captchaWrong]: "the captcha's answer is wrong: a new picture is needed",
  [legacyPaymentCodes.wrongVerificationCode]: 'wrong SMS verification code',
  [errorCodes.sessionInvalid]: 'missing, unknown or expired session (the pages show the joint-logon failure page)',
  [errorCodes.metricsUnauthorized]: 'missing or wrong bearer token',
  [errorCodes.cardDeclined]: 'the card processor declined the charge',
  [errorCodes.notFound]: "unknown object, or another borrower's (indistinguishable on purpose)",
  [errorCodes.invalidTransition]: "the order's status (or the loan) does not allow it now; the message says why",
  [errorCodes.orderInProgress]: 'a loan already in progress for this product with other terms',
  [errorCodes.cardRepaymentClosed]: 'the card repayment can no longer be confirmed, or its token is stale',
  [errorCodes.keyFactsRequired]: "the Key Facts Statement must be read and acknowledged first (India), or it expired",
  [legacyPaymentCodes.repeatPaymentRequest]: 'a payment request for this order is already in progress',
  [errorCodes.outsideProductRules]: "amount or term outside the product's rules or the borrower's limit, or an amount other than the one quoted now",
  [errorCodes.productUnavailable]: 'the product is not available',
  [errorCodes.rateLimited]: 'too many calls; try again later',
  [errorCodes.internal]: 'our fault; never for bad input',
  [errorCodes.serviceUnavailable]: 'the database cannot answer now or the server is stopping; retry after Retry-After seconds',
};

const statusNames: Record<number, string> = {
  400: 'Bad request',
  401: 'Unauthorized',
  402: 'Payment declined',
  404: 'Not found',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload too large',
  415: 'Unsupported media type',
  422: 'Unprocessable',
  429: 'Too many requests',
  500: 'Internal error',
  503: 'Service unavailable',
};

const retryAfter = { 'Retry-After': { type: 'integer', description: 'Seconds to wait before trying again.' } };

/** The JSON body of a wrapper refusal with these codes. */
export function refusalMedia(codes: readonly string[]) {
  return {
    schema: {
      type: 'object',
      properties: {
        success: { type: 'boolean', enum: [false] },
        code: { type: 'string', enum: [...codes] },
        message: { type: 'string', description: "What went wrong, in the request's language (`language`)." },
        data: { type: 'object', nullable: true, enum: [null] },
      },
      required: ['success', 'code', 'message', 'data'],
    },
  };
}

/** A wrapper refusal answer: its codes in the schema and, with their meanings, in the description. */
export function refusalResponse(status: number, codes: readonly string[]): ResponseDoc {
  const meanings = codes.map((c) => `\`${c}\`: ${codeMeanings[c] ?? 'see the message'}`).join('; ');
  return {
    description: `${statusNames[status] ?? 'Refused'}. The wrapper with success false — ${meanings}.`,
    content: { 'application/json': refusalMedia(codes) },
    ...(status === 503 || status === 429 ? { headers: retryAfter } : {}),
  };
}

/** The operationId of a route that names none: the last fixed path segment in camelCase. */
export function operationIdOf(url: string): string {
  const fixed = url.split('/').filter((s) => s !== '' && !s.startsWith(':') && !s.startsWith('{') && s !== '*');
  const last = fixed.at(-1) ?? 'root';
  // The console's calls are named from their whole path under /console/api (consoleSignIn, consoleSetUpOpen…).
  const named = url.startsWith('/console/api/') ? ['console', ...fixed.slice(2)].join('-') : last;
  const words = named.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return words.map((w, i) => (i === 0 ? w.charAt(0).toLowerCase() + w.slice(1) : w.charAt(0).toUpperCase() + w.slice(1))).join('');
}

/** The body media types this document knows, in the order it lists them. */
const documentedMediaTypes = ['application/x-www-form-urlencoded', 'multipart/form-data', 'application/json'] as const;

/**
 * The body media types each route's scope parses, recorded when the route is
 * registered (plugins/app/api-docs.ts's onRoute hook): a scope that removed
 * the JSON parser answers JSON with 415 and is documented as form only.
 */
export const routeMediaTypes = new WeakMap<object, string[]>();

export function mediaTypesOf(hasParser: (type: string) => boolean): string[] {
  return documentedMediaTypes.filter((t) => hasParser(t));
}

/** The query parameters the pages forward on every call (decision 002), documented on the session calls. */
const sessionQueryDoc = {
  type: 'object',
  properties: {
    [sessionParamNames.appVersion]: { type: 'string', description: 'App version (session parameter, forwarded from the page URL).' },
    [sessionParamNames.deviceName]: { type: 'string', description: 'Device name (session parameter).' },
    [sessionParamNames.deviceId]: { type: 'string', description: 'Device id (session parameter).' },
    [sessionParamNames.osVersion]: { type: 'string', description: 'OS version (session parameter).' },
    [sessionParamNames.advertisingId]: { type: 'string', description: 'Advertising id (session parameter).' },
    [sessionParamNames.productId]: { type: 'string', description: "The page's product (session parameter); a call that takes productId reads its payload's." },
    [sessionParamNames.orderId]: { type: 'string', description: "The page's order (session parameter); a call that takes orderId reads its payload's." },
  },
} as const;

/** The answer language, on every call whose answers carry a message. */
const languageQueryDoc = {
  type: 'object',
  properties: {
    [languageParam]: { type: 'string', enum: ['1', '2'], description: 'Language of the messages: 1 English, 2 Spanish (default). Also read from a `language` header.' },
  },
} as const;

type JsonObject = Record<string, unknown>;

/** @fastify/swagger's key for a response's description given beside its schema. */
const responseDescription = 'x-response-description';

function mergeQuery(existing: JsonObject | undefined, ...extra: { properties: JsonObject }[]): JsonObject {
  const base = existing ?? { type: 'object', properties: {} };
  const properties = { ...(base.properties as JsonObject | undefined) };
  for (const e of extra) for (const [k, v] of Object.entries(e.properties)) if (!(k in properties)) properties[k] = v;
  return { ...base, type: 'object', properties };
}

const toJson = (schema: z.ZodType | JsonObject): JsonObject =>
  schema instanceof z.ZodType ? z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'input', unrepresentable: 'any' }) : schema;

type TransformInput = Parameters<typeof jsonSchemaTransform>[0] & { route: RouteOptions };

/** The swagger `transform`: the zod schemas to JSON Schema, then what the route's registration tells. */
export function openapiTransform(input: TransformInput) {
  const { schema, url } = jsonSchemaTransform(input) as { schema: JsonObject | undefined; url: string };
  const route = input.route;
  if (schema?.hide) return { schema, url };
  const config = (route.config ?? {}) as {
    auth?: 'borrower' | 'public' | 'staff';
    staffAction?: ConsoleAction | 'signedIn';
    staffApiTokens?: boolean;
    rateLimit?: unknown;
    openapi?: RouteDocs;
  };
  const docs = config.openapi ?? {};
  const out: JsonObject = { ...schema };

  out.operationId = docs.operationId ?? schema?.operationId ?? operationIdOf(route.url);
  if (docs.description) out.description = docs.description;
  const borrower = config.auth === 'borrower';
  const staff = config.auth === 'staff';
  // A console call: the action it takes and the roles that may (staff-roles.ts), for the reader and the role × action matrix test.
  if (staff && config.staffAction) {
    out['x-staff-action'] = config.staffAction;
    const who = config.staffAction === 'signedIn' ? 'any signed-in staff member' : `roles ${consoleActions[config.staffAction].join(', ')}`;
    out.description = [docs.description, `Takes ${config.staffAction === 'signedIn' ? 'no action' : `\`${config.staffAction}\``}: ${who}.`].filter(Boolean).join(' ');
  }
  const tokens = staff && config.staffApiTokens !== false;
  out.security = borrower ? openapiSecurity.borrower : staff ? (tokens ? openapiSecurity.staff : openapiSecurity.staffSession) : (docs.security ?? openapiSecurity.public);

  if (docs.body) out.body = toJson(docs.body);
  const hasBody = out.body !== undefined;
  if (hasBody) out.consumes = docs.consumes ?? routeMediaTypes.get(route) ?? ['application/json'];

  const readsSession = (out.security as SecurityRequirement[]).some((r) => 'session' in r);
  if (readsSession) out.querystring = mergeQuery(out.querystring as JsonObject | undefined, sessionQueryDoc, languageQueryDoc);
  else if (config.auth === 'public') out.querystring = mergeQuery(out.querystring as JsonObject | undefined, languageQueryDoc);

  // Error answers: derived ones, then the route's; answers written by hand replace both.
  const refusals = new Map<number, Set<string>>();
  const add = (status: number, ...codes: string[]) => {
    const set = refusals.get(status) ?? new Set<string>();
    for (const c of codes) set.add(c);
    refusals.set(status, set);
  };
  add(400, errorCodes.badRequest);
  if (borrower) {
    add(401, errorCodes.sessionInvalid);
    add(429, errorCodes.rateLimited);
  }
  if (staff) {
    add(401, errorCodes.staffSessionInvalid);
    add(403, errorCodes.forbidden);
    if (route.method !== 'GET') add(403, errorCodes.csrfInvalid);
    if (tokens) add(429, errorCodes.rateLimited);
  }
  if (config.rateLimit) add(429, errorCodes.rateLimited);
  if (hasBody) {
    add(413, errorCodes.badRequest);
    add(415, errorCodes.badRequest);
  }
  for (const [status, codes] of Object.entries(docs.refusals ?? {})) add(Number(status), ...(codes ?? []));
  add(500, errorCodes.internal);
  add(503, errorCodes.serviceUnavailable);

  const responses: JsonObject = {};
  for (const [status, response] of Object.entries((out.response as JsonObject | undefined) ?? {})) {
    // The runtime's catch-all '4xx' schema gives way to the precise answers below.
    if (/^[0-9]xx$/i.test(status)) continue;
    const described = (response as JsonObject).description !== undefined || (response as JsonObject)[responseDescription] !== undefined;
    responses[status] = described || !status.startsWith('2') ? response : { ...(response as JsonObject), [responseDescription]: 'Success.' };
  }
  for (const [status, response] of Object.entries(docs.responses ?? {})) responses[status] = response;
  for (const [status, codes] of [...refusals].sort(([a], [b]) => a - b)) {
    if (!(String(status) in responses)) responses[String(status)] = refusalResponse(status, [...codes]);
  }
  out.response = responses;
  return { schema: out, url };
}

/**
 * The swagger `transformObject`: checks the whole document (operationIds
 * unique) and drops a `nullable` that has no type beside it (OpenAPI 3.0: an
 * untyped schema already takes any value).
 */
export function openapiTransformObject({ openapiObject }: { openapiObject: Partial<Record<string, unknown>> }) {
  const seen = new Map<string, string>();
  const paths = (openapiObject.paths ?? {}) as Record<string, Record<string, { operationId?: string }>>;
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const id = operation.operationId;
      if (!id) continue;
      const where = `${method.toUpperCase()} ${path}`;
      const other = seen.get(id);
      if (other) throw new Error(`OpenAPI: operationId '${id}' of ${where} is also ${other}'s: give one of them config.openapi.operationId`);
      seen.set(id, where);
    }
  }
  dropUntypedNullable(openapiObject);
  return openapiObject;
}

function dropUntypedNullable(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) dropUntypedNullable(item);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const object = node as JsonObject;
  if (object.nullable === true && !('type' in object) && !('$ref' in object) && !('allOf' in object) && !('anyOf' in object) && !('oneOf' in object)) {
    delete object.nullable;
  }
  for (const value of Object.values(object)) dropUntypedNullable(value);
}

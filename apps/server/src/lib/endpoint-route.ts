import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { envelopeSchema } from '@presta/contract/envelope';
import type { Endpoint } from '@presta/contract/api/endpoint';
import type { ConsoleAction } from '@presta/contract/staff-roles';
import type { Refusals, SecurityRequirement } from './openapi-document';
import { ok } from './reply';
import { z as zod } from 'zod';

const errorEnvelope = envelopeSchema(zod.null());

/**
 * A whole answer the handler decides, for the calls whose code decides the
 * wrapper's success, message and HTTP status (the promotion calls of §8: a
 * wrong captcha is '101' with success false, a resend too soon a 429). Its
 * data is checked against the endpoint's schema like any other.
 */
export class EndpointAnswer<Data> {
  constructor(
    readonly status: number,
    readonly wrapper: { success: boolean; code: string; message: string; data: Data },
  ) {}
}

/** Rate-limit key of borrower calls: the borrower (many share a carrier's IP), else the address. */
export const borrowerRateKey = (request: FastifyRequest) => (request.borrower ? `borrower:${request.borrower.id}` : request.ip);

/**
 * An upload: a multipart body the handler reads itself (request.parts(), with
 * the multipart parser its scope registers), so the body has no schema and the
 * handler's input is {}; the form's fields are documented by hand.
 */
export type MultipartUpload = {
  /** The route's body limit in bytes: the file's limit plus room for the multipart framing. */
  bodyLimit: number;
  /** The OpenAPI schema of the form (its file field). */
  form: Record<string, unknown>;
};

/**
 * The one way to expose a contract endpoint: its path, method and schemas come
 * from the contract, so validation, types and the OpenAPI document agree.
 * The handler gets the validated payload (an upload's: {}) and returns the wrapper's data.
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  options: {
    /** A borrower's call, a public one, or a console call (staffAction: what it takes; the staff plugin checks it). */
    auth: 'borrower' | 'public' | 'staff';
    staffAction?: ConsoleAction | 'signedIn';
    /** A console call that takes a console session only (false): an API token is refused. Default: either. */
    staffApiTokens?: false;
    tags: string[];
    /** The wrapper's data (with successCode), or an EndpointAnswer the handler decides whole. */
    handler: (input: z.output<E['request']>, request: FastifyRequest, reply: FastifyReply) => Promise<z.input<E['data']> | EndpointAnswer<z.input<E['data']>>>;
    rateLimit?: { max: number; timeWindow: number | string };
    /** The wrapper's success code: '0' (default) or '00' for the template and legacy payment calls (§8). */
    successCode?: string;
    /**
     * The OpenAPI document: the refusals of this call beyond those of every call of its kind (bad input,
     * session, rate limit, 500, 503: lib/openapi-document.ts), and the security of a public call that reads
     * a session when one comes along.
     */
    refusals?: Refusals;
    security?: SecurityRequirement[];
    /** A multipart upload instead of the contract's form or query payload. */
    multipart?: MultipartUpload;
  },
): void {
  const { multipart } = options;
  const payloadKey = endpoint.method === 'GET' ? 'querystring' : 'body';
  const multipartDocs = multipart ? { consumes: ['multipart/form-data'], body: multipart.form } : {};
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    bodyLimit: multipart?.bodyLimit,
    config: {
      auth: options.auth,
      ...(options.auth === 'staff' ? { staffAction: options.staffAction ?? 'signedIn', staffApiTokens: options.staffApiTokens ?? true } : {}),
      // The native apps' scrambled keys (decision 003); the console is ours and reads the real names.
      scrambleKeys: options.auth !== 'staff',
      openapi: { refusals: options.refusals, security: options.security, ...multipartDocs },
      // Borrower calls count per borrower (many borrowers share a carrier's IP); the
      // session hook has run by then (route-level hooks follow the app's).
      ...(options.rateLimit
        ? {
            rateLimit: {
              ...options.rateLimit,
              keyGenerator: borrowerRateKey,
            },
          }
        : {}),
    },
    schema: {
      summary: endpoint.summary,
      tags: options.tags,
      ...(multipart ? {} : { [payloadKey]: endpoint.request }),
      response: { 200: envelopeSchema(endpoint.data), '4xx': errorEnvelope },
    },
    handler: async (request, reply) => {
      const input = (multipart ? {} : endpoint.method === 'GET' ? request.query : request.body) as z.output<E['request']>;
      const data = await options.handler(input, request, reply);
      if (data instanceof EndpointAnswer) return reply.status(data.status).send(data.wrapper);
      return ok(request, data, options.successCode);
    },
  });
}

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { envelopeSchema } from '@presta/contract/envelope';
import type { Endpoint } from '@presta/contract/api/endpoint';
import type { Refusals, SecurityRequirement } from './openapi-document';
import { ok } from './reply';
import { z as zod } from 'zod';

const errorEnvelope = envelopeSchema(zod.null());

/** Rate-limit key of borrower calls: the borrower (many share a carrier's IP), else the address. */
export const borrowerRateKey = (request: FastifyRequest) => (request.borrower ? `borrower:${request.borrower.id}` : request.ip);

/**
 * The one way to expose a contract endpoint: its path, method and schemas come
 * from the contract, so validation, types and the OpenAPI document agree.
 * The handler gets the validated payload and returns the wrapper's data.
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  options: {
    auth: 'borrower' | 'public';
    tags: string[];
    handler: (input: z.output<E['request']>, request: FastifyRequest, reply: FastifyReply) => Promise<z.input<E['data']>>;
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
  },
): void {
  const payloadKey = endpoint.method === 'GET' ? 'querystring' : 'body';
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: {
      auth: options.auth,
      scrambleKeys: true,
      openapi: { refusals: options.refusals, security: options.security },
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
      [payloadKey]: endpoint.request,
      response: { 200: envelopeSchema(endpoint.data), '4xx': errorEnvelope },
    },
    handler: async (request, reply) => {
      const input = (endpoint.method === 'GET' ? request.query : request.body) as z.output<E['request']>;
      const data = await options.handler(input, request, reply);
      return ok(request, data, options.successCode);
    },
  });
}

import type { FastifyRequest } from 'fastify';

/**
 * The token of an `Authorization: Bearer <token>` header: undefined when the request carries no Authorization
 * header, '' when it carries one of another scheme or without a token.
 */
export function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  return /^Bearer +(\S+) *$/i.exec(header)?.[1] ?? '';
}

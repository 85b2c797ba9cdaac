import type { FastifyReply, FastifyRequest } from 'fastify';
import { sessionCookieName } from '@presta/contract/session-params';

/*
 * A plain browser's session (decision 017 point 4): an HttpOnly, Secure, SameSite=Strict cookie no script can
 * read, sent back on the site's own calls only. A call that authenticates by it must come from our own pages.
 */

const SESSION_COOKIE = sessionCookieName;

/** The cookie's attributes: the whole site, never to scripts, never cross-site, HTTPS only. */
const cookieAttributes = { path: '/', httpOnly: true, secure: true, sameSite: 'strict' } as const;

/*
 * Written as a header (@fastify/cookie's serializer): the plugin runs without its hooks (hook: false), so
 * the calls that carry no cookie pay nothing for it.
 */

/** Sets the session's cookie, ending with the session. */
export function setSessionCookie(reply: FastifyReply, sessionId: string, expiresAt: Date): void {
  reply.header('set-cookie', reply.server.serializeCookie(SESSION_COOKIE, sessionId, { ...cookieAttributes, expires: expiresAt }));
}

/** Tells the browser to forget the session's cookie (empty, expired long ago). */
export function clearSessionCookie(reply: FastifyReply): void {
  reply.header('set-cookie', reply.server.serializeCookie(SESSION_COOKIE, '', { ...cookieAttributes, expires: new Date(0) }));
}

/** Whether the request carries the session cookie (parsed only then: most calls carry none). */
export function sessionCookieOf(request: FastifyRequest, parse: (header: string) => Record<string, string | undefined>): string | undefined {
  const header = request.headers.cookie;
  if (!header?.includes(SESSION_COOKIE)) return undefined;
  const value = parse(header)[SESSION_COOKIE];
  return value === '' ? undefined : value;
}

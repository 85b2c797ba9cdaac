import fp from 'fastify-plugin';
import Tokens from '@fastify/csrf';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { consoleCookieName, csrfHeaderName } from '@presta/contract/api/console';
import { errorCodes } from '@presta/contract/error-codes';
import type { ConsoleAction } from '@presta/contract/staff-roles';
import { AppError } from '../../lib/app-error';
import { isSameOrigin } from '../../lib/same-origin';
import type { AuditActor } from '../audit/audit-log';
import { requireRoles, staffActor, type StaffIdentity } from './staff-service';
import { findStaffSession } from './staff-sessions';

/**
 * The console call's staff member and session (set on every route whose config names a staffAction), and the
 * member as the audit actor of what the call changes (through the console, from the call's address).
 */
export type ConsoleCaller = { member: StaffIdentity; csrfSecret: string; idHash: string; expiresAt: Date; actor: AuditActor };

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member of a console call. */
    staff: ConsoleCaller;
  }
  interface FastifyInstance {
    /** The CSRF token of a console session's secret (answered by sign-in and me). */
    consoleCsrfToken(secret: string): string;
  }
  interface FastifyContextConfig {
    /** A console call: the action it takes ('signedIn': any signed-in member). */
    staffAction?: ConsoleAction | 'signedIn';
  }
}

const cookieAttributes = { httpOnly: true, secure: true, sameSite: 'strict', path: '/console' } as const;

export function setConsoleCookie(reply: FastifyReply, sessionId: string, expiresAt: Date): void {
  reply.header('set-cookie', reply.server.serializeCookie(consoleCookieName, sessionId, { ...cookieAttributes, expires: expiresAt }));
}

export function clearConsoleCookie(reply: FastifyReply): void {
  reply.header('set-cookie', reply.server.serializeCookie(consoleCookieName, '', { ...cookieAttributes, expires: new Date(0) }));
}

/** The console cookie's value, when the request carries one. */
export function consoleCookieOf(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header?.includes(consoleCookieName)) return undefined;
  return request.server.parseCookie(header)[consoleCookieName] || undefined;
}

/**
 * Console calls (decision 018 point 5): the presta_console cookie's session, read from PostgreSQL; a
 * state-changing call must be same-origin and carry the session's CSRF token (x-csrf-token); then the action is
 * authorised against the member's roles now (403, nothing done). A borrower's session is never read here, and
 * this cookie never on a borrower call (the session plugin reads presta_session only).
 */
export default fp(
  (app, opts: { publicBaseUrl: string }, done) => {
    const publicOrigin = new URL(opts.publicBaseUrl).origin;
    const tokens = new Tokens({});
    app.decorate('consoleCsrfToken', (secret: string) => tokens.create(secret));
    app.decorateRequest('staff', null as unknown as ConsoleCaller);
    app.addHook('onRequest', async (request) => {
      const action = request.routeOptions.config.staffAction;
      if (action === undefined) return;
      const session = await findStaffSession(app.db, consoleCookieOf(request));
      if (!session) throw new AppError(401, errorCodes.staffSessionInvalid, 'staffSessionMissing');
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        const token = request.headers[csrfHeaderName];
        if (!isSameOrigin(request, publicOrigin) || typeof token !== 'string' || !tokens.verify(session.csrfSecret, token)) {
          throw new AppError(403, errorCodes.csrfInvalid, 'staffCsrfInvalid');
        }
      }
      // The session has just read the member's roles and that they are not disabled: authorise's rule on them.
      if (action !== 'signedIn') requireRoles(session.member.roles, action);
      request.staff = { ...session, actor: staffActor(session.member, 'console', request.ip) };
    });
    done();
  },
  { name: 'staff', dependencies: ['db', 'session'] },
);

import fp from 'fastify-plugin';
import Tokens from '@fastify/csrf';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { consoleCookieName, csrfHeaderName, staffRolesHeaderName } from '@presta/contract/api/console/session';
import { errorCodes } from '@presta/contract/error-codes';
import type { ConsoleAction } from '@presta/contract/staff-roles';
import { AppError } from '../../lib/app-error';
import { bearerOf } from '../../lib/bearer-token';
import { isSameOrigin } from '../../lib/same-origin';
import type { AuditActor } from '../audit/audit-log';
import { findApiTokenMember } from './staff-api-tokens';
import { requireRoles, staffActor, type StaffIdentity } from './staff-service';
import { findStaffSession, type LiveStaffSession } from './staff-sessions';

/**
 * The console call's staff member, and the member as the audit actor of what the call changes (from the call's
 * address): through a console session (`session`: its CSRF secret and expiry), or one of their API tokens
 * (`apiTokenId`). Set on every route whose config names a staffAction.
 */
export type ConsoleCaller = { member: StaffIdentity; actor: AuditActor; session?: Omit<LiveStaffSession, 'member'>; apiTokenId?: number };

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
    /** false: a console session only, an API token is refused (the session's own calls, making a token). */
    staffApiTokens?: boolean;
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

/** The console session of a call the route takes from a session only (its config's staffApiTokens: false). */
export function sessionOf(request: FastifyRequest): Omit<LiveStaffSession, 'member'> {
  if (!request.staff.session) throw new AppError(401, errorCodes.staffSessionInvalid, 'staffSessionMissing');
  return request.staff.session;
}

/**
 * Console calls (decision 018 points 5 and 9). With `Authorization: Bearer <token>`: one of a member's API tokens
 * (the cookie is then ignored), no CSRF token needed (a browser never sends the header by itself); wrong tokens
 * count against the client address (guessLimits.apiToken: 429 past the limit, before any lookup). Without it: the
 * presta_console cookie's session, read from PostgreSQL; a state-changing call must be same-origin and carry the
 * session's CSRF token (x-csrf-token). Either way the action is then authorised against the member's roles now
 * (403, nothing done). A borrower's session is never read here, and this cookie never on a borrower call.
 */
export default fp(
  (app, opts: { publicBaseUrl: string }, done) => {
    const publicOrigin = new URL(opts.publicBaseUrl).origin;
    const tokens = new Tokens({});
    app.decorate('consoleCsrfToken', (secret: string) => tokens.create(secret));
    app.decorateRequest('staff', null as unknown as ConsoleCaller);

    const byApiToken = async (request: FastifyRequest, token: string): Promise<ConsoleCaller> => {
      if (request.routeOptions.config.staffApiTokens === false) throw new AppError(401, errorCodes.staffSessionInvalid, 'staffTokenNotHere');
      const guesses = app.guessLimits.apiToken;
      await guesses.check(request);
      const found = token === '' ? undefined : await findApiTokenMember(app.db, token);
      if (!found) {
        if (token !== '') await guesses.fail(request);
        throw new AppError(401, errorCodes.staffSessionInvalid, 'staffTokenInvalid');
      }
      return { member: found.member, apiTokenId: found.tokenId, actor: staffActor(found.member, 'api_token', request.ip) };
    };

    const bySession = async (request: FastifyRequest): Promise<ConsoleCaller> => {
      const found = await findStaffSession(app.db, consoleCookieOf(request));
      if (!found) throw new AppError(401, errorCodes.staffSessionInvalid, 'staffSessionMissing');
      const { member, ...session } = found;
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        const token = request.headers[csrfHeaderName];
        if (!isSameOrigin(request, publicOrigin) || typeof token !== 'string' || !tokens.verify(session.csrfSecret, token)) {
          throw new AppError(403, errorCodes.csrfInvalid, 'staffCsrfInvalid');
        }
      }
      return { member, session, actor: staffActor(member, 'console', request.ip) };
    };

    app.addHook('onRequest', async (request, reply) => {
      const action = request.routeOptions.config.staffAction;
      if (action === undefined) return;
      const bearer = bearerOf(request);
      const caller = bearer === undefined ? await bySession(request) : await byApiToken(request, bearer);
      // The roles just read, on the answer (a refusal's too): the open console follows a change at its next call.
      reply.header(staffRolesHeaderName, caller.member.roles.join(','));
      // The session or token has just read the member's roles and that they are not disabled: authorise's rule on them.
      if (action !== 'signedIn') requireRoles(caller.member.roles, action);
      request.staff = caller;
    });
    done();
  },
  { name: 'staff', dependencies: ['db', 'session', 'guess-limits'] },
);

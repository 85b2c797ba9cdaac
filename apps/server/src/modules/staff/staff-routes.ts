import type { FastifyInstance } from 'fastify';
import { consoleMe, consoleSetUpComplete, consoleSetUpOpen, consoleSignIn, consoleSignOut } from '@presta/contract/api/console/session';
import { errorCodes } from '@presta/contract/error-codes';
import type { Config } from '../../config';
import { registerEndpoint } from '../../lib/endpoint-route';
import { publicConsoleCall, staffCall } from './staff-call';
import { recordAudit } from '../audit/audit-log';
import { clearConsoleCookie, consoleCookieOf, sessionOf, setConsoleCookie, type ConsoleCaller } from './staff-plugin';
import { completeSetUp, openSetUpLink, staffActor } from './staff-service';
import { throttledStaffSignIn } from './staff-sign-in-throttle';
import { openStaffSession, revokeStaffSession } from './staff-sessions';

/**
 * The console's session calls (issue 17, decision 018; docs/back-office.md): sign-in (the presta_console cookie),
 * who is signed in with the session's CSRF token, sign-out, and the set-up link's two steps.
 */
export default function staffRoutes(app: FastifyInstance, opts: { config: Config }) {
  const key = opts.config.staffSecretKey;
  const signIn = throttledStaffSignIn(app, key);
  const sessionAnswer = (member: ConsoleCaller['member'], session: { csrfSecret: string; expiresAt: Date }) => ({
    member,
    csrfToken: app.consoleCsrfToken(session.csrfSecret),
    expiresAt: session.expiresAt.toISOString(),
  });

  // No request limit: refused sign-ins are throttled per address and per account (staff-sign-in-throttle.ts).
  registerEndpoint(app, consoleSignIn, {
    ...publicConsoleCall(),
    refusals: { 401: [errorCodes.staffSignInRefused] },
    handler: async (input, request, reply) => {
      const member = await signIn(request, { ...input, clientIp: request.ip });
      const session = await app.db.transaction(async (tx) => {
        const opened = await openStaffSession(tx, { staffId: member.id, clientIp: request.ip });
        await recordAudit(tx, staffActor(member, 'console', request.ip), {
          action: 'staff.signIn',
          objectType: 'staff',
          objectId: member.id,
          after: { secondFactor: input.code ? 'totp' : 'recovery code' },
        });
        return opened;
      });
      setConsoleCookie(reply, session.sessionId, session.expiresAt);
      return sessionAnswer(member, session);
    },
  });

  // The session's own calls: a console session only (an API token has no session, nor a CSRF token to answer).
  registerEndpoint(app, consoleMe, {
    ...staffCall('signedIn', { sessionOnly: true }),
    handler: (_input, request) => Promise.resolve(sessionAnswer(request.staff.member, sessionOf(request))),
  });

  registerEndpoint(app, consoleSignOut, {
    ...staffCall('signedIn', { sessionOnly: true }),
    handler: async (_input, request, reply) => {
      const sessionId = consoleCookieOf(request);
      if (sessionId) await revokeStaffSession(app.db, sessionId);
      clearConsoleCookie(reply);
      return { signedOut: true as const };
    },
  });

  registerEndpoint(app, consoleSetUpOpen, {
    ...publicConsoleCall(20),
    handler: async (input) => openSetUpLink(app.db, key, input.token),
  });

  registerEndpoint(app, consoleSetUpComplete, {
    ...publicConsoleCall(10),
    handler: async (input, request) => completeSetUp(app.db, key, { ...input, clientIp: request.ip }),
  });
}

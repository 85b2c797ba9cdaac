import type { FastifyInstance } from 'fastify';
import {
  accountSessionRevoke,
  accountSessions,
  accountSignIn,
  accountSignInCode,
  accountSignOut,
  accountSignOutEverywhere,
} from '@presta/contract/api/account';
import { errorCodes } from '@presta/contract/error-codes';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import { registerEndpoint } from '../../lib/endpoint-route';
import { borrowerContext } from '../../plugins/app/repositories';
import { createSmsProvider, type SmsProvider } from '../sms/sms-provider';
import { deliverQueuedSms } from '../sms/sms-delivery';
import { clearSessionCookie, setSessionCookie } from './session-cookie';
import { deviceOf } from './session-device';
import { listSessions, revokeSessions } from './session-list';
import { sendSignInCode, signIn, SignInCodeRefused } from './sign-in-service';

/** A public account call (no session yet), rate-limited per client address. */
const publicCall = (max: number) => ({ auth: 'public' as const, tags: ['account'], rateLimit: { max, timeWindow: '1 minute' } });
/** A signed-in borrower's session call, rate-limited per borrower. */
const borrowerCall = { auth: 'borrower' as const, tags: ['account'], rateLimit: { max: 30, timeWindow: '1 minute' } };

/**
 * Sign-in and sessions (issue 16, decision 017, docs/sign-in.md): the two sign-in steps, sign out (this
 * session, or all), the borrower's live sessions and signing one out by its handle. Form bodies only, like
 * the other borrower calls. A revoked session is refused from the next call on every process (the change
 * feed announces it; this process also forgets it at once).
 */
export default function sessionRoutes(app: FastifyInstance, opts: { config: Config; sms?: SmsProvider }) {
  // The pages post these calls with the form client (§7): a JSON or text body is refused in this scope.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  signInRoutes(app, opts);
  sessionListRoutes(app);
}

/** The two sign-in steps: a code by SMS, then the code for a session (an address or a browser's cookie). */
function signInRoutes(app: FastifyInstance, opts: { config: Config; sms?: SmsProvider }) {
  const sms = opts.sms ?? createSmsProvider(opts.config, app.log);

  registerEndpoint(app, accountSignInCode, {
    ...publicCall(10),
    refusals: { 400: [errorCodes.badRequest, errorCodes.captchaWrong], 404: [errorCodes.notFound] },
    handler: async (input, request) => {
      const sent = await sendSignInCode(app.db, input, request.ip);
      // After the commit: the code is stored and queued whatever the gateway does (the retry job sends it otherwise).
      if (sent.outboxId !== undefined) await deliverQueuedSms(app.db, sms, [sent.outboxId], request.log);
      return { resendAfter: sent.resendAfter, expiresIn: sent.expiresIn };
    },
  });

  registerEndpoint(app, accountSignIn, {
    ...publicCall(20),
    refusals: { 400: [errorCodes.badRequest, errorCodes.smsCodeWrong], 404: [errorCodes.notFound] },
    handler: async (input, request, reply) => {
      // Wrong codes count against the client address like unknown session ids (guess limits, shared by every process).
      await app.guessLimits.session.check(request);
      const device = deviceOf(request, input.client);
      const signedIn = await signIn(app.db, { phone: input.phone, code: input.code, device, ttlHours: opts.config.sessionTtlHours }).catch(
        async (error: unknown) => {
          if (error instanceof SignInCodeRefused) await app.guessLimits.session.fail(request);
          throw error;
        },
      );
      const expiresAt = signedIn.expiresAt.toISOString();
      if (input.client === 'web') {
        setSessionCookie(reply, signedIn.sessionId, signedIn.expiresAt);
        return { sessionId: '', expiresAt, profile: signedIn.profile };
      }
      return { sessionId: signedIn.sessionId, expiresAt, profile: signedIn.profile };
    },
  });
}

/** The borrower's live sessions: sign out (this one, or all), list them, sign one out by its handle. */
function sessionListRoutes(app: FastifyInstance) {
  registerEndpoint(app, accountSignOut, {
    ...borrowerCall,
    handler: async (_input, request, reply) => {
      await revokeSessions(borrowerContext(app, request), { idHash: request.borrowerSession.idHash });
      if (request.borrowerSession.via === 'cookie') clearSessionCookie(reply);
      return { signedOut: true as const };
    },
  });

  registerEndpoint(app, accountSignOutEverywhere, {
    ...borrowerCall,
    handler: async (_input, request, reply) => {
      const revoked = await revokeSessions(borrowerContext(app, request), 'all');
      clearSessionCookie(reply);
      return { signedOut: revoked.length };
    },
  });

  registerEndpoint(app, accountSessions, {
    ...borrowerCall,
    handler: async (_input, request) => ({ sessions: await listSessions(borrowerContext(app, request), request.borrowerSession.idHash) }),
  });

  registerEndpoint(app, accountSessionRevoke, {
    ...borrowerCall,
    refusals: { 404: [errorCodes.notFound] },
    handler: async ({ ref }, request, reply) => {
      // Another borrower's handle is answered like an unknown one, and changes nothing.
      const revoked = await revokeSessions(borrowerContext(app, request), { publicId: ref });
      if (revoked.length === 0) throw new AppError(404, errorCodes.notFound, 'sessionNotFound');
      if (revoked.includes(request.borrowerSession.idHash) && request.borrowerSession.via === 'cookie') clearSessionCookie(reply);
      return { signedOut: true as const };
    },
  });
}

import fp from 'fastify-plugin';
import cookie from '@fastify/cookie';
import { errorCodes } from '@presta/contract/error-codes';
import { readSessionParams, sessionParamNames, type SessionParams } from '@presta/contract/session-params';
import { AppError } from '../../lib/app-error';
import type { FastifyRequest } from 'fastify';
import { dueForLastSeen, writeLastSeen, type LiveSession, type SessionBorrower } from './session-service';
import { isSameOrigin } from '../../lib/same-origin';
import { sessionCookieOf } from './session-cookie';

/** The session of a call, and where it came from: the address or a header, or the browser's cookie. */
export type CallSession = LiveSession & { via: 'address' | 'cookie' };

// Written out, not spread: on Node 20 a spread plus a field costs a new hidden class per call (409 of the session hook's 533 ticks; decision 019).
const callSession = (s: LiveSession, via: CallSession['via']): CallSession => ({ idHash: s.idHash, publicId: s.publicId, expiresAt: s.expiresAt, lastSeenAt: s.lastSeenAt, via });

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in borrower; set on every route whose config says auth: 'borrower'. */
    borrower: SessionBorrower;
    /** The session parameters of the query (device values, productId, orderId). */
    sessionParams: SessionParams;
    /** The session of a borrower call (its digest and handle, never its id). */
    borrowerSession: CallSession;
  }
  interface FastifyInstance {
    /**
     * The borrower of a session id, or a 401 (missing, unknown or expired
     * session). An address that keeps presenting unknown ids is refused with
     * 429 (plugins/app/guess-limits.ts).
     */
    sessionBorrower(request: FastifyRequest, sessionId: string | undefined): Promise<SessionBorrower>;
  }
  interface FastifyContextConfig {
    auth?: 'borrower' | 'public' | 'staff';
  }
}

/**
 * Sessions (§6): the session id travels in the query (wire name `swift`, or
 * `sessionId`) or in the form client's `swift` header; without either, in a
 * plain browser's `presta_session` cookie (decision 017), accepted only on a
 * same-origin call. Guessing is limited per address (guess-limits.ts): an id
 * not held live in this process (session-repository.ts) is checked against the address's
 * failed guesses first. A missing, unknown or expired session is refused with code
 * 401001, which the pages turn into the joint-logon failure page. Each call
 * writes the session's last-seen time in the background, at most every 5
 * minutes.
 */
export default fp(
  async (app, opts: { publicBaseUrl: string }) => {
    // Cookies are parsed only by the session hook, and only when it needs them (hook: false).
    await app.register(cookie, { hook: false });
    const publicOrigin = new URL(opts.publicBaseUrl).origin;
    const sessions = app.repos.sessions;
    const lastSeenWrites = new Set<Promise<void>>();

    /** Writes last_seen_at after the call's own work, never failing or delaying it. */
    const noteSeen = (request: FastifyRequest, session: LiveSession, now = Date.now()) => {
      if (!dueForLastSeen(session, now)) return;
      const write = writeLastSeen(app.db, session.idHash, new Date(now)).catch((error: unknown) => {
        request.log.warn({ errorName: error instanceof Error ? error.name : typeof error }, "a session's last-seen time was not written");
      });
      lastSeenWrites.add(write);
      void write.finally(() => lastSeenWrites.delete(write));
    };

    /** The borrower and session of an id from the address or a header, or of the browser's cookie. */
    const authenticate = async (request: FastifyRequest, sessionId: string | undefined) => {
      let id = sessionId;
      let via: CallSession['via'] = 'address';
      if (!id) {
        id = sessionCookieOf(request, (header) => app.parseCookie(header));
        via = 'cookie';
        // A cookie rides along on any request to us: only our own pages may use it.
        if (id && !isSameOrigin(request, publicOrigin)) throw new AppError(401, errorCodes.sessionInvalid, 'sessionMissing');
      }
      // Only guesses are limited: a session this process already holds live is no guess, and is served without
      // asking the shared counter (a borrower behind a carrier's address shared with a guesser keeps working).
      if (id && sessions.held(id, Date.now()) === undefined) await app.guessLimits.session.check(request);
      const found = await sessions.find(id);
      if (found.ok) {
        noteSeen(request, found.session);
        return { borrower: found.borrower, session: callSession(found.session, via) };
      }
      if (found.reason === 'unknown') await app.guessLimits.session.fail(request);
      throw new AppError(401, errorCodes.sessionInvalid, found.reason === 'expired' ? 'sessionExpired' : 'sessionMissing');
    };

    app.decorate('sessionBorrower', async (request: FastifyRequest, sessionId: string | undefined) => (await authenticate(request, sessionId)).borrower);
    app.decorateRequest('borrower', null as unknown as SessionBorrower);
    app.decorateRequest('sessionParams', null as unknown as SessionParams);
    app.decorateRequest('borrowerSession', null as unknown as CallSession);
    // A callback hook, not an async one: a session this process holds live (nearly every call) is accepted in
    // the same turn, with no promise, no guess check and no round trip; any other goes through authenticate.
    app.addHook('onRequest', (request, _reply, done) => {
      if (request.routeOptions.config.auth !== 'borrower') {
        done();
        return;
      }
      const query = (request.query ?? {}) as Record<string, unknown>;
      const params = readSessionParams(query);
      const header = request.headers[sessionParamNames.sessionId];
      if (!params.sessionId && typeof header === 'string' && header !== '') params.sessionId = header;
      request.sessionParams = params;
      const now = Date.now();
      const held = params.sessionId ? sessions.held(params.sessionId, now) : undefined;
      if (held?.ok) {
        noteSeen(request, held.session, now);
        request.borrower = held.borrower;
        request.borrowerSession = callSession(held.session, 'address');
        done();
        return;
      }
      authenticate(request, params.sessionId).then(({ borrower, session }) => {
        request.borrower = borrower;
        request.borrowerSession = session;
        done();
      }, done);
    });
    app.addHook('onClose', async () => {
      await Promise.allSettled([...lastSeenWrites]);
    });
  },
  { name: 'session', dependencies: ['db', 'language', 'repositories', 'guess-limits'] },
);

import fp from 'fastify-plugin';
import { errorCodes } from '@presta/contract/error-codes';
import { readSessionParams, sessionParamNames, type SessionParams } from '@presta/contract/session-params';
import { AppError } from '../../lib/app-error';
import type { FastifyRequest } from 'fastify';
import { VersionedCache } from '../../lib/versioned-cache';
import { dropStaleSessions, findSessionBorrower, type SessionBorrower, type SessionCache } from './session-service';

declare module '../../plugins/app/change-feed' {
  interface AppCaches {
    /** Live sessions by id, dropped when the database announces a change to them. */
    sessions: SessionCache;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in borrower; set on every route whose config says auth: 'borrower'. */
    borrower: SessionBorrower;
    /** The session parameters of the query (device values, productId, orderId). */
    sessionParams: SessionParams;
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
    auth?: 'borrower' | 'public';
  }
}

/**
 * Sessions (§6): the session id travels in the query (wire name `swift`, or
 * `sessionId`) or in the form client's `swift` header. A missing, unknown or
 * expired session is refused with code 401001, which the pages turn into the
 * joint-logon failure page.
 */
export default fp(
  (app) => {
    const sessionCache: SessionCache = new VersionedCache({ ttlMs: app.changeFeed.ttlMs, maxEntries: 20_000 });
    app.changeFeed.register('sessions', sessionCache, (change) => dropStaleSessions(sessionCache, change));
    app.decorate('sessionBorrower', async (request: FastifyRequest, sessionId: string | undefined) => {
      if (sessionId) await app.guessLimits.session.check(request);
      const found = await findSessionBorrower(app.db, sessionId, { cache: app.caches.sessions });
      if (found.ok) return found.borrower;
      if (found.reason === 'unknown') await app.guessLimits.session.fail(request);
      throw new AppError(401, errorCodes.sessionInvalid, found.reason === 'expired' ? 'sessionExpired' : 'sessionMissing');
    });
    app.decorateRequest('borrower', null as unknown as SessionBorrower);
    app.decorateRequest('sessionParams', null as unknown as SessionParams);
    app.addHook('onRequest', async (request) => {
      if (request.routeOptions.config.auth !== 'borrower') return;
      const query = (request.query ?? {}) as Record<string, unknown>;
      const params = readSessionParams(query);
      const header = request.headers[sessionParamNames.sessionId];
      if (!params.sessionId && typeof header === 'string' && header !== '') params.sessionId = header;
      request.sessionParams = params;
      request.borrower = await app.sessionBorrower(request, params.sessionId);
    });
  },
  { name: 'session', dependencies: ['db', 'language', 'change-feed', 'guess-limits'] },
);

import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { errorCodes } from '@presta/contract/error-codes';
import { AppError } from '../../lib/app-error';

/** Failed guesses a client address may make in a window before it is refused (429) until the window ends. */
export const guessLimits = {
  /** Unknown session ids: a person whose session was revoked retries a few times; 128 random bits are not guessed anyway. */
  session: { max: 60, windowMs: 10 * 60_000 },
  /** Wrong staff API tokens on console calls (issue 17): a script is misconfigured once, or uses a revoked token. */
  apiToken: { max: 10, windowMs: 10 * 60_000 },
  /** Wrong METRICS_TOKENs on /metrics: a scraper is misconfigured once. */
  metrics: { max: 10, windowMs: 10 * 60_000 },
} as const;

export type GuessLimit = {
  /** Refuses (429) an address that has used up its failed guesses. */
  check(request: FastifyRequest): Promise<void>;
  /** Counts one failed guess of the address. */
  fail(request: FastifyRequest): Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    guessLimits: Record<keyof typeof guessLimits, GuessLimit>;
  }
}

/**
 * Guessing session ids, staff API tokens or the metrics token is limited per client address
 * (the socket's, or X-Forwarded-For from a trusted proxy): only failures
 * count, in the rate-limit store (Redis, shared by every process, or this
 * process when Redis is down).
 */
export default fp(
  (app) => {
    const limit = (name: keyof typeof guessLimits): GuessLimit => {
      const { max, windowMs } = guessLimits[name];
      const count = app.createRateLimit({ max, timeWindow: windowMs, keyGenerator: (request) => `guess-${name}:${request.ip}` });
      return {
        async check(request) {
          const state = await count(request, { increment: false });
          if (!state.isAllowed && state.remaining === 0) throw new AppError(429, errorCodes.rateLimited, 'rateLimited');
        },
        async fail(request) {
          await count(request);
        },
      };
    };
    app.decorate('guessLimits', { session: limit('session'), apiToken: limit('apiToken'), metrics: limit('metrics') });
  },
  { name: 'guess-limits' },
);

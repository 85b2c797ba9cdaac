import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Language } from '@presta/contract/language';
import type { Db } from '../../db/database';
import type { CacheFeed } from '../../lib/versioned-cache';

/**
 * The modules' repositories, by name. Each table-owning module adds its own by declaration merging in its
 * repository file (`declare module '../../plugins/app/repositories' { interface Repositories { ledgers: … } }`);
 * apps/server/src/repositories.ts makes them all. A repository owns its module's queries and whatever makes them
 * fast (change-notified caches, answer memos, prepared statements, batching); the services above it read through
 * it and never see a cache.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the modules through declaration merging
export interface Repositories {}

/** What every service call brings: the database (for its transactions), the repositories, the language and the time. */
export type CallContext = { db: Db; repos: Repositories; lang: Language; now: Date };

/** A borrower's call: the call's context and the session's borrower, who must own every object asked for. */
export type BorrowerContext = CallContext & { borrowerId: number };

declare module 'fastify' {
  interface FastifyInstance {
    repos: Repositories;
  }
}

/** The context of a call, from the app and its request. */
export function callContext(app: FastifyInstance, request: FastifyRequest): CallContext {
  return { db: app.db, repos: app.repos, lang: request.lang, now: new Date() };
}

/** The context of a borrower's call (a route with auth: 'borrower'). */
export function borrowerContext(app: FastifyInstance, request: FastifyRequest): BorrowerContext {
  return { db: app.db, repos: app.repos, lang: request.lang, now: new Date(), borrowerId: request.borrower.id };
}

/**
 * Decorates the app with its repositories, made by `create` (apps/server/src/repositories.ts) on the app's
 * database and under its change feed.
 */
export default fp<{ create: (db: Db, feed: CacheFeed) => Repositories }>(
  (app, opts, done) => {
    app.decorate('repos', opts.create(app.db, app.changeFeed));
    done();
  },
  { name: 'repositories', dependencies: ['db', 'change-feed'] },
);

import type { Db } from './db/database';
import { consoleRepository } from './modules/console/console-repository';
import { noCacheFeed, type CacheFeed } from './lib/versioned-cache';
import type { Repositories } from './plugins/app/repositories';

/**
 * Every module's repository, on one database. In the server (app.ts) under the change feed, so their caches are
 * on while it listens; elsewhere (the CLI, tests) under no feed: their caches always miss.
 */
export function createRepositories(db: Db, feed: CacheFeed = noCacheFeed): Repositories {
  void feed;
  return {
    console: consoleRepository(db),
  };
}

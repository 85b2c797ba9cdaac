import fp from 'fastify-plugin';
import type { Db } from '../../db/database';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

export default fp<{ db: Db }>(
  (app, opts) => {
    app.decorate('db', opts.db);
  },
  { name: 'db' },
);

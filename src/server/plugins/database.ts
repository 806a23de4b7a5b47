import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDatabase, DatabaseHandle } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: AppDatabase;
  }
}

/** Makes the database available as `app.db` and closes it when the app closes. */
async function databasePlugin(app: FastifyInstance, opts: { handle: DatabaseHandle; closeOnShutdown: boolean }) {
  app.decorate('db', opts.handle.db);
  if (opts.closeOnShutdown) app.addHook('onClose', () => opts.handle.close());
}

export default fp(databasePlugin, { name: 'database' });

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDatabase, DatabaseHandle } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: AppDatabase;
  }
}

interface DatabasePluginOptions {
  handle: DatabaseHandle;
  closeOnShutdown: boolean;
  /** Told when the database is gone for good (the embedded database's worker died), after the log says so. */
  onLost?: (error: Error) => void;
}

/** Makes the database available as `app.db`, closes it when the app closes, and says so loudly if it dies. */
async function databasePlugin(app: FastifyInstance, opts: DatabasePluginOptions) {
  app.decorate('db', opts.handle.db);
  if (opts.closeOnShutdown) app.addHook('onClose', () => opts.handle.close());
  // Every query now fails with SQLSTATE 08006 (answered 503, /api/ready "database unreachable");
  // main.ts stops the process so that its supervisor starts a fresh one (decision 025).
  void opts.handle.lost.then((error) => {
    app.log.fatal({ err: error }, 'the database is gone: every request that needs it fails until the store restarts');
    opts.onLost?.(error);
  });
}

export default fp(databasePlugin, { name: 'database' });

import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';
import { openDatabase, type AppDatabase, type DatabaseHandle } from '../db/client';
import { lockDataDir } from '../db/data-dir-lock';
import { migrateDatabase } from '../db/migrate';

declare module 'fastify' {
  interface FastifyInstance {
    db: AppDatabase;
    /** The database behind `db`: its kind, its change feed, its readiness probe, the embedded database's backups (main.ts). */
    database: DatabaseHandle;
  }
}

/** What fills a new store after the migrations: answers what it added. */
export type SeedStep = (db: AppDatabase) => Promise<{ tools: number; reviews: number }>;

export type DatabasePluginOptions = (
  | {
      /** An open, migrated database that its owner closes (tests, benchmarks). */
      handle: DatabaseHandle;
    }
  | {
      /** The app's own database, opened as the plugin loads and closed with the app (a real start). */
      open: Pick<AppConfig, 'database' | 'dataDir'>;
      /** Run once it is migrated, under the same lock (main.ts: the demo catalogue of a new store). */
      seed?: SeedStep;
    }
) & {
  /** Told when the database is gone for good (the embedded database's worker died), after the log says so. */
  onLost?: (error: Error) => void;
};

/**
 * Makes the database available as `app.db` (and the handle as `app.database`), and says so loudly
 * if it dies. Its own database is ready before any later plugin loads (decision 031): the
 * embedded database's folder locked, the database opened, migrated and an empty store seeded. It
 * is closed when the app closes, after every plugin registered later (Fastify runs `onClose`
 * hooks last in, first out), and only then is the folder unlocked.
 */
async function databasePlugin(app: FastifyInstance, opts: DatabasePluginOptions) {
  const handle = 'handle' in opts ? opts.handle : await openOwnDatabase(opts.open, app.log, opts.seed);
  app.decorate('db', handle.db);
  app.decorate('database', handle);
  if ('open' in opts) app.addHook('onClose', () => handle.close());
  // Every query now fails with SQLSTATE 08006 (answered 503, /api/ready "database unreachable");
  // main.ts stops the process so that its supervisor starts a fresh one (decision 025).
  void handle.lost.then((error) => {
    app.log.fatal({ err: error }, 'the database is gone: every request that needs it fails until the store restarts');
    opts.onLost?.(error);
  });
}

/**
 * Locks the embedded database's folder (decision 002), opens the database, migrates it and seeds
 * a new store with `seed`. The answer's `close` closes the database, then releases the lock.
 */
async function openOwnDatabase(config: Pick<AppConfig, 'database' | 'dataDir'>, log: FastifyBaseLogger, seed?: SeedStep): Promise<DatabaseHandle> {
  let releaseLock: (() => Promise<void>) | null = null;
  if (config.database.kind === 'pglite' && config.database.dataDir) {
    releaseLock = await lockDataDir(
      config.dataDir,
      (error) => {
        log.fatal({ err: error }, 'lost the lock on the data folder; stopping to protect the data');
        process.kill(process.pid, 'SIGTERM');
      },
      { onTakeOver: (pid) => log.warn({ previousPid: pid }, 'took over the data folder from a store process that stopped without releasing it') },
    );
  }
  try {
    const handle = await openDatabase(config.database);
    try {
      await migrateDatabase(
        handle,
        seed &&
          (async () => {
            const seeded = await seed(handle.db);
            if (seeded.tools || seeded.reviews) log.info(seeded, 'seeded an empty store');
          }),
      );
    } catch (error) {
      await handle.close();
      throw error;
    }
    log.info({ database: handle.kind }, 'database ready');
    return {
      ...handle,
      async close() {
        await handle.close();
        await releaseLock?.();
      },
    };
  } catch (error) {
    await releaseLock?.();
    throw error;
  }
}

export default fp(databasePlugin, { name: 'database' });

import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import { catalogueRoutes } from './catalogue/routes';
import { contactRoutes } from './contact/routes';
import { openDatabase, type DatabaseHandle } from './db/client';
import { lockDataDir } from './db/data-dir-lock';
import { migrateDatabase } from './db/migrate';
import { seedIfEmpty } from './db/seed';
import databasePlugin from './plugins/database';
import errorsPlugin from './plugins/errors';
import rateLimitPlugin from './plugins/rate-limit';
import securityPlugin from './plugins/security';
import webAppPlugin from './plugins/web-app';
import { reviewRoutes } from './reviews/routes';

/** Request bodies are small JSON documents; anything bigger is refused with 413. */
const BODY_LIMIT_BYTES = 100 * 1024;

export interface AppDependencies {
  /** An open, migrated database. Tests pass one; without it the app opens and migrates its own. */
  database?: DatabaseHandle;
}

export async function buildApp(config: AppConfig, deps: AppDependencies = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The API speaks JSON only; a text/plain body is refused with 415 rather than half-parsed.
  app.removeContentTypeParser('text/plain');

  const ownsDatabase = !deps.database;
  const database = deps.database ?? (await openOwnDatabase(app, config));

  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(rateLimitPlugin, { publicWritesPerMinute: config.publicWriteRateLimit });
  await app.register(databasePlugin, { handle: database, closeOnShutdown: ownsDatabase });

  await app.register(
    async (api) => {
      await api.register(catalogueRoutes);
      await api.register(reviewRoutes);
      await api.register(contactRoutes);
    },
    { prefix: '/api' },
  );

  await app.register(webAppPlugin, { distDir: config.webDistDir });
  return app;
}

/** Locks the embedded database's folder, opens the database, migrates it and seeds an empty store. */
async function openOwnDatabase(app: FastifyInstance, config: AppConfig): Promise<DatabaseHandle> {
  let releaseLock: (() => Promise<void>) | null = null;
  if (config.database.kind === 'pglite' && config.database.dataDir) {
    releaseLock = await lockDataDir(config.dataDir, (error) => {
      app.log.fatal({ err: error }, 'lost the lock on the data folder; stopping to protect the data');
      process.kill(process.pid, 'SIGTERM');
    });
  }
  try {
    const handle = await openDatabase(config.database);
    await migrateDatabase(handle, async () => {
      const seeded = await seedIfEmpty(handle.db);
      if (seeded.tools || seeded.reviews) app.log.info(seeded, 'seeded an empty store');
    });
    app.log.info({ database: handle.kind }, 'database ready');
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

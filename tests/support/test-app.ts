import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import type { AppConfig } from '../../src/server/config';
import type { DatabaseHandle } from '../../src/server/db/client';
import { createTestDatabase } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  close(): Promise<void>;
}

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    logLevel: 'silent',
    database: { kind: 'pglite', dataDir: null },
    dataDir: '/nonexistent-test-data-dir',
    webDistDir: null,
    publicWriteRateLimit: 1000,
    exitWithStdin: false,
    trustProxy: false,
    ...overrides,
  };
}

/** The real app on a fresh database of its own; requests go through `app.inject`. */
export async function createTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const app = await buildApp(testConfig(overrides), { database });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

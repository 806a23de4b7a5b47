import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_DIR } from '../paths';
import type { DatabaseHandle } from './client';

export const MIGRATIONS_FOLDER = MIGRATIONS_DIR;

/** Any constant shared by every app process: only one of them migrates and seeds at a time. */
const SCHEMA_LOCK_KEY = 7_145_002_005;

/**
 * Applies pending migrations, then `afterMigrate` (the seed), under one lock, so several app
 * processes starting together on one PostgreSQL neither race on the schema nor seed twice.
 */
export async function migrateDatabase(handle: DatabaseHandle, afterMigrate?: () => Promise<void>) {
  await handle.withExclusiveLock(SCHEMA_LOCK_KEY, async () => {
    if (handle.kind === 'pglite') {
      await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: MIGRATIONS_FOLDER });
    } else {
      await migratePg(handle.db as unknown as NodePgDatabase, { migrationsFolder: MIGRATIONS_FOLDER });
    }
    await afterMigrate?.();
  });
}

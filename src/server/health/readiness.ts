import { sql, type SQL } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { AppDatabase } from '../db/client';

/** The last migration this build ships, as drizzle's migrator records it when applied. */
export interface ExpectedMigrations {
  count: number;
  /** The journal's `when` of the newest migration: drizzle stores it as `created_at`. */
  lastCreatedAt: number;
}

export type Readiness = { ready: true } | { ready: false; reason: NotReadyReason };
export type NotReadyReason = 'database unreachable' | 'database too slow' | 'migrations pending';

/**
 * Read with drizzle's own reader, so "applied" means exactly what its migrator checks: a
 * migration is pending while the newest applied row is older than the migration's journal time.
 */
export function expectedMigrations(migrationsFolder: string): ExpectedMigrations {
  const migrations = readMigrationFiles({ migrationsFolder });
  return { count: migrations.length, lastCreatedAt: migrations.at(-1)?.folderMillis ?? 0 };
}

/** Whether this process can serve: the database answers and its schema is the one this build expects. */
export async function checkReadiness(db: AppDatabase, expected: ExpectedMigrations, timeoutMs: number): Promise<Readiness> {
  let timer: NodeJS.Timeout | undefined;
  // A database that accepts the connection but never answers must not hold the probe open:
  // the balancer would wait its own timeout instead of hearing "not ready" now.
  const tooSlow = new Promise<Readiness>((resolve) => {
    timer = setTimeout(() => resolve({ ready: false, reason: 'database too slow' }), timeoutMs);
  });
  try {
    return await Promise.race([checkDatabase(db, expected), tooSlow]);
  } finally {
    clearTimeout(timer);
  }
}

async function checkDatabase(db: AppDatabase, expected: ExpectedMigrations): Promise<Readiness> {
  try {
    await db.execute(sql`select 1`);
  } catch {
    return { ready: false, reason: 'database unreachable' };
  }
  try {
    return (await migrationsApplied(db, expected)) ? { ready: true } : { ready: false, reason: 'migrations pending' };
  } catch {
    // It answered `select 1` a moment ago: a failure now is the connection going away.
    return { ready: false, reason: 'database unreachable' };
  }
}

/** drizzle's migrator keeps one row per applied migration in drizzle.__drizzle_migrations. */
async function migrationsApplied(db: AppDatabase, expected: ExpectedMigrations): Promise<boolean> {
  const [table] = await rowsOf<{ exists: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as "exists"`,
  );
  if (!table?.exists) return expected.count === 0;
  // created_at is a bigint (a string in JavaScript): compared in SQL, not in JavaScript.
  const [applied] = await rowsOf<{ count: number; current: boolean }>(
    db,
    sql`select count(*)::int as "count", coalesce(max(created_at) >= ${expected.lastCreatedAt}, false) as "current"
        from drizzle.__drizzle_migrations`,
  );
  return applied !== undefined && applied.count >= expected.count && (expected.count === 0 || applied.current);
}

/** Both drivers answer `execute` with `{ rows }`; the shared database type does not say so. */
async function rowsOf<Row>(db: AppDatabase, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

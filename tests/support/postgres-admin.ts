import pg from 'pg';

/** Every database the tests create starts with this, so a crashed run's leftovers are easy to find. */
export const TEST_DB_PREFIX = 'store_test_';

export function databaseUrlFor(baseUrl: string, database: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Runs one statement on the server's maintenance connection (CREATE/DROP DATABASE cannot run in a transaction). */
export async function adminQuery(baseUrl: string, statement: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return await client.query(statement, params);
  } finally {
    await client.end();
  }
}

/** Drops every database whose name starts with `prefix` (the run's template and per-file copies). */
export async function dropTestDatabases(baseUrl: string, prefix: string) {
  const { rows } = await adminQuery(baseUrl, 'select datname from pg_database where datname like $1', [`${prefix}%`]);
  for (const { datname } of rows as { datname: string }[]) {
    await adminQuery(baseUrl, `drop database if exists "${datname}" with (force)`);
  }
}

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKind } from '../../../tests/support/test-database';
import type { DatabaseHandle } from './client';
import { MAX_NAMED_STATEMENTS_PER_CONNECTION, NamedStatementsClient } from './named-statements';

/**
 * The app's PostgreSQL connections prepare each statement with parameters once (decision 044):
 * PostgreSQL parses it on the first run only. Seen from PostgreSQL's own view of the connection.
 */
describe.runIf(testDatabaseKind() === 'postgres')('named statements on PostgreSQL', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database?.close());

  type Rows<T> = { rows: T[] };
  type Runner = Pick<DatabaseHandle['db'], 'execute'>;
  const rowsOf = async <T>(db: Runner, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as Rows<T>).rows;
  /** What this connection has prepared, as PostgreSQL lists it, with how often each ran. */
  const preparedHere = (db: Runner) =>
    rowsOf<{ statement: string; runs: string }>(db, sql`select statement, generic_plans + custom_plans as runs from pg_prepared_statements where statement like '%named_statements_probe%'`);

  it('prepares a drizzle statement with parameters once and runs it again by name, answering the same rows', async () => {
    await database.db.transaction(async (tx) => {
      const sumOf = async (a: number, b: number) =>
        (await rowsOf<{ sum: number }>(tx, sql`select ${a}::int + ${b}::int as sum, 'named_statements_probe' as probe`))[0]!.sum;
      expect([await sumOf(1, 2), await sumOf(1, 2), await sumOf(40, 2)]).toEqual([3, 3, 42]);
      const prepared = await preparedHere(tx);
      expect(prepared).toHaveLength(1);
      expect(Number(prepared[0]!.runs)).toBe(3);
    });
  });

  it('leaves a statement without parameters (BEGIN, COMMIT, DDL) on the simple protocol, unprepared', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`select 'named_statements_probe_simple' as probe`));
      const prepared = await preparedHere(tx);
      expect(prepared.filter((row) => row.statement.includes('probe_simple'))).toEqual([]);
    });
  });
});

describe('naming statements', () => {
  const client = () => new NamedStatementsClient({});

  it('gives the same text the same name on every connection, and another text another name', () => {
    const [a, b] = [client(), client()];
    expect(a.nameFor('select $1')).toBe(b.nameFor('select $1'));
    expect(a.nameFor('select $1')).not.toBe(a.nameFor('select $1, $2'));
  });

  it('stops naming new texts past the cap, so a connection keeps a bounded number of statements', () => {
    const one = client();
    for (let i = 0; i < MAX_NAMED_STATEMENTS_PER_CONNECTION; i++) expect(one.nameFor(`select $1 + ${i}`)).toBeDefined();
    expect(one.nameFor('select $1 + a new shape')).toBeUndefined();
    // Those it named keep their names.
    expect(one.nameFor('select $1 + 0')).toBeDefined();
  });

  it('does not name a very long text (a bulk insert of many rows)', () => {
    expect(client().nameFor(`insert into t values ${Array.from({ length: 2_000 }, (_, i) => `($${i + 1})`).join(', ')}`)).toBeUndefined();
  });
});

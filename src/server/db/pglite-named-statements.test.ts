import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { testDatabaseKind } from '../../../tests/support/test-database';
import { PgliteWorkerClient } from './pglite-worker-client';

/**
 * The embedded database prepares each statement once, under a name, as the PostgreSQL connections
 * do (pglite-query-in-one-call.ts, decision 044). Seen from PostgreSQL's own list of what the
 * connection has prepared, and from the answers of statements that fail at each step.
 */
let db: PgliteWorkerClient;

beforeAll(async () => {
  db = await PgliteWorkerClient.start({ loadDataDir: new Blob([await readFile(inject('pgliteDumpPath'))]) });
  await db.exec('create table named_probe (id int primary key, note text not null)');
});
afterAll(async () => db?.close());

/** How often each prepared statement whose text mentions `marker` ran, as PostgreSQL counts. */
async function runsOf(marker: string): Promise<number[]> {
  const { rows } = await db.query<{ runs: number }>(
    `select (generic_plans + custom_plans)::int as runs from pg_prepared_statements where statement like '%' || $1 || '%' and statement not like '%pg_prepared_statements%' order by prepare_time`,
    [marker],
  );
  return rows.map((row) => row.runs);
}

describe.runIf(testDatabaseKind() === 'pglite')('named statements on the embedded database', () => {
  it('prepares a statement once and runs it again by name, answering each call’s own parameters', async () => {
    const sumOf = async (a: number, b: number) => (await db.query<{ sum: number }>(`select $1::int + $2::int as sum, 'probe_sum' as marker`, [a, b])).rows[0]!.sum;
    expect([await sumOf(1, 2), await sumOf(1, 2), await sumOf(40, 2)]).toEqual([3, 3, 42]);
    expect(await runsOf('probe_sum')).toEqual([3]);
  });

  it('answers a statement that fails when it runs, then runs the same text again, prepared once more', async () => {
    const insert = (id: number, note: string) => db.query(`insert into named_probe (id, note) values ($1, $2) returning 'probe_insert' as marker`, [id, note]);
    await insert(1, 'first');
    const duplicate = await insert(1, 'again').catch((error: unknown) => error as { code?: string; constraint?: string });
    expect(duplicate).toMatchObject({ code: '23505', constraint: 'named_probe_pkey' });
    await insert(2, 'second');
    await insert(3, 'third');
    expect((await db.query<{ id: number }>('select id from named_probe order by id')).rows.map((row) => row.id)).toEqual([1, 2, 3]);
    // Prepared again after the failure, and only once: its runs start over.
    expect(await runsOf('probe_insert')).toEqual([2]);
  });

  it('answers a statement that cannot be prepared with its error, every time, and keeps serving the others', async () => {
    for (let i = 0; i < 2; i++) {
      const error = await db.query(`select $1::int + 'probe_bad' from no_such_table`, [1]).catch((caught: unknown) => caught as { code?: string });
      expect(error).toMatchObject({ code: '42P01' });
    }
    expect(await runsOf('probe_bad')).toEqual([]);
    expect((await db.query<{ ok: number }>('select $1::int as ok', [7])).rows).toEqual([{ ok: 7 }]);
  });

  it('fails a prepared statement inside a failed transaction, then runs it by name after the rollback', async () => {
    const read = () => db.query<{ n: number }>(`select count(*)::int as n, 'probe_tx' as marker from named_probe where id > $1`, [0]);
    expect((await read()).rows[0]!.n).toBe(3);
    const rolledBack = db.transaction(async (tx) => {
      await tx.query('select 1/0').catch(() => undefined);
      const inAborted = await tx.query(`select count(*)::int as n, 'probe_tx' as marker from named_probe where id > $1`, [0]).catch((error: unknown) => error as { code?: string });
      expect(inAborted).toMatchObject({ code: '25P02' });
    });
    await expect(rolledBack).rejects.toMatchObject({ code: '25P02' });
    expect((await read()).rows[0]!.n).toBe(3);
    expect((await read()).rows[0]!.n).toBe(3);
    expect(await runsOf('probe_tx')).toEqual([2]);
  });
});

import { readFile } from 'node:fs/promises';
import { messages, type PGlite, type QueryOptions } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { testDatabaseKind } from '../../../tests/support/test-database';
import { isDatabaseUnavailable } from '../lib/database-unavailable';
import { createPglite } from './create-pglite';
import { PgliteWorkerClient } from './pglite-worker-client';

/**
 * The embedded database runs in a worker thread (decision 025); drizzle and the app drive it
 * through a client that must answer as PGlite itself does. Each check runs the same thing on a
 * PGlite in this thread and on one in a worker and compares, so a change in PGlite or in
 * drizzle's PGlite driver that the bridge does not follow fails here, not in production.
 */
let local: PGlite;
let remote: PgliteWorkerClient;

beforeAll(async () => {
  const dump = new Blob([await readFile(inject('pgliteDumpPath'))]);
  [local, remote] = await Promise.all([createPglite({ loadDataDir: dump }), PgliteWorkerClient.start({ loadDataDir: dump })]);
  for (const db of [local, remote]) await db.exec('create table bridge_probe (id int primary key, note text)');
});
afterAll(async () => {
  await Promise.all([local.close(), remote.close()]);
});

/** Both sides through drizzle's PGlite driver, as the app uses them. */
const both = () => [drizzle(local), drizzle(remote as unknown as PGlite)] as const;

/** The error a promise rejects with (fails the test if it resolves). */
async function rejection(promise: Promise<unknown>): Promise<Error & Record<string, unknown>> {
  try {
    await promise;
  } catch (error) {
    return error as Error & Record<string, unknown>;
  }
  throw new Error('expected a rejection');
}

describe.runIf(testDatabaseKind() === 'pglite')('the database worker answers as PGlite does', () => {
  const everyType = sql`select
    now() as "timestamptz", '2026-11-25 10:00:00'::timestamp as "timestamp", '2026-11-25'::date as "date",
    '1 day 2 hours'::interval as "interval", 42::int4 as "int4", 9007199254740993::int8 as "bigInt8", 7::int8 as "smallInt8",
    12.50::numeric as "numeric", 1.5::float8 as "float8", true as "bool", '{"a":[1,{"b":null}]}'::jsonb as "jsonb",
    '\\x00ff'::bytea as "bytea", array[1,2,3] as "intArray", array['2026-11-25 10:00:00+00'::timestamptz] as "timestamptzArray",
    array[1.5::numeric] as "numericArray", gen_random_uuid() is not null as "uuidMade", null::text as "nothing"`;

  it('gives drizzle the same values for every type the schema uses, parsed or left as text alike', async () => {
    const [localDb, remoteDb] = both();
    const [onLocal, onRemote] = await Promise.all([localDb.execute(everyType), remoteDb.execute(everyType)]);
    const [localRow, remoteRow] = [onLocal.rows[0]!, onRemote.rows[0]!];
    // now() differs by the time between the two calls; its form must not.
    expect(typeof remoteRow.timestamptz).toBe(typeof localRow.timestamptz);
    expect({ ...remoteRow, timestamptz: null }).toEqual({ ...localRow, timestamptz: null });
    expect(remoteRow.bigInt8).toBe(9007199254740993n);
    expect(remoteRow.bytea).toBeInstanceOf(Uint8Array);
    expect(onRemote.fields).toEqual(onLocal.fields);
  });

  it('runs the caller’s own parsers, in array and object rows, as PGlite runs them', async () => {
    const query = "select 41::int4 as n, 'x'::text as n, '2026-01-02'::date as d, null::date as none";
    for (const rowMode of ['array', 'object'] as const) {
      const options: QueryOptions = { rowMode, parsers: { 23: (text) => `int:${text}`, 1082: (text) => `date:${text}` } };
      const [a, b] = await Promise.all([local.query(query, [], options), remote.query(query, [], options)]);
      expect(b.rows).toEqual(a.rows);
    }
  });

  it('sends parameters of every kind: dates, bigints, bytes, JSON, arrays', async () => {
    const params = [new Date('2026-11-25T10:00:00Z'), 2n ** 60n, new Uint8Array([1, 2, 255]), JSON.stringify({ a: 1 }), [1, 2, 3], null];
    const query = 'select $1::timestamptz as at, $2::int8 as big, $3::bytea as bytes, $4::jsonb as doc, $5::int[] as list, $6::text as none';
    const [a, b] = await Promise.all([local.query(query, params), remote.query(query, params)]);
    expect(b.rows).toEqual(a.rows);
  });

  it('carries PostgreSQL errors with their code, constraint and detail, wrapped by drizzle as before', async () => {
    const errors = await Promise.all(
      both().map(async (db) => {
        await db.execute(sql`insert into bridge_probe values (1, 'first') on conflict do nothing`);
        return rejection(db.execute(sql`insert into bridge_probe values (1, 'again')`));
      }),
    );
    const [localError, remoteError] = errors.map((error) => error.cause as messages.DatabaseError & Record<string, unknown>);
    expect(remoteError).toBeInstanceOf(messages.DatabaseError);
    for (const field of ['message', 'code', 'constraint', 'detail', 'table', 'schema', 'severity', 'routine'] as const) {
      expect(remoteError![field], field).toEqual(localError![field]);
    }
    expect(remoteError!.code).toBe('23505');
    expect(remoteError!.query).toBe(localError!.query);
    expect(remoteError!.params).toEqual(localError!.params);
  });

  it('commits a transaction, rolls back a failed one and a failed savepoint, as on PGlite', async () => {
    for (const db of both()) {
      await db.execute(sql`delete from bridge_probe`);
      await db.transaction(async (tx) => {
        await tx.execute(sql`insert into bridge_probe values (10, 'kept')`);
        await tx.transaction(async (inner) => {
          await inner.execute(sql`insert into bridge_probe values (11, 'kept too')`);
        });
        await rejection(
          tx.transaction(async (inner) => {
            await inner.execute(sql`insert into bridge_probe values (12, 'undone')`);
            throw new Error('undo the savepoint');
          }),
        );
      });
      await rejection(
        db.transaction(async (tx) => {
          await tx.execute(sql`insert into bridge_probe values (13, 'undone')`);
          throw new Error('undo the transaction');
        }),
      );
    }
    const ordered = sql`select id, note from bridge_probe order by id`;
    const [localDb, remoteDb] = both();
    const [a, b] = await Promise.all([localDb.execute(ordered), remoteDb.execute(ordered)]);
    expect(b.rows).toEqual([
      { id: 10, note: 'kept' },
      { id: 11, note: 'kept too' },
    ]);
    expect(b.rows).toEqual(a.rows);
  });

  it('rejects a COMMIT that PostgreSQL turned into a rollback with 25P02, as PGlite does', async () => {
    const committed = remote.transaction(async (tx) => {
      await rejection(tx.query('select 1/0'));
    });
    expect((await rejection(committed)).code).toBe('25P02');
    expect((await remote.query('select 1 as ok')).rows).toEqual([{ ok: 1 }]);
  });

  it('holds other work back while a transaction is open, and lets it through after', async () => {
    await remote.query('delete from bridge_probe');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertedInside = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = remote.transaction(async (tx) => {
      await tx.query("insert into bridge_probe values (20, 'inside')");
      inserted();
      await held;
    });
    await insertedInside;
    let outsideDone = false;
    const outside = remote.query<{ n: number }>('select count(*)::int as n from bridge_probe').then((result) => {
      outsideDone = true;
      return result.rows[0]!.n;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(outsideDone).toBe(false);
    release();
    await transaction;
    expect(await outside).toBe(1);
  });

  it('forwards a NOTIFY when its transaction commits, never for a rolled-back one, until unlisten', async () => {
    const heard: string[] = [];
    const unlisten = await remote.listen('bridge_channel', (payload) => heard.push(payload));
    await remote.transaction(async (tx) => {
      await tx.query("select pg_notify('bridge_channel', 'committed')");
    });
    await rejection(
      remote.transaction(async (tx) => {
        await tx.query("select pg_notify('bridge_channel', 'rolled back')");
        throw new Error('roll back');
      }),
    );
    await remote.query('select 1');
    expect(heard).toEqual(['committed']);
    await unlisten();
    await remote.query("select pg_notify('bridge_channel', 'after unlisten')");
    await remote.query('select 1');
    expect(heard).toEqual(['committed']);
  });

  it('carries a result far larger than its young generation (an export, a sitemap) whole', async () => {
    // The worker's young generation is capped at 12 MB (WORKER_HEAP_LIMITS): 200,000 rows of
    // about 100 bytes are twice that as text alone, and must arrive complete, not as an error.
    const result = await remote.query<{ n: number; note: string }>(`select n, repeat('x', 90) || n as note from generate_series(1, 200000) as n`);
    expect(result.rows).toHaveLength(200_000);
    expect(result.rows[199_999]).toEqual({ n: 200_000, note: `${'x'.repeat(90)}200000` });
  });

  it('answers later calls after close with "PGlite is closed", as PGlite does', async () => {
    const dump = new Blob([await readFile(inject('pgliteDumpPath'))]);
    const client = await PgliteWorkerClient.start({ loadDataDir: dump });
    await client.close();
    expect(client.closed).toBe(true);
    const error = await rejection(client.query('select 1'));
    expect(error.message).toBe('PGlite is closed');
    expect(isDatabaseUnavailable(error)).toBe(true);
  });
});

describe.runIf(testDatabaseKind() === 'pglite')('a database worker that dies', () => {
  it('fails the queries it held and every later one with 08006, and says it is lost', async () => {
    const dump = new Blob([await readFile(inject('pgliteDumpPath'))]);
    const client = await PgliteWorkerClient.start({ loadDataDir: dump });
    let lost: Error | null = null;
    void client.lost.then((error) => (lost = error));
    const waiting = client.query('select pg_sleep(5)');
    // What a crash looks like from here: the thread is gone, whatever it was doing.
    await client.worker.terminate();
    const held = await rejection(waiting);
    expect(held.code).toBe('08006');
    expect(held.message).toMatch(/The embedded database stopped: the database worker exited with code 1/);
    expect(isDatabaseUnavailable(held)).toBe(true);
    expect((await rejection(client.query('select 1'))).code).toBe('08006');
    expect(lost).toBeInstanceOf(Error);
    expect(client.closed).toBe(true);
    await client.close();
  });

  it('does not count a close as a loss', async () => {
    const dump = new Blob([await readFile(inject('pgliteDumpPath'))]);
    const client = await PgliteWorkerClient.start({ loadDataDir: dump });
    let lost = false;
    void client.lost.then(() => (lost = true));
    await client.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(lost).toBe(false);
  });
});

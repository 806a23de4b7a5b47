/**
 * How many statements a second the embedded database's worker answers (decision 044, "Where the
 * embedded store's limit is"). PGlite runs one statement at a time, so this, divided by the
 * statements a sale makes, bounds the embedded store's sales a second whatever the HTTP side does.
 * Statements are sent one after another from this thread, as a transaction sends them, through the
 * worker the store runs (built into dist/server by `npm run build`), and also straight into PGlite
 * in this thread, for what the worker's round trip costs.
 *
 *   npm run build && npm run bench:queue
 */
import os from 'node:os';
import path from 'node:path';
import { createPglite } from '../src/server/db/create-pglite';
import { PgliteWorkerClient } from '../src/server/db/pglite-worker-client';

const ROUNDS = Number(process.env.BENCH_STATEMENTS ?? 3000);
const workerFile = path.resolve(import.meta.dirname, '../dist/server/pglite-worker.js');

type Query = (sql: string, params?: unknown[]) => Promise<unknown>;

async function rate(label: string, run: () => Promise<unknown>) {
  for (let i = 0; i < 200; i += 1) await run();
  const started = performance.now();
  for (let i = 0; i < ROUNDS; i += 1) await run();
  const ms = (performance.now() - started) / ROUNDS;
  console.log(`| ${label} | ${ms.toFixed(3)} | ${Math.round(1000 / ms).toLocaleString('en-US')} |`);
}

async function fill(query: Query): Promise<string> {
  await query('create table bench (id uuid primary key default gen_random_uuid(), n integer not null, label text not null)');
  await query(`insert into bench (n, label) select g, 'tool ' || g from generate_series(1, 1000) g`);
  const result = (await query('select id from bench order by n limit 1')) as { rows: Array<{ id: string }> };
  return result.rows[0]!.id;
}

async function main() {
  console.log(`Embedded database: statements one after another, ${ROUNDS} each, ${os.cpus().length} cores, load average ${os.loadavg().map((n) => n.toFixed(2)).join(', ')}\n`);
  console.log('| statement | ms each | a second |');
  console.log('|---|---:|---:|');
  const worker = await PgliteWorkerClient.start({ workerFile });
  try {
    const id = await fill((sql, params) => worker.query(sql, params));
    await rate('worker: select a row by key', () => worker.query('select * from bench where id = $1', [id]));
    await rate('worker: update a row by key', () => worker.query('update bench set n = n + 1 where id = $1', [id]));
    await worker.transaction(async (tx) => {
      await rate('worker, in a transaction: select a row by key', () => tx.query('select * from bench where id = $1', [id]));
      await rate('worker, in a transaction: update a row by key', () => tx.query('update bench set n = n + 1 where id = $1', [id]));
    });
  } finally {
    await worker.close();
  }
  const inThread = await createPglite();
  try {
    const id = await fill((sql, params) => inThread.query(sql, params));
    await rate("PGlite in this thread, its own query(): select a row by key", () => inThread.query('select * from bench where id = $1', [id]));
  } finally {
    await inThread.close();
  }
  console.log(`\nload average after: ${os.loadavg().map((n) => n.toFixed(2)).join(', ')}`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exit(1);
});

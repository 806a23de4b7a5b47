import http from 'node:http';
import type { AddressInfo } from 'node:net';
import v8 from 'node:v8';
import vm from 'node:vm';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, type TestUser } from '../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { ORDERS_CSV_HEADER } from './orders-csv';
import { USERS_CSV_HEADER } from './users-csv';

/**
 * The exports at the scale of docs/bench.md: 100,000 orders of 10,000 customers, streamed over a
 * real socket. Every order must be in the file exactly once, and the process's memory must not
 * grow with the file: the whole export as objects would be hundreds of megabytes, as text about
 * 25 MB; streamed, the rise stays at a few pages.
 */
const ORDER_COUNT = 100_000;
const USER_COUNT = 10_000;
/**
 * The most the JavaScript heap's live objects may grow while the whole export streams. Measured
 * after a full collection at each sample: the heap's peak without one counted garbage awaiting
 * collection too, which under a full test run's load reached 68 MB on a stream whose live objects rise 2-3 MB. The
 * whole export kept as text would be 20 MB more, as objects hundreds.
 */
const HEAP_RISE_LIMIT_MB = 15;
/**
 * The most the process may grow: the heap, plus the embedded database's own memory (PGlite's
 * WebAssembly heap, which grows to the largest page it has read and never shrinks).
 */
const RSS_RISE_LIMIT_MB = 120;

let t: TestApp;
let admin: TestUser;
let baseUrl: string;
let firstNumber: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.app, t.database.db, 'Scale Admin');
  const started = performance.now();
  // Straight into the tables, as scripts/bench-catalogue.ts fills them: sign-up would take minutes.
  await t.database.db.execute(sql`
    insert into "user" (id, name, email, email_verified, role, created_at, updated_at)
    select 'scale-user-' || g, 'Scale Customer ' || g, 'scale' || g || '@example.com', g % 3 > 0, 'customer',
      timestamptz '2025-01-01 00:00:00+00' + g * interval '1 minute', now()
    from generate_series(1, ${USER_COUNT}::int) as g`);
  await t.database.db.execute(sql`
    insert into orders (id, user_id, name, email, address, phone, total_cents, subtotal_cents, paid, status, transaction_id, created_at, paid_at, shipped_at, carrier, tracking_number)
    select md5('scale-order-' || g)::uuid, 'scale-user-' || (1 + g % ${USER_COUNT}), 'Scale Customer ' || (1 + g % ${USER_COUNT}),
      'scale' || (1 + g % ${USER_COUNT}) || '@example.com', g || ' Scale Street, Springfield', '555-0100',
      (1999 + g % 500) * (1 + g % 5), (1999 + g % 500) * (1 + g % 5), g % 20 >= 2,
      case when g % 20 < 1 then null when g % 20 < 2 then 'expired' when g % 20 < 12 then 'pending' else 'shipped' end,
      case when g % 20 >= 2 then 'scale-txn-' || g end,
      at, case when g % 20 >= 2 then at + interval '5 minutes' end,
      case when g % 20 >= 12 then at + interval '2 days' end,
      case when g % 20 >= 12 then 'UPS' end, case when g % 20 >= 12 then '1Z' || g end
    from generate_series(1, ${ORDER_COUNT}::int) as g
    cross join lateral (select now() - g * interval '1 minute' as at) as times`);
  await t.database.db.execute(sql`
    insert into order_lines (order_id, position, tool_id, product_name, product_image, description, price_cents, quantity)
    select md5('scale-order-' || g)::uuid, 0, null, 'Scale Tool ' || (g % 1000), '/images/tools/digital-multimeter.svg', 'A tool.', 1999 + g % 500, 1 + g % 5
    from generate_series(1, ${ORDER_COUNT}::int) as g`);
  await t.database.db.execute(sql`analyze`);
  const [first] = (
    (await t.database.db.execute(sql`select min(number)::int as first from orders`)) as unknown as { rows: { first: number }[] }
  ).rows;
  firstNumber = first!.first;
  console.info(`export-scale: filled ${ORDER_COUNT} orders in ${Math.round(performance.now() - started)} ms`);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 180_000);
afterAll(() => t?.close());

interface Streamed {
  status: number;
  records: number;
  header: string;
  bytes: number;
  ms: number;
  heapRiseMb: number;
  rssRiseMb: number;
}

/**
 * Streams an export through a real socket, handing each record (one CSV line: these have no line
 * breaks inside fields) to `onRecord` and keeping none of them, while sampling the memory.
 */
async function stream(path: string, onRecord: (line: string) => void): Promise<Streamed> {
  collectGarbage();
  const before = process.memoryUsage();
  let peakHeap = before.heapUsed;
  let peakRss = before.rss;
  const sample = () => {
    collectGarbage();
    const now = process.memoryUsage();
    peakHeap = Math.max(peakHeap, now.heapUsed);
    peakRss = Math.max(peakRss, now.rss);
  };
  const sampler = setInterval(sample, 100);
  const started = performance.now();
  try {
    return await new Promise<Streamed>((resolve, reject) => {
      // A connection of its own (no keep-alive agent): the export before took up to a minute on a
      // loaded machine, and its socket, reused, was closed by the server under the next one.
      const request = http.get(`${baseUrl}${path}`, { agent: false, headers: { authorization: `Bearer ${admin.token}` } }, (response) => {
        response.setEncoding('utf8');
        let rest = '';
        let header = '';
        let records = 0;
        let bytes = 0;
        response.on('data', (chunk: string) => {
          bytes += Buffer.byteLength(chunk);
          const lines = (rest + chunk).split('\r\n');
          rest = lines.pop()!;
          for (const line of lines) {
            if (!header) header = line;
            else {
              records += 1;
              onRecord(line);
            }
          }
        });
        response.on('end', () => {
          sample();
          resolve({
            status: response.statusCode ?? 0,
            records,
            header,
            bytes,
            ms: performance.now() - started,
            heapRiseMb: (peakHeap - before.heapUsed) / 2 ** 20,
            rssRiseMb: (peakRss - before.rss) / 2 ** 20,
          });
        });
        response.on('error', reject);
      });
      request.on('error', reject);
    });
  } finally {
    clearInterval(sampler);
  }
}

/** A full garbage collection, so that a sample of the heap counts live objects only (gc exposed at run time, as --expose-gc would). */
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

const report = (what: string, s: Streamed) =>
  console.info(
    `export-scale: ${what}: ${s.records} rows, ${(s.bytes / 2 ** 20).toFixed(1)} MB in ${Math.round(s.ms)} ms; ` +
      `heap +${s.heapRiseMb.toFixed(1)} MB, rss +${s.rssRiseMb.toFixed(1)} MB`,
  );

describe(`exports of ${ORDER_COUNT.toLocaleString('en-US')} orders`, () => {
  it('streams every order exactly once, newest first, with memory flat', async () => {
    const seen = new Uint8Array(ORDER_COUNT);
    let repeated = 0;
    let previous = 0;
    let outOfOrder = 0;
    const result = await stream('/api/orders.csv', (line) => {
      const number = Number(/^TH-(\d+),/.exec(line)?.[1]);
      const index = number - firstNumber;
      if (seen[index]) repeated += 1;
      seen[index] = 1;
      // Order g was placed g minutes ago and numbered g-th: newest first is lowest number first.
      if (number < previous) outOfOrder += 1;
      previous = number;
    });
    report('orders, newest first', result);
    expect(result.status).toBe(200);
    expect(result.header).toBe(`\uFEFF${ORDERS_CSV_HEADER.join(',')}`);
    expect(result.records).toBe(ORDER_COUNT);
    expect(repeated).toBe(0);
    expect(seen.every((flag) => flag === 1)).toBe(true);
    expect(outOfOrder).toBe(0);
    expect(result.heapRiseMb).toBeLessThan(HEAP_RISE_LIMIT_MB);
    expect(result.rssRiseMb).toBeLessThan(RSS_RISE_LIMIT_MB);
  }, 120_000);

  it('streams a search of a tenth of them, every match once', async () => {
    const seen = new Set<string>();
    // 'Scale Tool 7' is in the names of tools 7, 70–79 and 700–799: 111 of every 1,000 orders.
    const result = await stream('/api/orders.csv?q=scale%20tool%207&sort=total', (line) => seen.add(line.slice(0, line.indexOf(','))));
    report("orders matching 'scale tool 7', by total", result);
    expect(result.records).toBe(ORDER_COUNT * 0.111);
    expect(seen.size).toBe(result.records);
    expect(result.heapRiseMb).toBeLessThan(HEAP_RISE_LIMIT_MB);
  }, 120_000);

  it('streams every customer once, with their orders counted', async () => {
    const emails = new Set<string>();
    let orders = 0;
    const result = await stream('/api/users.csv', (line) => {
      const cells = line.split(',');
      emails.add(cells[1]!);
      orders += Number(cells[5]);
    });
    report('customers', result);
    expect(result.header).toBe(`\uFEFF${USERS_CSV_HEADER.join(',')}`);
    expect(result.records).toBe(USER_COUNT + 1);
    expect(emails.size).toBe(USER_COUNT + 1);
    expect(orders).toBe(ORDER_COUNT);
    expect(result.heapRiseMb).toBeLessThan(HEAP_RISE_LIMIT_MB);
  }, 120_000);

  it('stops reading when the client goes away, and keeps serving others', async () => {
    await new Promise<void>((resolve, reject) => {
      const request = http.get(`${baseUrl}/api/orders.csv?sort=buyer`, { headers: { authorization: `Bearer ${admin.token}` } }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (bytes > 256 * 1024) {
            request.destroy();
            resolve();
          }
        });
      });
      request.on('error', (error) => (request.destroyed ? resolve() : reject(error)));
    });
    const res = await fetch(`${baseUrl}/api/orders?limit=1`, { headers: { authorization: `Bearer ${admin.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe(String(ORDER_COUNT));
  }, 60_000);
});

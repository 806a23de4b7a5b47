import { countAuditEntries } from '../../../tests/support/audit';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, type TestUser } from '../../../tests/support/accounts';
import { appWithCastForFile } from '../../../tests/support/app-with-cast';
import type { TestApp } from '../../../tests/support/test-app';
import { API_ERRORS, type ContactMessage } from '../../shared';
import { auditLog, contactQueries } from '../db/schema';

/** The admin's Messages page: contact queries listed, paged and marked handled. */
let t: TestApp;
let admin: TestUser;
let customer: TestUser;
appWithCastForFile((cast) => ({ t, admin, A: customer } = cast));

const auditCount = () => countAuditEntries(t.database.db);
const stored = async (id: string) => (await t.database.db.select().from(contactQueries).where(eq(contactQueries.id, id)))[0];
const list = (query = '', user: TestUser | null = admin) =>
  t.app.inject({ method: 'GET', url: `/api/queries${query}`, headers: user ? bearer(user) : {} });
const mark = (id: string, handled: unknown, user: TestUser | null = admin) =>
  t.app.inject({ method: 'PATCH', url: `/api/queries/${id}`, headers: user ? bearer(user) : {}, payload: { handled } });

let sent = 0;
/** Sends a query through the public form; each one a second later than the one before. */
async function send(): Promise<string> {
  sent += 1;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/queries',
    payload: { name: `Sender ${sent}`, email: `sender${sent}@example.com`, number: `555-01${sent}`, message: `Question ${sent}` },
  });
  expect(res.statusCode).toBe(201);
  const id: string = res.json().insertedId;
  await t.database.db.update(contactQueries).set({ createdAt: new Date(Date.UTC(2025, 0, 1) + sent * 1000) }).where(eq(contactQueries.id, id));
  return id;
}

describe('GET /api/queries (admin)', () => {
  it('lists messages newest first, paged, with the total and the handled filter', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push(await send());
    expect((await mark(ids[1]!, true)).json()).toEqual({ modifiedCount: 1 });
    expect((await mark(ids[3]!, true)).json()).toEqual({ modifiedCount: 1 });

    const all = await list();
    expect(all.statusCode).toBe(200);
    expect(all.headers['x-total-count']).toBe('5');
    const rows = all.json() as ContactMessage[];
    expect(rows.map((m) => m._id)).toEqual([...ids].reverse());
    const row = await stored(ids[4]!);
    expect(rows[0]).toEqual({
      _id: ids[4],
      name: row!.name,
      email: row!.email,
      number: row!.number,
      message: row!.message,
      createdAt: row!.createdAt.toISOString(),
      handled: false,
      handledAt: null,
    });
    expect(rows[1]).toMatchObject({ _id: ids[3], handled: true, handledAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });

    const page = await list('?limit=2&offset=1');
    expect((page.json() as ContactMessage[]).map((m) => m._id)).toEqual([ids[3], ids[2]]);
    expect(page.headers['x-total-count']).toBe('5');

    const handled = await list('?handled=true');
    expect((handled.json() as ContactMessage[]).map((m) => m._id)).toEqual([ids[3], ids[1]]);
    expect(handled.headers['x-total-count']).toBe('2');
    const waiting = await list('?handled=false&limit=1');
    expect((waiting.json() as ContactMessage[]).map((m) => m._id)).toEqual([ids[4]]);
    expect(waiting.headers['x-total-count']).toBe('3');
  });

  it('refuses a bad filter with 400 naming it', async () => {
    const res = await list('?handled=maybe');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, detail: "handled must be 'true' or 'false'", errors: [{ field: 'handled' }] });
  });
});

describe('PATCH /api/queries/:id (admin)', () => {
  it('marks a message handled and back, auditing each real change once and a repeat not at all', async () => {
    const id = await send();
    const sender = { name: `Sender ${sent}`, email: `sender${sent}@example.com` };
    const before = await auditCount();

    const first = await mark(id, true);
    expect(first.json()).toEqual({ modifiedCount: 1 });
    expect(await stored(id)).toMatchObject({ handledAt: expect.any(Date), handledBy: admin.userId });
    const again = await mark(id, true);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ modifiedCount: 0 });
    expect(await auditCount()).toBe(before + 1);

    expect((await mark(id, false)).json()).toEqual({ modifiedCount: 1 });
    expect(await stored(id)).toMatchObject({ handledAt: null, handledBy: null });
    expect((await mark(id, false)).json()).toEqual({ modifiedCount: 0 });

    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(entries.map(({ actorEmail, action, before: b, after }) => ({ actorEmail, action, before: b, after }))).toEqual(
      expect.arrayContaining([
        { actorEmail: admin.email, action: 'query.handled', before: { ...sender, handled: false }, after: { ...sender, handled: true } },
        { actorEmail: admin.email, action: 'query.handled', before: { ...sender, handled: true }, after: { ...sender, handled: false } },
      ]),
    );
    expect(entries).toHaveLength(2);
  });

  it.each([
    ['an unknown id', randomUUID()],
    ['a malformed id', 'not-a-query'],
  ])('answers 404 to %s and audits nothing', async (_what, id) => {
    const before = await auditCount();
    const res = await mark(id, true);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 404, detail: API_ERRORS.queryNotFound });
    expect(await auditCount()).toBe(before);
  });

  it('refuses a body without a boolean with 400, changing nothing', async () => {
    const id = await send();
    const before = await auditCount();
    const res = await mark(id, 'yes');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, detail: 'handled must be true or false' });
    expect((await stored(id))!.handledAt).toBeNull();
    expect(await auditCount()).toBe(before);
  });
});

describe('who may read and mark messages', () => {
  it.each([
    ['anonymous', null, 401, API_ERRORS.signInRequired],
    ['a customer', 'customer', 403, API_ERRORS.forbidden],
  ] as const)('refuses %s, changing nothing', async (_who, who, status, message) => {
    const caller = who ? customer : null;
    const id = await send();
    const before = { audit: await auditCount(), row: await stored(id) };
    for (const res of [await list('', caller), await mark(id, true, caller)]) {
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({ status, detail: message });
    }
    expect(await stored(id)).toEqual(before.row);
    expect(await auditCount()).toBe(before.audit);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase, createTestDatabase, testDatabaseKind } from '../../../tests/support/test-database';
import { openDatabase, type AppDatabase, type DatabaseHandle } from '../db/client';
import { MAILS_PER_STATEMENT, queueMail, queueMails } from './outbox';
import { mailOutbox } from '../db/schema';
import { claimDueMail, markMailFailed, markMailsSent, msUntilNextMail, purgeOldMail } from './outbox-repository';

/** How senders take rows from the outbox: a batch at a time, each row by one sender, not again while leased. */
let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());
beforeEach(() => database.db.execute(sql`delete from mail_outbox`));

/** Queued in one transaction, as an order's mails are: they share one created/due time. */
async function queue(db: AppDatabase, n: number) {
  await db.transaction(async (tx) => {
    for (let i = 0; i < n; i++) await queueMail(tx, { to: `row-${i}@example.com`, subject: `Row ${i}`, text: 't', html: '<p>h</p>' });
  });
}

describe('queueMails', () => {
  it('queues more mail than one statement can carry (65,535 parameters), every one, in the caller’s transaction', async () => {
    // A pass of 50 paid orders, each crossing the low-stock line on many tools, told to many owners.
    const count = 17 * MAILS_PER_STATEMENT + 17;
    const mails = Array.from({ length: count }, (_, i) => ({ to: ` owner-${i}@example.com `, subject: `Notice ${i}`, text: 't', html: '<p>h</p>' }));
    await database.db.transaction((tx) => queueMails(tx, mails));
    const [row] = await database.db.select({ n: sql<number>`count(distinct ${mailOutbox.toAddress})::int` }).from(mailOutbox);
    expect(row!.n).toBe(count);
    const rolledBack = database.db.transaction(async (tx) => {
      await queueMails(tx, mails);
      throw new Error('the change failed');
    });
    await expect(rolledBack).rejects.toThrow('the change failed');
    const [after] = await database.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox);
    expect(after!.n).toBe(count);
  });
});

describe('claimDueMail', () => {
  it('takes at most one batch, even of rows due at the same instant, and each row once', async () => {
    await queue(database.db, 45);
    const first = await claimDueMail(database.db, 20, 300);
    const second = await claimDueMail(database.db, 20, 300);
    const third = await claimDueMail(database.db, 20, 300);
    expect([first.length, second.length, third.length]).toEqual([20, 20, 5]);
    expect(new Set([...first, ...second, ...third].map((m) => m.id)).size).toBe(45);
    expect(first.every((m) => m.attempt === 1)).toBe(true);
    // All leased: nothing is due until a lease ends.
    expect(await claimDueMail(database.db, 20, 300)).toEqual([]);
    expect(await msUntilNextMail(database.db)).toBeGreaterThan(290_000);
  });

  it('takes a failed row again only when its retry time has come', async () => {
    await queue(database.db, 1);
    const [row] = await claimDueMail(database.db, 20, 300);
    await markMailFailed(database.db, row!.id, '451 try again', 0.2);
    expect(await claimDueMail(database.db, 20, 300)).toEqual([]);
    await expect.poll(async () => (await claimDueMail(database.db, 20, 300)).map((m) => m.attempt), { interval: 50 }).toEqual([2]);
  });

  it('never takes a row that was given up', async () => {
    await queue(database.db, 1);
    const [row] = await claimDueMail(database.db, 20, 300);
    await markMailFailed(database.db, row!.id, '550 no such user', null);
    expect(await msUntilNextMail(database.db)).toBeNull();
  });
});

describe('purgeOldMail', () => {
  it('deletes mail sent or given up before the cutoff, and keeps what waits or went recently', async () => {
    await queue(database.db, 4);
    const [sentLongAgo, abandonedLongAgo, sentRecently] = await claimDueMail(database.db, 3, 300);
    await markMailsSent(database.db, [sentLongAgo!.id]);
    await markMailFailed(database.db, abandonedLongAgo!.id, '550', null);
    await markMailsSent(database.db, [sentRecently!.id]);
    await database.db.execute(
      sql`update mail_outbox set sent_at = sent_at - interval '31 days', abandoned_at = abandoned_at - interval '31 days' where id in (${sentLongAgo!.id}, ${abandonedLongAgo!.id})`,
    );
    expect(await purgeOldMail(database.db, 30)).toBe(2);
    const left = await database.db.select({ id: mailOutbox.id }).from(mailOutbox);
    expect(left).toHaveLength(2);
    expect(left.map((r) => r.id)).toContain(sentRecently!.id);
  });
});

describe.runIf(testDatabaseKind() === 'postgres')('claimDueMail from two connections pools at once', () => {
  let other: { url: string; drop(): Promise<void> };
  let a: DatabaseHandle;
  let b: DatabaseHandle;
  beforeAll(async () => {
    other = await createPostgresTestDatabase();
    a = await openDatabase({ kind: 'postgres', url: other.url });
    b = await openDatabase({ kind: 'postgres', url: other.url });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await other?.drop();
  });

  it('gives every row to exactly one of them', async () => {
    await queue(a.db, 100);
    const claimed: string[] = [];
    for (let round = 0; round < 5; round++) {
      const batches = await Promise.all([a, b, a, b].map((h) => claimDueMail(h.db, 10, 300)));
      claimed.push(...batches.flat().map((m) => m.id));
    }
    expect(claimed).toHaveLength(100);
    expect(new Set(claimed).size).toBe(100);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/support/test-database';
import type { DatabaseHandle } from '../db/client';
import { mailOutbox } from '../db/schema';
import { countWaitingFollowUps, queueFollowUp } from './follow-ups';
import { createFollowUpRunner, type FollowUpHandler, type FollowUpRunner, type FollowUpWork } from './runner';

/**
 * The follow-up runner (decision 044): work written in a committed transaction is done once,
 * by whichever process takes it, and work that fails is tried again rather than dropped.
 */
let database: DatabaseHandle;
const runners: FollowUpRunner[] = [];
const errors: string[] = [];
const log = { error: (_details: object, message: string) => errors.push(message) };
beforeAll(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.close()));
  await database.db.delete(mailOutbox).where(sql`true`);
});
afterAll(() => database?.close());

/** A follow-up whose work is one row in mail_outbox for `to` (written straight: the runner knows no mail). */
const noteTo: FollowUpHandler<string> = async (payload) => (payload as { to: string }).to;
const mailTo: FollowUpWork<string>['handlers'] = { note: noteTo };
const writeNotes: FollowUpWork<string>['writeAll'] = async (tx, recipients) => {
  if (recipients.length === 0) return;
  await tx.insert(mailOutbox).values(recipients.map((to) => ({ toAddress: to, subject: 'Note', textBody: 'A note.', htmlBody: '<p>A note.</p>' })));
};

async function start(handlers: FollowUpWork<string>['handlers']) {
  const runner = createFollowUpRunner(database, { handlers, writeAll: writeNotes }, log);
  runners.push(runner);
  await runner.start();
  return runner;
}

async function until(check: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 15_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const mailCount = async () => (await database.db.select({ to: mailOutbox.toAddress }).from(mailOutbox)).length;

describe('the follow-up runner', () => {
  it('does each of 60 follow-ups once while two runners take them at once, as two processes would', async () => {
    await Promise.all([start(mailTo), start(mailTo)]);
    await database.db.transaction(async (tx) => {
      for (let i = 0; i < 60; i += 1) await queueFollowUp(tx, 'note', { to: `buyer-${i}@example.com` });
    });
    await until(async () => (await countWaitingFollowUps(database.db)) === 0, 'the follow-ups to be done');
    const sent = (await database.db.select({ to: mailOutbox.toAddress }).from(mailOutbox)).map((row) => row.to).sort();
    expect(sent).toEqual(Array.from({ length: 60 }, (_, i) => `buyer-${i}@example.com`).sort());
  });

  it('writes what a pass of follow-ups answered together: 60 follow-ups in at most two writes', async () => {
    const writes: number[] = [];
    const runner = createFollowUpRunner(
      database,
      {
        handlers: mailTo,
        async writeAll(tx, recipients) {
          writes.push(recipients.length);
          await writeNotes(tx, recipients);
        },
      },
      log,
    );
    runners.push(runner);
    await runner.start();
    await database.db.transaction(async (tx) => {
      for (let i = 0; i < 60; i += 1) await queueFollowUp(tx, 'note', { to: `batch-${i}@example.com` });
    });
    await until(async () => (await countWaitingFollowUps(database.db)) === 0, 'the follow-ups to be done');
    expect(await mailCount()).toBe(60);
    // One pass takes up to 50: the 60 committed together are written as 50 and 10.
    expect(writes.filter((count) => count > 0).sort((a, b) => a - b)).toEqual([10, 50]);
  });

  it('does nothing for a change that rolled back', async () => {
    await start(mailTo);
    await database.db
      .transaction(async (tx) => {
        await queueFollowUp(tx, 'note', { to: 'never@example.com' });
        throw new Error('the change failed');
      })
      .catch(() => {});
    expect(await countWaitingFollowUps(database.db)).toBe(0);
    expect(await mailCount()).toBe(0);
  });

  it('tries failed work again, logged, until it succeeds, and writes nothing of the failed attempt', async () => {
    let attempts = 0;
    await start({
      async note(payload, db, pass) {
        attempts += 1;
        if (attempts === 1) throw new Error('the template broke');
        return mailTo.note!(payload, db, pass);
      },
    });
    await database.db.transaction((tx) => queueFollowUp(tx, 'note', { to: 'retried@example.com' }));
    await until(async () => (await countWaitingFollowUps(database.db)) === 0, 'the retried follow-up');
    expect(attempts).toBe(2);
    expect(await mailCount()).toBe(1);
    expect(errors).toContain('follow-ups: one failed; will try again');
  });
});

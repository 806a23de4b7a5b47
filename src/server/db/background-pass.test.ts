import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../tests/support/test-database';
import { createBackgroundPass, type BackgroundPass } from './background-pass';
import type { DatabaseHandle } from './client';

/** The loop under the mail sender and the follow-ups runner, on a real (embedded) database's NOTIFY feed. */
let database: DatabaseHandle | null = null;
let loop: BackgroundPass | null = null;
afterEach(async () => {
  await loop?.close();
  await database?.close();
  loop = null;
  database = null;
});

async function startLoop(gatherMs: number | undefined) {
  database = await createTestDatabase();
  const passes: number[] = [];
  loop = createBackgroundPass(database, {
    channel: 'background_pass_test',
    pollMs: 30_000,
    gatherMs,
    work: async (control) => {
      control.claiming();
      passes.push(Date.now());
      return null;
    },
    onError: (error) => {
      throw error;
    },
  });
  await loop.start();
  // The pass that start() runs, for what was due before.
  await expect.poll(() => passes.length).toBe(1);
  return passes;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a background pass woken by commits', () => {
  it('answers a burst of wake-ups with one pass after the gathering time, not one pass each', async () => {
    const passes = await startLoop(100);
    const woken = Date.now();
    // Ten wake-ups a turn of the event loop apart (commits in a burst): far closer than the
    // gathering time even on a loaded machine, where timers of a few milliseconds ran 60 ms late.
    for (let i = 0; i < 10; i += 1) {
      loop!.wake();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await expect.poll(() => passes.length).toBe(2);
    await wait(250);
    expect(passes).toHaveLength(2);
    expect(passes[1]! - woken).toBeGreaterThanOrEqual(95);
  });

  it('is woken by a NOTIFY on its channel, from any connection', async () => {
    const passes = await startLoop(50);
    await database!.db.execute(sql`select pg_notify('background_pass_test', '')`);
    await expect.poll(() => passes.length).toBe(2);
  });

  it('runs at once for each wake-up between passes when it gathers nothing', async () => {
    const passes = await startLoop(undefined);
    loop!.wake();
    await expect.poll(() => passes.length).toBe(2);
    loop!.wake();
    await expect.poll(() => passes.length).toBe(3);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReviews } from '../../../tests/support/factories';
import { signUpOver, type RemoteCustomer, type ServerProcess } from '../../../tests/support/server-process';
import { startServersOnPostgres, type ServersOnPostgres } from '../../../tests/support/servers-on-postgres';
import { testDatabaseKind } from '../../../tests/support/test-database';
import type { Review } from '../../shared';
import { users } from '../db/schema';

/**
 * The public review list is answered from each process's memory (decision 014). A review an admin
 * hides, shows or deletes through one process is gone from (or back in) its own list at once and
 * the other's as soon as the change's notice arrives, sent with its transaction (decision 012).
 */
describe.runIf(testDatabaseKind() === 'postgres')('moderating reviews with two app processes on one PostgreSQL', () => {
  let cluster: ServersOnPostgres;
  let A: ServerProcess;
  let B: ServerProcess;
  let admin: RemoteCustomer;

  beforeAll(async () => {
    cluster = await startServersOnPostgres({ AUTH_RATE_LIMIT: '1000' }, 2);
    [A, B] = cluster.servers as [ServerProcess, ServerProcess];
    admin = await signUpOver(A, 'Mo Moderator', 'moderator');
    await cluster.direct.db.update(users).set({ role: 'admin' }).where(eq(users.email, admin.email));
  }, 120_000);
  afterAll(async () => {
    await cluster?.stop();
  });

  /**
   * The writing process drops its own copy before it answers; the other hears the change's NOTIFY
   * a moment after the commit (decision 014), on a busy machine after its next request may have
   * gone out: it is asked again for up to 5 s, every 50 ms.
   */
  const HEARD_SOON = { timeout: 5_000, interval: 50 };

  const publicIds = async (server: ServerProcess) => {
    const res = await fetch(`${server.origin}/api/review?limit=50`);
    expect(res.status).toBe(200);
    return ((await res.json()) as Review[]).map((review) => review._id);
  };
  const moderate = (server: ServerProcess, method: 'PATCH' | 'DELETE', id: string, body?: unknown) =>
    fetch(`${server.origin}/api/review/${id}`, {
      method,
      headers: { authorization: `Bearer ${admin.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });

  it('a review hidden through one process is gone from the other as soon as it hears of it, and back when shown', async () => {
    const [review] = await createReviews(cluster.direct.db, 1, { createdAt: new Date() });
    const id = review!.id;
    // Both processes hold the list with the review in memory. It was written by this test's own
    // connection, another process to them: each shows it once it has heard the notice.
    await expect.poll(() => publicIds(A), HEARD_SOON).toContain(id);
    await expect.poll(() => publicIds(B), HEARD_SOON).toContain(id);
    expect(await publicIds(B)).toContain(id);

    expect((await moderate(A, 'PATCH', id, { hidden: true })).status).toBe(200);
    expect(await publicIds(A)).not.toContain(id);
    await expect.poll(() => publicIds(B), HEARD_SOON).not.toContain(id);

    expect((await moderate(B, 'PATCH', id, { hidden: false })).status).toBe(200);
    expect(await publicIds(B)).toContain(id);
    await expect.poll(() => publicIds(A), HEARD_SOON).toContain(id);
  });

  it('a review deleted through one process is gone from the other as soon as it hears of it', async () => {
    const [review] = await createReviews(cluster.direct.db, 1, { createdAt: new Date() });
    const id = review!.id;
    await expect.poll(() => publicIds(A), HEARD_SOON).toContain(id);
    await expect.poll(() => publicIds(B), HEARD_SOON).toContain(id);
    expect((await moderate(B, 'DELETE', id)).status).toBe(200);
    expect(await publicIds(B)).not.toContain(id);
    await expect.poll(() => publicIds(A), HEARD_SOON).not.toContain(id);
  });
});

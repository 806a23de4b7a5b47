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
 * hides, shows or deletes through one process must be gone from (or back in) the other's list on
 * its very next request: the change's notice travels in its transaction (decision 012).
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

  it('a review hidden through one process is gone from the other on its next request, and back when shown', async () => {
    const [review] = await createReviews(cluster.direct.db, 1, { createdAt: new Date() });
    const id = review!.id;
    // Both processes hold the list with the review in memory.
    expect(await publicIds(A)).toContain(id);
    expect(await publicIds(B)).toContain(id);
    expect(await publicIds(B)).toContain(id);

    expect((await moderate(A, 'PATCH', id, { hidden: true })).status).toBe(200);
    expect(await publicIds(B)).not.toContain(id);
    expect(await publicIds(A)).not.toContain(id);

    expect((await moderate(B, 'PATCH', id, { hidden: false })).status).toBe(200);
    expect(await publicIds(A)).toContain(id);
    expect(await publicIds(B)).toContain(id);
  });

  it('a review deleted through one process is gone from the other on its next request', async () => {
    const [review] = await createReviews(cluster.direct.db, 1, { createdAt: new Date() });
    const id = review!.id;
    expect(await publicIds(A)).toContain(id);
    expect(await publicIds(B)).toContain(id);
    expect((await moderate(B, 'DELETE', id)).status).toBe(200);
    expect(await publicIds(A)).not.toContain(id);
    expect(await publicIds(B)).not.toContain(id);
  });
});

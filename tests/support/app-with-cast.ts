import { afterAll, beforeAll } from 'vitest';
import { createCast, type TestUser } from './accounts';
import { createTestApp, type TestApp, type TestConfigOverrides } from './test-app';

/** A test file's app on a database of its own, and its cast: an admin and two customers, A and B. */
export interface AppWithCast {
  t: TestApp;
  admin: TestUser;
  A: TestUser;
  B: TestUser;
}

/** The set-up most API test files share (their `beforeAll`); the file closes `t` in its `afterAll`. */
export async function appWithCast(overrides?: TestConfigOverrides): Promise<AppWithCast> {
  const t = await createTestApp(overrides);
  return { t, ...(await createCast(t.app, t.database.db)) };
}

/**
 * The same set-up as a test file's hooks: before its tests, the app and cast, handed to `take`
 * (which keeps what the file names); after them, the app closed.
 */
export function appWithCastForFile(take: (cast: AppWithCast) => void, overrides?: TestConfigOverrides): void {
  let cast: AppWithCast | undefined;
  beforeAll(async () => {
    cast = await appWithCast(overrides);
    take(cast);
  });
  afterAll(() => cast?.t.close());
}

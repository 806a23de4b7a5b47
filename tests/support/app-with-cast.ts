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

import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { loadConfig, type AppConfig, type MailConfig } from '../../src/server/config';
import type { DatabaseHandle } from '../../src/server/db/client';
import { CHEAP_PASSWORD_HASHING } from './cheap-password-hashing';
import { createTestDatabase } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** Any setting; the mail settings one by one (a test that reads mail gives its catcher's `smtpUrl` and `from`). */
export type TestConfigOverrides = Partial<Omit<AppConfig, 'mail'>> & { mail?: Partial<MailConfig> };

/** The configuration a real start would read, for a store on a test database of its own. */
export function testConfig(overrides: TestConfigOverrides = {}): AppConfig {
  const base = loadConfig({
    LOG_LEVEL: 'silent',
    AUTH_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
    PUBLIC_WRITE_RATE_LIMIT: '1000',
    AUTH_RATE_LIMIT: '1000',
    // Tests sign many customers up from one address; the limit has tests of its own (accounts/mail-floods.test.ts).
    SIGN_UP_RATE_LIMIT: '100000',
    // Tests read many catalogue pages and searches from one address; the allowance has tests of its own (catalogue/catalogue-abuse.test.ts).
    CATALOGUE_READ_RATE_LIMIT: '100000',
    // Tests place many orders for one buyer; the cap has tests of its own (orders/unpaid-cap-race.test.ts).
    MAX_UNPAID_ORDERS: '1000',
    // Tests read no mail unless they ask for a catcher, yet most of them exercise the store as it
    // runs with a mail server: addresses must be confirmed. The default without SMTP_URL (off) has
    // tests of its own (accounts/default-install.test.ts).
    EMAIL_VERIFICATION: 'required',
    // Most tests act as an admin without the authenticator app every real admin needs by default
    // (ADMIN_TWO_FACTOR=required); the requirement has tests of its own (accounts/admin-two-factor.test.ts).
    ADMIN_TWO_FACTOR: 'optional',
    ...CHEAP_PASSWORD_HASHING,
  });
  return {
    ...base,
    port: 0,
    database: { kind: 'pglite', dataDir: null },
    dataDir: '/nonexistent-test-data-dir',
    webDistDir: null,
    ...overrides,
    auth: { ...base.auth, createDefaultAdmin: false, ...overrides.auth },
    // No outbox folder: a test that reads mail passes `mail: { smtpUrl: catcher.url, from }`.
    mail: { smtpUrl: null, from: 'ToolHouse <no-reply@toolhouse.test>', outboxDir: null, ...overrides.mail },
  };
}

/** The real app on a fresh database of its own; requests go through `app.inject`. */
export async function createTestApp(overrides: TestConfigOverrides = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const app = await buildApp(testConfig(overrides), { database });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

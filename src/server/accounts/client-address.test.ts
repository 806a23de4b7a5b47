import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, TEST_ORIGIN, uniqueEmail } from '../../../tests/support/accounts';
import { createTestApp, testConfig, type TestApp } from '../../../tests/support/test-app';
import { loadConfig } from '../config';
import { sessions } from '../db/schema';

/**
 * Issue 8, finding 4: with TRUST_PROXY=1 the leftmost X-Forwarded-For was believed, so a client
 * chose its own address (escaping every per-address limit, or framing someone else), and even
 * with TRUST_PROXY=0 the identity service stored a client-sent X-Forwarded-For on the session.
 * Now the client is the first address from the right that is not a trusted proxy, and the
 * identity service records exactly that address.
 */
const MAX_FAILURES = 2;
const PUBLIC_WRITES_PER_MINUTE = 3;
const SPOOF_HEADERS = ['x-forwarded-for', 'x-real-ip', 'x-client-ip', 'x-toolhouse-client-ip', 'cf-connecting-ip'];

/** An app whose TRUST_PROXY is parsed the way a real start parses it. */
async function appTrusting(trustProxy: string): Promise<TestApp> {
  const base = testConfig();
  return createTestApp({
    trustProxy: loadConfig({ TRUST_PROXY: trustProxy }).trustProxy,
    publicWriteRateLimit: PUBLIC_WRITES_PER_MINUTE,
    auth: { ...base.auth, signInMaxFailures: MAX_FAILURES },
  });
}

let spoofCounter = 1;
const spoofed = () => `6.6.${Math.floor(spoofCounter / 250)}.${(spoofCounter++ % 250) + 1}`;

function signIn(t: TestApp, email: string, password: string, remoteAddress: string, headers: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: TEST_ORIGIN, ...headers },
    remoteAddress,
    payload: { email, password },
  });
}

function postContactQuery(t: TestApp, remoteAddress: string, headers: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/queries',
    remoteAddress,
    headers,
    payload: { name: 'Dana Miller', email: 'dana@example.com', number: '+1 555 0100', message: 'Hello' },
  });
}

/** The client address the identity service stored on the session a sign-in created. */
async function sessionAddressOf(t: TestApp, email: string, password: string, remoteAddress: string, headers: Record<string, string>) {
  const res = await signIn(t, email, password, remoteAddress, headers);
  expect(res.statusCode).toBe(200);
  const [row] = await t.database.db
    .select({ ipAddress: sessions.ipAddress })
    .from(sessions)
    .where(eq(sessions.token, res.json().token as string));
  return row?.ipAddress;
}

describe('TRUST_PROXY=0: forwarded headers are ignored everywhere', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appTrusting('0');
  });
  afterAll(() => t.close());

  it('stores the connecting address on the session, whatever address headers the client sends', async () => {
    const user = await createCustomer(t.app);
    const claims = Object.fromEntries(SPOOF_HEADERS.map((name) => [name, '6.6.6.6']));
    expect(await sessionAddressOf(t, user.email, user.password, '198.51.100.20', claims)).toBe('198.51.100.20');
  });

  it('counts the contact form limit by the connecting address, however X-Forwarded-For changes', async () => {
    const client = '198.51.100.21';
    for (let i = 0; i < PUBLIC_WRITES_PER_MINUTE; i += 1) {
      expect((await postContactQuery(t, client, { 'x-forwarded-for': spoofed() })).statusCode).toBe(201);
    }
    expect((await postContactQuery(t, client, { 'x-forwarded-for': spoofed() })).statusCode).toBe(429);
  });

  it('counts the sign-in address throttle by the connecting address, however X-Forwarded-For changes', async () => {
    const client = '198.51.100.22';
    for (let i = 0; i < 6 * MAX_FAILURES; i += 1) {
      const res = await signIn(t, uniqueEmail('spray'), `Wrong-${randomUUID()}`, client, { 'x-forwarded-for': spoofed() });
      expect(res.statusCode).toBe(401);
    }
    const next = await signIn(t, uniqueEmail('spray'), `Wrong-${randomUUID()}`, client, { 'x-forwarded-for': spoofed() });
    expect(next.statusCode).toBe(429);
  });
});

describe('TRUST_PROXY=1: one proxy, the client is the rightmost X-Forwarded-For entry', () => {
  const proxy = '10.0.0.2';
  let t: TestApp;
  beforeAll(async () => {
    t = await appTrusting('1');
  });
  afterAll(() => t.close());

  it('stores the address the proxy saw, not the one the client wrote in front of it', async () => {
    const user = await createCustomer(t.app);
    const headers = { 'x-forwarded-for': '6.6.6.6, 203.0.113.7', 'x-real-ip': '6.6.6.6' };
    expect(await sessionAddressOf(t, user.email, user.password, proxy, headers)).toBe('203.0.113.7');
  });

  it('counts the contact form limit for the real client, whatever it prepends', async () => {
    for (let i = 0; i < PUBLIC_WRITES_PER_MINUTE; i += 1) {
      const res = await postContactQuery(t, proxy, { 'x-forwarded-for': `${spoofed()}, 203.0.113.8` });
      expect(res.statusCode).toBe(201);
    }
    expect((await postContactQuery(t, proxy, { 'x-forwarded-for': `${spoofed()}, 203.0.113.8` })).statusCode).toBe(429);
    // Another client behind the same proxy is not affected, even if it names the limited one.
    expect((await postContactQuery(t, proxy, { 'x-forwarded-for': '203.0.113.8, 203.0.113.9' })).statusCode).toBe(201);
  });

  it('throttles sign-in guesses by the real client, so prepending addresses does not buy more', async () => {
    const user = await createCustomer(t.app);
    const viaProxy = (client: string) => ({ 'x-forwarded-for': `${spoofed()}, ${client}` });
    for (let i = 0; i < MAX_FAILURES; i += 1) {
      expect((await signIn(t, user.email, `Wrong-${randomUUID()}`, proxy, viaProxy('203.0.113.10'))).statusCode).toBe(401);
    }
    expect((await signIn(t, user.email, user.password, proxy, viaProxy('203.0.113.10'))).statusCode).toBe(429);
    expect((await signIn(t, user.email, user.password, proxy, viaProxy('203.0.113.11'))).statusCode).toBe(200);
  });
});

describe('TRUST_PROXY as a hop count or as proxy addresses', () => {
  it('with 2 hops, skips two proxies from the right and takes the next address', async () => {
    const t = await appTrusting('2');
    try {
      const user = await createCustomer(t.app);
      const headers = { 'x-forwarded-for': '6.6.6.6, 203.0.113.20, 10.0.0.1' };
      expect(await sessionAddressOf(t, user.email, user.password, '10.0.0.2', headers)).toBe('203.0.113.20');
    } finally {
      await t.close();
    }
  });

  it('with proxy addresses, skips only those and believes nothing from anyone else', async () => {
    const t = await appTrusting('10.0.0.1, 10.1.0.0/16');
    try {
      const user = await createCustomer(t.app);
      const throughProxies = { 'x-forwarded-for': '6.6.6.6, 203.0.113.21, 10.1.2.3' };
      expect(await sessionAddressOf(t, user.email, user.password, '10.0.0.1', throughProxies)).toBe('203.0.113.21');
      // A client connecting directly is not a trusted proxy: its X-Forwarded-For is ignored.
      const direct = { 'x-forwarded-for': '203.0.113.21' };
      expect(await sessionAddressOf(t, user.email, user.password, '198.51.100.30', direct)).toBe('198.51.100.30');
    } finally {
      await t.close();
    }
  });
});

import { verifyPassword } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, signIn } from '../../../tests/support/accounts';
import { outputOfScript } from '../../../tests/support/script-process';
import { createTestApp, testConfig, type TestApp } from '../../../tests/support/test-app';
import { loadConfig } from '../config';
import { accounts } from '../db/schema';
import { passwordHasher } from './password-hashing';

describe('PASSWORD_HASHING', () => {
  it('is standard unless set', () => {
    expect(loadConfig({}).auth.passwordHashing).toBe('standard');
  });

  it('refuses the test suite\'s cheap hashing outside a test run, naming the setting', () => {
    expect(() => loadConfig({ PASSWORD_HASHING: 'test' })).toThrow(/PASSWORD_HASHING=test is for the test suite only/);
    expect(() => loadConfig({ PASSWORD_HASHING: 'test', NODE_ENV: 'production' })).toThrow(/PASSWORD_HASHING/);
    expect(() => loadConfig({ PASSWORD_HASHING: 'fast' })).toThrow(/PASSWORD_HASHING: must be standard/);
    expect(loadConfig({ PASSWORD_HASHING: 'test', NODE_ENV: 'test' }).auth.passwordHashing).toBe('test');
  });
});

describe('the standard hashing', () => {
  const standard = passwordHasher('standard');

  it('is better-auth\'s own scrypt: its hashes verify with better-auth\'s function', async () => {
    const hash = await standard.hash('Correct-horse-9');
    expect(await verifyPassword({ hash, password: 'Correct-horse-9' })).toBe(true);
    expect(await standard.verify({ hash, password: 'Correct-horse-9' })).toBe(true);
    expect(await standard.verify({ hash, password: 'Wrong-horse-9' })).toBe(false);
  });

  it('never accepts a password stored by the test suite\'s cheap hashing', async () => {
    const cheap = await passwordHasher('test').hash('Correct-horse-9');
    expect(await standard.verify({ hash: cheap, password: 'Correct-horse-9' })).toBe(false);
  });
});

/**
 * A burst of sign-ins hashes in turn (issue 26): scrypt holds 32 MB a hash, and libuv's four threads
 * would run four at once. Measured in a process of its own, by its peak resident memory (Linux).
 */
describe.runIf(process.platform === 'linux')('a burst of standard hashes', () => {
  const peakGrowthMb = async (hashesAtOnce: number) => {
    const script = `
      import { readFileSync } from 'node:fs';
      import { passwordHasher } from './src/server/identity/password-hashing.ts';
      const peakMb = () => Number(/VmHWM:\\s+(\\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1]) / 1024;
      const hasher = passwordHasher('standard', ${hashesAtOnce});
      await hasher.hash('warm-up-password');
      const before = peakMb();
      await Promise.all(Array.from({ length: 8 }, (_, i) => hasher.hash('Correct-horse-' + i)));
      console.log(peakMb() - before);`;
    return Number(await outputOfScript(script));
  };

  it('still stores and checks every password of a burst, in turn: each customer signs up and in', async () => {
    const inTurn = passwordHasher('standard', 1);
    const passwords = Array.from({ length: 6 }, (_, i) => `Correct-horse-${i}`);
    const hashes = await Promise.all(passwords.map((password) => inTurn.hash(password)));
    const checks = await Promise.all(passwords.map((password, i) => inTurn.verify({ hash: hashes[i]!, password })));
    expect(checks).toEqual(passwords.map(() => true));
    expect(await inTurn.verify({ hash: hashes[0]!, password: 'Wrong-horse-0' })).toBe(false);
  }, 30_000);

  it('holds at most the memory of the hashes allowed at once, where four threads would hold four', async () => {
    // One at a time: the warm-up's 32 MB is reused, so the burst adds about nothing.
    expect(await peakGrowthMb(1)).toBeLessThan(24);
    // Four at once (libuv's pool, unlimited): up to three more hashes' worth (96 MB) on top of the
    // warm-up's; on a loaded 2-core machine the four overlap less (79.6 and 57.3 MB measured in CI
    // runs), so the bar is one more hash's worth and a margin: what one at a time may add cannot
    // reach it, so the measure still tells the two apart.
    expect(await peakGrowthMb(4)).toBeGreaterThan(40);
  }, 30_000);
});

describe('the test suite\'s hashing', () => {
  const cheap = passwordHasher('test');

  it('checks passwords as the standard one does, and still reads standard hashes', async () => {
    const hash = await cheap.hash('Correct-horse-9');
    expect(hash).toMatch(/^test-scrypt\$[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await cheap.verify({ hash, password: 'Correct-horse-9' })).toBe(true);
    expect(await cheap.verify({ hash, password: 'correct-horse-9' })).toBe(false);
    const standardHash = await passwordHasher('standard').hash('Correct-horse-9');
    expect(await cheap.verify({ hash: standardHash, password: 'Correct-horse-9' })).toBe(true);
  });
});

describe('a store on the standard hashing', () => {
  let t: TestApp;
  beforeAll(async () => {
    const base = testConfig();
    t = await createTestApp({ auth: { ...base.auth, passwordHashing: 'standard' } });
  });
  afterAll(() => t.close());

  it('stores a new customer\'s password with better-auth\'s scrypt and signs them in with it', async () => {
    const customer = await createCustomer(t.app, 'Stan Dard');
    const [account] = await t.database.db.select({ password: accounts.password }).from(accounts).where(eq(accounts.userId, customer.userId));
    expect(account?.password).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await verifyPassword({ hash: account!.password!, password: customer.password })).toBe(true);
    expect((await signIn(t.app, customer.email, 'Not-the-password-1')).statusCode).toBe(401);
    expect((await signIn(t.app, customer.email, customer.password)).statusCode).toBe(200);
  });
});

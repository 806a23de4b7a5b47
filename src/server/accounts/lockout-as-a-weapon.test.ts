import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, signUp, TEST_ORIGIN, uniqueEmail } from '../../../tests/support/accounts';
import { createTestApp, testConfig, type TestApp } from '../../../tests/support/test-app';
import { API_ERRORS } from '../../shared';
import { DEFAULT_ADMIN_EMAIL } from './first-admin';

/**
 * Issue 8, finding 3: six wrong passwords locked an account for everyone, its owner included, and
 * anyone could repeat that forever (the default admin's email is predictable). Now failures from one
 * address slow that address only, many addresses together get a bounded number of guesses per
 * account, and a browser the owner has signed in with before always gets its own tries.
 */
// Small numbers keep the sprays short; the ratios are the real ones.
const MAX_FAILURES = 1;
const PER_ADDRESS = 6 * MAX_FAILURES;
const UNKNOWN_CLIENTS_PER_DAY = 20 * MAX_FAILURES;
const FROM_HERE = { code: 'TOO_MANY_ATTEMPTS', message: API_ERRORS.tooManySignIns };
const ACCOUNT_PAUSED = { code: 'TOO_MANY_ATTEMPTS', message: API_ERRORS.accountSignInsPaused };
const KNOWN_DEVICE_COOKIE = 'toolhouse.known_device=';

const admin = { email: DEFAULT_ADMIN_EMAIL, password: `Admin-${randomUUID()}` };
let t: TestApp;
beforeAll(async () => {
  const base = testConfig();
  t = await createTestApp({ auth: { ...base.auth, signInMaxFailures: MAX_FAILURES, admin } });
});
afterAll(() => t.close());

let nextAddress = 1;
const freshAddress = () => `10.30.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;
const wrongPassword = () => `Wrong-${randomUUID()}`;

function signIn(email: string, password: string, ip: string, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    remoteAddress: ip,
    payload: { email, password },
  });
}

/** Signs in with the right password and keeps the browser's known-device cookie (`name=value`). */
async function knownBrowserOf(email: string, password: string, ip = freshAddress()): Promise<string> {
  return knownDeviceCookieOf(await signIn(email, password, ip));
}

function knownDeviceCookieOf(res: Awaited<ReturnType<typeof signIn>>): string {
  expect(res.statusCode).toBe(200);
  const setCookie = [res.headers['set-cookie'] ?? []].flat();
  const device = setCookie.find((c) => c.startsWith(KNOWN_DEVICE_COOKIE));
  expect(device).toMatch(/HttpOnly/);
  return device!.split(';')[0]!;
}

/** Guesses from new addresses, `MAX_FAILURES` each, until refused everywhere; answers how many were checked. */
async function sprayUntilRefused(email: string): Promise<number> {
  let checked = 0;
  for (let round = 0; round <= UNKNOWN_CLIENTS_PER_DAY; round += 1) {
    const ip = freshAddress();
    let refused = 0;
    for (let i = 0; i < MAX_FAILURES; i += 1) {
      const res = await signIn(email, wrongPassword(), ip);
      if (res.statusCode === 401) checked += 1;
      else {
        expect(res.json()).toEqual(ACCOUNT_PAUSED);
        refused += 1;
      }
    }
    if (refused === MAX_FAILURES) return checked;
  }
  throw new Error('the spray was never refused');
}

describe('failures from one address', () => {
  it('slow that address down, while the owner of the predictable admin email signs in from another', async () => {
    const attacker = freshAddress();
    for (let i = 0; i < MAX_FAILURES; i += 1) {
      expect((await signIn(admin.email, wrongPassword(), attacker)).statusCode).toBe(401);
    }
    for (let i = 0; i < 10; i += 1) {
      const res = await signIn(admin.email, wrongPassword(), attacker);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual(FROM_HERE);
    }
    // The owner, on a browser and address of their own (no known-device cookie), is not locked out.
    const owner = await signIn(admin.email, admin.password, freshAddress());
    expect(owner.statusCode).toBe(200);
    expect(owner.json().user.email).toBe(admin.email);
  });

  it(`after ${PER_ADDRESS} failures across accounts, stop that address only, not the owners who use it`, async () => {
    const office = freshAddress();
    const colleague = await createCustomer(t.app, 'Office Colleague');
    const colleagueBrowser = await knownBrowserOf(colleague.email, colleague.password, office);
    for (let n = 0; n < PER_ADDRESS / MAX_FAILURES; n += 1) {
      const target = uniqueEmail('spray');
      for (let i = 0; i < MAX_FAILURES; i += 1) {
        expect((await signIn(target, wrongPassword(), office)).statusCode).toBe(401);
      }
    }
    expect((await signIn(uniqueEmail('spray'), wrongPassword(), office)).json()).toEqual(FROM_HERE);
    // Without a known-device cookie, the right password from that address waits too...
    expect((await signIn(colleague.email, colleague.password, office)).statusCode).toBe(429);
    // ...but the colleague's usual browser at the office, and any other address, still get in.
    expect((await signIn(colleague.email, colleague.password, office, colleagueBrowser)).statusCode).toBe(200);
    expect((await signIn(colleague.email, colleague.password, freshAddress())).statusCode).toBe(200);
  });
});

describe('failures from many addresses', () => {
  it(`check at most ${UNKNOWN_CLIENTS_PER_DAY} guesses a day, and the owner's usual browser still gets in`, async () => {
    // The browser the owner signed in with after signing up is known to the account from then on.
    const owner = await createCustomer(t.app, 'Olive Owner');
    const usualBrowser = await knownBrowserOf(owner.email, owner.password);

    expect(await sprayUntilRefused(owner.email)).toBe(UNKNOWN_CLIENTS_PER_DAY);
    // Unknown clients are refused even with the right password: the guesses stay bounded.
    const stranger = await signIn(owner.email, owner.password, freshAddress());
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json()).toEqual(ACCOUNT_PAUSED);

    // The owner's browser gets in, at home or on the road, and that gives the attacker nothing new.
    expect((await signIn(owner.email, owner.password, freshAddress(), usualBrowser)).statusCode).toBe(200);
    expect((await signIn(owner.email, owner.password, freshAddress(), usualBrowser)).statusCode).toBe(200);
    expect((await signIn(owner.email, wrongPassword(), freshAddress())).json()).toEqual(ACCOUNT_PAUSED);
  });

  it('honour a known-device cookie only for its own account, and only as the server signed it', async () => {
    const owner = await createCustomer(t.app, 'Otto Owner');
    const ownersBrowser = await knownBrowserOf(owner.email, owner.password);
    const attacker = await createCustomer(t.app, 'Mallory Attacker');
    const attackersBrowser = await knownBrowserOf(attacker.email, attacker.password);
    expect(await sprayUntilRefused(owner.email)).toBe(UNKNOWN_CLIENTS_PER_DAY);

    // The attacker's own known-device cookie says nothing about the owner's account.
    expect((await signIn(owner.email, owner.password, freshAddress(), attackersBrowser)).json()).toEqual(ACCOUNT_PAUSED);
    // A copy of the owner's cookie with a new device id (to get a fresh per-browser allowance)
    // no longer matches its signature and counts as an unknown client.
    const [deviceId, accounts, signature] = ownersBrowser.slice(KNOWN_DEVICE_COOKIE.length).split('.');
    const renamed = `${KNOWN_DEVICE_COOKIE}${deviceId!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}.${accounts}.${signature}`;
    expect((await signIn(owner.email, owner.password, freshAddress(), renamed)).json()).toEqual(ACCOUNT_PAUSED);
    expect((await signIn(owner.email, owner.password, freshAddress(), ownersBrowser)).statusCode).toBe(200);
  });

  it(`check at most ${UNKNOWN_CLIENTS_PER_DAY} guesses even when they all arrive at once`, async () => {
    const owner = await createCustomer(t.app, 'Burst Target');
    const burst = await Promise.all(
      Array.from({ length: UNKNOWN_CLIENTS_PER_DAY + 10 }, () => signIn(owner.email, wrongPassword(), freshAddress())),
    );
    const statuses = burst.map((r) => r.statusCode);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    let checked = statuses.filter((s) => s === 401).length;
    checked += await sprayUntilRefused(owner.email);
    expect(checked).toBe(UNKNOWN_CLIENTS_PER_DAY);
  });
});

describe('a known browser', () => {
  it('has its own allowance of SIGN_IN_MAX_FAILURES per 15 minutes, so a stolen cookie buys few guesses', async () => {
    const owner = await createCustomer(t.app, 'Kim Known');
    const browser = await knownBrowserOf(owner.email, owner.password);
    for (let i = 0; i < MAX_FAILURES; i += 1) {
      expect((await signIn(owner.email, wrongPassword(), freshAddress(), browser)).statusCode).toBe(401);
    }
    const refused = await signIn(owner.email, owner.password, freshAddress(), browser);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(FROM_HERE);
    // Those failures were the browser's own: the account is still open to the owner elsewhere.
    expect((await signIn(owner.email, owner.password, freshAddress())).statusCode).toBe(200);
  });
});

describe('a sign-up', () => {
  it("with someone else's address does not make the caller's browser known to that account", async () => {
    // A known browser escapes the daily limit on strangers' guesses: being "known" must take the password.
    const owner = await createCustomer(t.app, 'Sia Signedup');
    const res = await signUp(t.app, 'Sly Squatter', owner.email, `Pw-${randomUUID()}`);
    expect(res.statusCode).toBe(200);
    expect([res.headers['set-cookie'] ?? []].flat().filter((c) => c.startsWith(KNOWN_DEVICE_COOKIE))).toEqual([]);
  });
});

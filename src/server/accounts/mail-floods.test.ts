import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, uniqueEmail } from '../../../tests/support/accounts';
import { createTestAppWithMail, type TestAppWithMail } from '../../../tests/support/app-with-mail';
import { deleteRedisKeys, redisKeys, testRedisUrl, uniqueRedisPrefix } from '../../../tests/support/redis';
import { testConfig } from '../../../tests/support/test-app';
import { API_ERRORS } from '../../shared';
import { mailOutbox } from '../db/schema';

/**
 * Issue 19: 45 sign-ups to `victim+N@domain` from one client sent 30 mails to one mailbox in 12.5 s.
 * Mail limits now count per mailbox (`a+x@d` and `A+y@D` are one), sign-ups per client address are
 * limited, and the keys those limits keep in Redis carry no address.
 */
describe('mail to one mailbox and sign-ups from one client', () => {
  let t: TestAppWithMail;
  const prefix = uniqueRedisPrefix();
  beforeAll(async () => {
    t = await createTestAppWithMail({
      auth: { ...testConfig().auth, signUpsPerHour: 10 },
      redis: { url: testRedisUrl(), keyPrefix: prefix },
    });
  });
  afterAll(async () => {
    await t?.close();
    await deleteRedisKeys(testRedisUrl(), prefix);
  });

  const mailsTo = async (domain: string) =>
    (await t.database.db.select().from(mailOutbox)).filter((m) => m.toAddress.toLowerCase().endsWith(`@${domain}`)).length;

  it('sends one mailbox at most 4 mails however its address is spelled, and keeps the address out of Redis', async () => {
    const domain = `victim-${Date.now()}.example`;
    const answers: number[] = [];
    for (let i = 0; i < 9; i += 1) {
      // Spread over client addresses, so only the per-mailbox limit is at work.
      const email = `${i % 2 ? 'Victim' : 'victim'}+${i}@${i % 3 ? domain.toUpperCase() : domain}`;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin: 'http://127.0.0.1:3000' },
        remoteAddress: `10.19.0.${i + 1}`,
        payload: { name: 'Not The Victim', email, password: `Attacker-pw-${i}-x7` },
      });
      answers.push(res.statusCode);
    }
    expect(answers.filter((status) => status === 200)).toHaveLength(4);
    expect(answers.slice(4)).toEqual(Array(5).fill(429));
    expect(await mailsTo(domain)).toBe(4);
    const keys = await redisKeys(testRedisUrl(), prefix);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      expect(key).not.toContain('@');
      expect(key.toLowerCase()).not.toContain('victim');
    }
  });

  it('lets one client address make 10 accounts an hour, then says so (429)', async () => {
    const ip = '10.19.1.1';
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin: 'http://127.0.0.1:3000' },
        remoteAddress: ip,
        payload: { name: `Many Accounts ${i}`, email: uniqueEmail('many'), password: `Many-accounts-pw-${i}` },
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json()).toEqual({ code: 'TOO_MANY_SIGN_UPS', message: API_ERRORS.tooManySignUps });
    }
    expect(statuses).toEqual([...Array(10).fill(200), 429, 429]);
    // Another address is not held up.
    const elsewhere = await signUp(t.app, 'Someone Else', uniqueEmail('else'), 'Someone-else-pw-1');
    expect(elsewhere.statusCode).toBe(200);
  });
});

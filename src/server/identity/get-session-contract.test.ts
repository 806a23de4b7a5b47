import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ageSessions, createCustomer, enrolTwoFactor, identityPost } from '../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { sessions } from '../db/schema';

/**
 * The web app reads who is signed in with its own fetch of better-auth's `GET /api/auth/get-session`
 * (src/web/lib/identity-session.ts, decision 030), not through better-auth's client. What it relies
 * on is checked here against the real endpoint, so an upgrade of better-auth that changes it fails
 * this test rather than the pages: `null` for nobody, the fields the pages read, and a session
 * renewed by the read itself (the client never has to ask for a refresh).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 3600;
const getSession = (cookie?: string) => t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: cookie ? { cookie } : {} });

describe('GET /api/auth/get-session, as the web app reads it', () => {
  it('answers null, as JSON, to a browser that is not signed in', async () => {
    const res = await getSession();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toBeNull();
  });

  it("gives the session and the user's fields the pages read, with ISO dates", async () => {
    const customer = await createCustomer(t.app, 'Connie Contract');
    const res = await getSession(customer.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      session: { id: expect.any(String), expiresAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), secondFactorAt: null },
      user: { id: customer.userId, email: customer.email, name: 'Connie Contract', emailVerified: true, role: 'customer', twoFactorEnabled: false },
    });
    expect(body.user).toHaveProperty('image');
    expect(body).not.toHaveProperty('needsRefresh');
  });

  it('says when two-step sign-in is on and this session showed a code', async () => {
    const { user } = await enrolTwoFactor(t.app, await createCustomer(t.app, 'Toby Twostep'));
    const body = (await getSession(user.cookie)).json();
    expect(body.user.twoFactorEnabled).toBe(true);
    expect(Date.parse(body.session.secondFactorAt)).not.toBeNaN();
  });

  it('renews a session that is due for it when it is read: no separate refresh call', async () => {
    const customer = await createCustomer(t.app, 'Rita Renewed');
    // Two days in, better-auth's daily renewal is due (a customer's session lasts 7 days).
    await ageSessions(t.database.db, customer.userId, 2 * DAY);
    const [before] = await t.database.db.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.userId, customer.userId));
    const body = (await getSession(customer.cookie)).json();
    expect(body).not.toHaveProperty('needsRefresh');
    expect(Date.parse(body.session.expiresAt)).toBeGreaterThan(before!.expiresAt.getTime() + DAY * 1000);
  });

  it('answers null once the session has ended', async () => {
    const customer = await createCustomer(t.app, 'Sid Signedout');
    expect((await identityPost(t.app, '/sign-out', customer.cookie, {})).statusCode).toBe(200);
    const res = await getSession(customer.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBeNull();
  });
});

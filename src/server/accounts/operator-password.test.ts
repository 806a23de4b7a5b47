import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createCustomer, requestPasswordReset, resetPassword, signIn } from '../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { API_ERRORS, VALIDATION } from '../../shared';
import { auditLog, verifications } from '../db/schema';
import { generatePassword, passwordProblem, setPasswordAsOperator } from './operator-password';

/**
 * `npm run reset-password` (issue 20): an operator sets an account's password from the shell. It
 * must do what a reset does: the new password signs in, the old one and every session and access
 * token stop working, reset links still in the mailbox die, and the audit log says who did it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

let nextAddress = 1;
const freshAddress = () => `10.40.0.${nextAddress++}`;
const OPERATOR = 'command line (ops@store-host)';

describe('setting a password from the command line', () => {
  it('the new password signs in; the old one, the sessions, the access tokens and the reset links stop working', async () => {
    const user = await createCustomer(t.app, 'Olga Operator');
    expect((await requestPasswordReset(t.app, user.email, freshAddress())).statusCode).toBe(200);
    const [link] = await t.database.db
      .select({ identifier: verifications.identifier })
      .from(verifications)
      .where(and(like(verifications.identifier, 'reset-password:%'), eq(verifications.value, user.userId)));
    expect(link).toBeDefined();

    const password = generatePassword();
    const result = await setPasswordAsOperator(t.database.db, ` ${user.email.toUpperCase()} `, password, OPERATOR);
    expect(result).toEqual({ found: true, userId: user.userId, sessionsEnded: 1, resetLinksEnded: 1 });

    expect((await signIn(t.app, user.email, password, freshAddress())).statusCode).toBe(200);
    expect((await signIn(t.app, user.email, user.password, freshAddress())).statusCode).toBe(401);
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie: user.cookie } });
    expect(session.json()).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: `/api/user/${user.email}`, headers: bearer(user) })).statusCode).toBe(401);
    const token = link!.identifier.slice('reset-password:'.length);
    expect((await resetPassword(t.app, token, `Late-${randomUUID()}`)).statusCode).toBe(400);

    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, user.userId));
    expect(entry).toMatchObject({
      actorId: null,
      actorEmail: OPERATOR,
      action: 'user.password_set',
      before: { email: user.email, hadPassword: true },
      after: { email: user.email, sessionsEnded: 1, resetLinksEnded: 1 },
    });
    // What the log must never hold.
    expect(JSON.stringify(entry)).not.toContain(password);
  });

  it('changes nothing for an address with no account', async () => {
    expect(await setPasswordAsOperator(t.database.db, 'nobody-here@example.com', generatePassword(), OPERATOR)).toEqual({ found: false });
  });

  it('holds the password to the sign-up rules', async () => {
    expect(await passwordProblem('short')).toBe(VALIDATION.passwordTooShort);
    expect(await passwordProblem('x'.repeat(129))).toBe(VALIDATION.passwordTooLong);
    expect(await passwordProblem('password123')).toBe(API_ERRORS.passwordTooCommon);
    expect(await passwordProblem(generatePassword())).toBeNull();
    expect(generatePassword()).toMatch(/^[\w-]{24}$/);
  });
});

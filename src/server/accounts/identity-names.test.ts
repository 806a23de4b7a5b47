import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createCustomer, signUp, TEST_ORIGIN, uniqueEmail, type TestUser } from '../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { VALIDATION } from '../../shared';
import { users } from '../db/schema';

// Issue 8, finding 5: the identity service took a name of 89,000 characters on update-user, and
// "" or a single space on sign-up. Its endpoints now follow the registration and profile forms.

let t: TestApp;
let customer: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  customer = await createCustomer(t.app, 'Nina Namer');
});
afterAll(() => t.close());

const HUGE_NAME = 'N'.repeat(89_000);
const password = () => `Pw-${randomUUID()}`;

const updateUser = (payload: Record<string, unknown>, user: TestUser = customer) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/update-user',
    headers: { origin: TEST_ORIGIN, cookie: user.cookie },
    payload,
  });
const storedUser = async (email: string) => (await t.database.db.select().from(users).where(eq(users.email, email)))[0];

describe('POST /api/auth/sign-up/email', () => {
  it.each<[string, unknown, string]>([
    ['empty', '', VALIDATION.userNameRequired],
    ['a single space', ' ', VALIDATION.userNameRequired],
    ['missing', undefined, VALIDATION.userNameRequired],
    ['not a string', 42, VALIDATION.userNameRequired],
    ['two characters', 'Al', VALIDATION.userNameTooShort],
    ['89,000 characters', HUGE_NAME, VALIDATION.contactNameTooLong],
  ])('refuses a name that is %s with 400 and the form message, creating no account', async (_case, name, message) => {
    const email = uniqueEmail('named');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: TEST_ORIGIN },
      payload: { name, email, password: password() },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_NAME', message, errors: [{ field: 'name', message }] });
    expect(await storedUser(email)).toBeUndefined();
  });

  it('refuses a name with a control character (checked in front of the identity service)', async () => {
    const email = uniqueEmail('bell');
    const res = await signUp(t.app, 'Bad\u0007Name', email, password());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: VALIDATION.controlCharacters, errors: [{ field: 'name' }] });
    expect(await storedUser(email)).toBeUndefined();
  });

  it('stores the name trimmed, as the registration form sends it', async () => {
    const email = uniqueEmail('trimmed');
    const res = await signUp(t.app, '  Tina Trimmed  ', email, password());
    expect(res.statusCode).toBe(200);
    expect(res.json().user.name).toBe('Tina Trimmed');
    expect((await storedUser(email))?.name).toBe('Tina Trimmed');
  });

  it('accepts a name of exactly 100 characters', async () => {
    const res = await signUp(t.app, 'L'.repeat(100), uniqueEmail('long'), password());
    expect(res.statusCode).toBe(200);
  });

  it('refuses an email longer than the form allows', async () => {
    const email = `${'e'.repeat(250)}@example.com`;
    const res = await signUp(t.app, 'Eve Longmail', email, password());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_EMAIL', message: VALIDATION.emailTooLong });
    expect(await storedUser(email)).toBeUndefined();
  });

  it.each([
    ['a javascript: link', 'javascript:alert(1)'],
    ['an http link', 'http://tracker.example/pixel.png'],
    ['a link of 3,000 characters', `https://img.example/${'p'.repeat(3000)}.png`],
  ])('refuses %s as the photo', async (_case, image) => {
    const email = uniqueEmail('photo');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: TEST_ORIGIN },
      payload: { name: 'Pia Photo', email, password: password(), image },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_IMAGE', message: VALIDATION.profilePhotoInvalid });
    expect(await storedUser(email)).toBeUndefined();
  });
});

describe('POST /api/auth/update-user', () => {
  it.each<[string, unknown, string]>([
    ['89,000 characters', HUGE_NAME, VALIDATION.contactNameTooLong],
    ['empty', '', VALIDATION.userNameRequired],
    ['a single space', ' ', VALIDATION.userNameRequired],
    ['null', null, VALIDATION.userNameRequired],
    ['two characters', 'Al', VALIDATION.userNameTooShort],
  ])('refuses a name that is %s with 400 and keeps the old one', async (_case, name, message) => {
    const res = await updateUser({ name });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INVALID_NAME', message, errors: [{ field: 'name', message }] });
    expect((await storedUser(customer.email))?.name).toBe('Nina Namer');
  });

  it('refuses a photo link that is not https, or too long', async () => {
    for (const image of ['javascript:alert(1)', 'data:image/png;base64,AAAA', `https://img.example/${'p'.repeat(3000)}`, 42]) {
      const res = await updateUser({ image });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_IMAGE', message: VALIDATION.profilePhotoInvalid });
    }
    expect((await storedUser(customer.email))?.image).toBeNull();
  });

  it('accepts a valid name and photo link, trimmed, and a null photo removes it', async () => {
    const owner = await createCustomer(t.app, 'Uma Update');
    const res = await updateUser({ name: '  Uma Updated ', image: 'https://img.example/uma.png' }, owner);
    expect(res.statusCode).toBe(200);
    expect(await storedUser(owner.email)).toMatchObject({ name: 'Uma Updated', image: 'https://img.example/uma.png' });

    expect((await updateUser({ image: null }, owner)).statusCode).toBe(200);
    expect((await storedUser(owner.email))?.image).toBeNull();
  });
});

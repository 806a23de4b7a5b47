import { describe, expect, it } from 'vitest';
import { bearer, sessionCookieOf, signIn, signUp, TEST_ORIGIN, type TestUser, uniqueEmail } from '../../../tests/support/accounts';
import { appWithCastForFile } from '../../../tests/support/app-with-cast';
import type { TestApp } from '../../../tests/support/test-app';
import { API_ERRORS, VALIDATION } from '../../shared';

let t: TestApp;
let A: TestUser;
let B: TestUser;
let admin: TestUser;
appWithCastForFile((cast) => ({ t, A, B, admin } = cast));

const putProfile = (email: string, headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: `/api/user/${email}`, headers, payload: payload as Record<string, unknown> });
const getProfile = (email: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/api/user/${email}`, headers });
const ownProfile = async (user: TestUser) => {
  const res = await getProfile(user.email, bearer(user));
  expect(res.statusCode).toBe(200);
  return res.json();
};

const filled = { userName: 'Alice Filled', address: '12 Anvil Street, Springfield', phone: '+1 555 0101' };

describe('PUT /api/user/:email (own profile)', () => {
  it('stores userName, address and phone, and GET shows them', async () => {
    const res = await putProfile(A.email, bearer(A), filled);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ acknowledged: true, matchedCount: 1 });
    expect(await ownProfile(A)).toEqual({ _id: A.userId, email: A.email, ...filled, companyName: null, taxId: null, role: 'customer', photoURL: null });
  });

  it('stores a company name and tax id for invoices, keeps them when not sent, and clears them when blank', async () => {
    const business = { companyName: '  Acme Fabrication LLC ', taxId: 'US-12-3456789' };
    expect((await putProfile(A.email, bearer(A), business)).json()).toEqual({ acknowledged: true, matchedCount: 1 });
    expect(await ownProfile(A)).toMatchObject({ ...filled, companyName: 'Acme Fabrication LLC', taxId: 'US-12-3456789' });
    // A purchase saves address and phone only: the company stays.
    expect((await putProfile(A.email, bearer(A), { address: filled.address, phone: filled.phone })).statusCode).toBe(200);
    expect(await ownProfile(A)).toMatchObject({ companyName: 'Acme Fabrication LLC', taxId: 'US-12-3456789' });
    expect((await putProfile(A.email, bearer(A), { companyName: '', taxId: ' ' })).statusCode).toBe(200);
    expect(await ownProfile(A)).toMatchObject({ companyName: null, taxId: null });
  });

  it('ignores role, email and _id in the body', async () => {
    const res = await putProfile(A.email, bearer(A), {
      userName: 'Alice Sneaky',
      role: 'admin',
      email: 'other@x.com',
      _id: B.userId,
    });
    expect(res.statusCode).toBe(200);
    expect(await ownProfile(A)).toEqual({
      _id: A.userId,
      email: A.email,
      userName: 'Alice Sneaky',
      address: filled.address,
      phone: filled.phone,
      companyName: null,
      taxId: null,
      role: 'customer',
      photoURL: null,
    });
    const status = await t.app.inject({ method: 'GET', url: `/api/admin/${A.email}`, headers: bearer(A) });
    expect(status.json()).toEqual({ admin: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(A) })).statusCode).toBe(403);
    // Nothing moved to the other email, and B's row was not touched.
    expect((await getProfile('other@x.com', bearer(admin))).statusCode).toBe(404);
    expect(await ownProfile(B)).toMatchObject({ _id: B.userId, email: B.email, userName: 'Bob Baker' });
  });

  it('refuses role through the identity service too (update-user)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { origin: TEST_ORIGIN, cookie: A.cookie },
      payload: { role: 'admin' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'FIELD_NOT_ALLOWED' });
    expect((await ownProfile(A)).role).toBe('customer');
  });

  it.each([
    ['userName', { userName: 'Al' }, VALIDATION.userNameTooShort],
    ['userName', { userName: '   ' }, VALIDATION.userNameRequired],
    ['address', { address: '   ' }, VALIDATION.addressRequired],
    ['address', { address: '' }, VALIDATION.addressRequired],
    ['address', { address: 'x'.repeat(201) }, VALIDATION.addressTooLong],
    ['phone', { phone: '' }, VALIDATION.phoneRequired],
    ['phone', { phone: '  ' }, VALIDATION.phoneRequired],
    ['phone', { phone: '1'.repeat(31) }, VALIDATION.phoneTooLong],
    ['companyName', { companyName: 'c'.repeat(121) }, VALIDATION.companyNameTooLong],
    ['companyName', { companyName: 'Acme\nLLC' }, VALIDATION.nameOneLine],
    ['taxId', { taxId: 'US\u000012' }, VALIDATION.controlCharacters],
    ['taxId', { taxId: 't'.repeat(41) }, VALIDATION.taxIdTooLong],
  ])('refuses a bad %s with 400 and the spec message, changing nothing', async (field, change, message) => {
    const before = await ownProfile(A);
    const payload = { userName: 'Changed Name', address: 'Changed address 1', phone: '+1 555 0199', ...change };
    const res = await putProfile(A.email, bearer(A), payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, detail: message, errors: [{ field, detail: message }] });
    expect(await ownProfile(A)).toEqual(before);
  });

  it('stores markup in userName as text, verbatim', async () => {
    const userName = '<img src=x onerror="alert(1)"> & <b>Bold</b>';
    expect((await putProfile(A.email, bearer(A), { userName })).statusCode).toBe(200);
    const res = await getProfile(A.email, bearer(A));
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json().userName).toBe(userName);
  });
});

describe("another person's profile", () => {
  it("customer B can neither PUT nor GET A's profile (403), and A's data stays as it was", async () => {
    const before = await ownProfile(A);
    const put = await putProfile(A.email, bearer(B), { userName: 'Bob Was Here', address: 'Bob street 1', phone: '000' });
    expect(put.statusCode).toBe(403);
    expect(put.json()).toMatchObject({ status: 403, detail: API_ERRORS.forbidden });
    const get = await getProfile(A.email, bearer(B));
    expect(get.statusCode).toBe(403);
    expect(get.json()).toMatchObject({ status: 403, detail: API_ERRORS.forbidden });
    expect(await ownProfile(A)).toEqual(before);
  });

  it("B's session cookie cannot PUT A's profile either", async () => {
    const before = await ownProfile(A);
    const put = await putProfile(A.email, { cookie: B.cookie, origin: TEST_ORIGIN }, { userName: 'Bob Via Cookie' });
    expect(put.statusCode).toBe(403);
    expect(await ownProfile(A)).toEqual(before);
  });

  it("an admin can GET anyone's profile", async () => {
    const res = await getProfile(A.email, bearer(admin));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(await ownProfile(A));
  });

  it('finds the profile whatever the case of the email in the path', async () => {
    const res = await getProfile(A.email.toUpperCase(), bearer(A));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: A.userId, email: A.email });
  });
});

describe('PUT /api/user/:email with the identity session cookie only (registration)', () => {
  it('saves the name with the session cookie alone, before any access token exists', async () => {
    const email = uniqueEmail('register');
    const signUpRes = await signUp(t.app, 'Temp Name', email, 'Register-Pw-4417');
    expect(signUpRes.statusCode).toBe(200);
    // Sign-up does not sign in (no account enumeration); the first sign-in gives the cookie.
    const signInRes = await signIn(t.app, email, 'Register-Pw-4417');
    expect(signInRes.statusCode).toBe(200);
    const cookie = sessionCookieOf(signInRes.headers['set-cookie']);

    const res = await putProfile(email, { cookie, origin: TEST_ORIGIN }, { userName: 'Rita Registered', email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ acknowledged: true, matchedCount: 1 });

    const profile = await getProfile(email, { cookie });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ email, userName: 'Rita Registered', address: '', phone: '', role: 'customer' });
  });

  it('answers 401 without any credential and changes nothing', async () => {
    const before = await ownProfile(A);
    const res = await putProfile(A.email, {}, { userName: 'Nobody At All' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: 401, detail: API_ERRORS.signInRequired });
    expect(await ownProfile(A)).toEqual(before);
  });
});

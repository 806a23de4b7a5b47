import { describe, expect, it } from 'vitest';
import { API_ERRORS } from '../../shared';
import { accessTokenExpiringIn } from '../../../tests/support/web/access-tokens';
import { CUSTOMER, fakeStore } from '../../../tests/support/web/fake-store';
import { readAccessToken, storeAccessToken } from './access-token';
import { queryClient } from './query-client';
import { forgetSignIn, getAccessToken, renewAccessToken } from './session';
import { sessionQueryKey } from './session-query';

describe('the access token from the identity session', () => {
  it('is the stored one while it is fresh: nothing is asked', async () => {
    const store = fakeStore({ signedIn: CUSTOMER });
    const token = accessTokenExpiringIn(3600);
    storeAccessToken(token);
    expect(await getAccessToken()).toBe(token);
    expect(store.api.requests).toHaveLength(0);
  });

  it("is asked for with the session's own email when none is stored (spec: POST /login {email}), and stored", async () => {
    const store = fakeStore({ signedIn: CUSTOMER });
    const token = await getAccessToken();
    expect(store.api.requestsTo('GET', '/api/auth/get-session')).toHaveLength(1);
    expect(store.api.requestsTo('POST', '/api/login').map((request) => request.body)).toEqual([{ email: CUSTOMER.email }]);
    expect(readAccessToken()).toBe(token);
    expect(store.state.tokens.get(token)).toBe(store.state.session);
  });

  it('is renewed once for calls that need it at the same time', async () => {
    const store = fakeStore({ signedIn: CUSTOMER });
    const tokens = await Promise.all([renewAccessToken(), renewAccessToken(), getAccessToken()]);
    expect(new Set(tokens).size).toBe(1);
    expect(store.api.requestsTo('POST', '/api/login')).toHaveLength(1);
  });

  it('is refused with "please sign in" when nobody is signed in, without asking the API for one', async () => {
    const store = fakeStore({ signedIn: null });
    await expect(renewAccessToken()).rejects.toMatchObject({ status: 401, message: API_ERRORS.signInRequired });
    expect(store.api.requestsTo('POST', '/api/login')).toHaveLength(0);
  });

  it("comes from the session as the server has it now, not as this page last saw it", async () => {
    const store = fakeStore({ signedIn: CUSTOMER });
    await getAccessToken();
    // Signed in again elsewhere as someone else (the tabs share the cookie).
    const other = { id: 'user-olga', email: 'olga@example.com', name: 'Olga Other' };
    store.signIn(other);
    await renewAccessToken();
    expect(store.api.requestsTo('POST', '/api/login').map((request) => request.body)).toEqual([{ email: CUSTOMER.email }, { email: other.email }]);
    expect(queryClient.getQueryData(sessionQueryKey)).toMatchObject({ user: { email: other.email } });
  });
});

describe('forgetting a sign-in that ended on the server (a password reset)', () => {
  it('clears the token and every cached answer, and reads the session again', async () => {
    const store = fakeStore({ signedIn: CUSTOMER });
    storeAccessToken(await getAccessToken());
    queryClient.setQueryData(['orders', CUSTOMER.email], [{ _id: 'order-1' }]);
    store.endSession();

    await forgetSignIn();
    expect(readAccessToken()).toBeNull();
    expect(queryClient.getQueryData(['orders', CUSTOMER.email])).toBeUndefined();
    expect(queryClient.getQueryData(sessionQueryKey)).toBeNull();
    expect(store.api.requestsTo('POST', '/api/auth/sign-out')).toHaveLength(0);
  });
});

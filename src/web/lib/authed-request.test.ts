import { describe, expect, it } from 'vitest';
import { API_ERRORS, TOASTS } from '../../shared';
import { accessTokenExpiringIn } from '../../../tests/support/web/access-tokens';
import { apiError, NO_ANSWER, type FakeHandler } from '../../../tests/support/web/fake-api';
import { CUSTOMER, fakeStore } from '../../../tests/support/web/fake-store';
import { readAccessToken, storeAccessToken } from './access-token';
import { ApiRequestError } from './api-client';
import { authedGet, authedRequest } from './authed-request';
import { queryClient } from './query-client';
import { failureMessage } from './request-failure';
import { sessionQueryKey } from './session-query';

/** What a protected call ended with: its data, or the error it was refused with. */
const outcomeOf = (promise: Promise<unknown>): Promise<{ data?: unknown; error?: ApiRequestError }> =>
  promise.then(
    (data) => ({ data }),
    (error: unknown) => ({ error: error as ApiRequestError }),
  );

const ORDERS = [{ _id: 'order-1' }];

/** A customer signed in to the store, with a token the store issued for this session. */
async function signedInCustomer() {
  const store = fakeStore({ signedIn: CUSTOMER });
  store.api.on('GET', '/api/orders', ({ headers }) => {
    const token = headers.get('authorization')?.slice('Bearer '.length) ?? '';
    return store.state.tokens.get(token) === store.state.session ? { body: ORDERS } : apiError(401, API_ERRORS.signInRequired);
  });
  // Something the pages had read, which a sign-out must not leave behind.
  queryClient.setQueryData(['orders', CUSTOMER.email], ORDERS);
  return store;
}

describe('a protected call', () => {
  it('carries the stored access token while it is fresh', async () => {
    const store = await signedInCustomer();
    const token = accessTokenExpiringIn(3600);
    store.state.tokens.set(token, store.state.session!);
    storeAccessToken(token);

    expect(await authedGet('/orders')).toEqual(ORDERS);
    expect(store.api.requestsTo('GET', '/api/orders')[0]!.headers.get('authorization')).toBe(`Bearer ${token}`);
    expect(store.api.requestsTo('POST', '/api/login')).toHaveLength(0);
  });

  it('first takes a token from the identity session when none is stored, or the stored one is about to expire', async () => {
    const store = await signedInCustomer();
    storeAccessToken(accessTokenExpiringIn(20));

    expect(await authedGet('/orders')).toEqual(ORDERS);
    expect(store.api.requestsTo('POST', '/api/login').map((request) => request.body)).toEqual([{ email: CUSTOMER.email }]);
    expect(store.state.tokens.has(readAccessToken()!)).toBe(true);
  });

  it('answers a 401 for a stored token once, with a token renewed from the session, and the person stays signed in', async () => {
    // The stored token belonged to a session that has ended; the person has just signed in again.
    const store = await signedInCustomer();
    const leftOver = accessTokenExpiringIn(3600);
    storeAccessToken(leftOver);

    expect(await authedGet('/orders')).toEqual(ORDERS);
    const sent = store.api.requestsTo('GET', '/api/orders').map((request) => request.headers.get('authorization'));
    expect(sent).toEqual([`Bearer ${leftOver}`, `Bearer ${readAccessToken()}`]);
    expect(readAccessToken()).not.toBe(leftOver);
    expect(store.api.requestsTo('POST', '/api/auth/sign-out')).toHaveLength(0);
    expect(queryClient.getQueryData(['orders', CUSTOMER.email])).toEqual(ORDERS);
  });

  it('signs out when the renewed token is refused too: token cleared, cached answers dropped, nobody signed in', async () => {
    const store = await signedInCustomer();
    store.api.on('GET', '/api/orders', () => apiError(401, API_ERRORS.signInRequired));
    storeAccessToken(accessTokenExpiringIn(3600));

    const { error } = await outcomeOf(authedGet('/orders'));
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error!.status).toBe(401);
    expect(store.api.requestsTo('GET', '/api/orders')).toHaveLength(2);
    expect(store.api.requestsTo('POST', '/api/auth/sign-out')).toHaveLength(1);
    expect(readAccessToken()).toBeNull();
    expect(queryClient.getQueryData(['orders', CUSTOMER.email])).toBeUndefined();
    expect(queryClient.getQueryData(sessionQueryKey)).toBeNull();
  });

  it('signs out at once on a 403, without renewing (spec section 4)', async () => {
    const store = await signedInCustomer();
    store.api.on('DELETE', '/api/user/admin/:email', () => apiError(403, API_ERRORS.forbidden));
    storeAccessToken(accessTokenExpiringIn(3600));

    const { error } = await outcomeOf(authedRequest(`/user/admin/${CUSTOMER.email}`, { method: 'DELETE' }));
    expect(error!.status).toBe(403);
    expect(error!.message).toBe(API_ERRORS.forbidden);
    expect(store.api.requestsTo('POST', '/api/login')).toHaveLength(0);
    expect(store.api.requestsTo('POST', '/api/auth/sign-out')).toHaveLength(1);
    expect(readAccessToken()).toBeNull();
  });

  it('signs out when there is no identity session to renew the token from', async () => {
    const store = fakeStore({ signedIn: null });
    store.api.on('GET', '/api/orders', () => apiError(401, API_ERRORS.signInRequired));

    const { error } = await outcomeOf(authedGet('/orders'));
    expect(error!.status).toBe(401);
    expect(error!.message).toBe(API_ERRORS.signInRequired);
    expect(store.api.requestsTo('GET', '/api/orders')).toHaveLength(0);
    expect(store.api.requestsTo('POST', '/api/auth/sign-out')).toHaveLength(1);
  });

  const refusals: Array<[string, FakeHandler]> = [
    ['a 429', () => apiError(429, API_ERRORS.tooManyRequests)],
    ['a 503', () => apiError(503, TOASTS.storeBusy)],
    ['a 500', () => apiError(500, API_ERRORS.internal)],
    ['no answer at all', () => NO_ANSWER],
  ];
  for (const [what, refusal] of refusals) {
    it(`keeps the person signed in after ${what}: the token and the cached answers stay`, async () => {
      const store = await signedInCustomer();
      const token = accessTokenExpiringIn(3600);
      store.state.tokens.set(token, store.state.session!);
      storeAccessToken(token);
      store.api.on('GET', '/api/orders', refusal);

      const { error } = await outcomeOf(authedGet('/orders'));
      expect(error).toBeInstanceOf(ApiRequestError);
      expect(store.api.requestsTo('GET', '/api/orders')).toHaveLength(1);
      expect(store.api.requestsTo('POST', '/api/auth/sign-out')).toHaveLength(0);
      expect(readAccessToken()).toBe(token);
      expect(queryClient.getQueryData(['orders', CUSTOMER.email])).toEqual(ORDERS);
    });
  }

  it('keeps the person signed in when the session check behind a renewal is refused as busy', async () => {
    const store = await signedInCustomer();
    store.api.on('GET', '/api/auth/get-session', () => apiError(429, API_ERRORS.tooManyRequests, 'TOO_MANY_REQUESTS'));

    const { error } = await outcomeOf(authedGet('/orders'));
    expect(error!.status).toBe(429);
    expect(failureMessage(error)).toBe(TOASTS.storeBusy);
    expect(store.api.requestsTo('GET', '/api/orders')).toHaveLength(0);
    expect(store.api.requestsTo('POST', '/api/auth/sign-out')).toHaveLength(0);
  });

  it('sends the refused request again only once, even when both answers are 401', async () => {
    const store = await signedInCustomer();
    store.api.on('POST', '/api/order', () => apiError(401, API_ERRORS.signInRequired));
    storeAccessToken(accessTokenExpiringIn(3600));

    await outcomeOf(authedRequest('/order', { method: 'POST', body: { toolId: 't-1', quantity: 1 } }));
    expect(store.api.requestsTo('POST', '/api/order')).toHaveLength(2);
  });
});

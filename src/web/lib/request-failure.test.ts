import { describe, expect, it } from 'vitest';
import { API_ERRORS, TOASTS, type ApiErrorCode } from '../../shared';
import { ApiRequestError } from './api-client';
import { failureMessage, isStoreBusy, meansSignedOut, NO_CONNECTION, queryRetryDelay, shouldRetryQuery } from './request-failure';

const api = (status: number, message = 'Server words', code?: ApiErrorCode) => new ApiRequestError(status, message, { status, detail: message, code });
/** What the identity client (better-auth) reports for a refused /api/auth/get-session. */
const identity = (status: number, message?: string) => ({ status, statusText: '', message });

describe('a failed request and being signed in', () => {
  it.each([
    ['our API', api(401)],
    ['our API', api(403)],
    ['the identity service', identity(401)],
  ])('%s answering %o means signed out', (_source, error) => {
    expect(meansSignedOut(error)).toBe(true);
  });

  it.each([
    ['a 429 from our API', api(429, API_ERRORS.tooManyRequests)],
    ['a 429 from the session check', identity(429, API_ERRORS.tooManyRequests)],
    ['a 503 from the session check', identity(503)],
    ['a 502 from a proxy', api(502)],
    ['no answer at all', api(0, NO_CONNECTION)],
    ['a 500', api(500)],
    ['a thrown TypeError', new TypeError('Failed to fetch')],
    ['nothing known', null],
  ])('%s keeps the person signed in', (_case, error) => {
    expect(meansSignedOut(error)).toBe(false);
  });

  it('calls 429, 408, 502-504 and no answer "busy", and nothing else', () => {
    for (const status of [0, 408, 429, 502, 503, 504]) expect(isStoreBusy(api(status))).toBe(true);
    for (const status of [400, 401, 403, 404, 409, 500]) expect(isStoreBusy(api(status))).toBe(false);
    expect(isStoreBusy(identity(429))).toBe(true);
    expect(isStoreBusy(new Error('bug'))).toBe(false);
  });
});

describe('failureMessage', () => {
  it('says "try again in a moment" for a plain 429 and for an overloaded gateway', () => {
    expect(failureMessage(api(429, API_ERRORS.tooManyRequests, 'TOO_MANY_REQUESTS'))).toBe(TOASTS.storeBusy);
    // A proxy's 429, without the store's body: nothing said but "busy".
    expect(failureMessage(api(429, API_ERRORS.internal))).toBe(TOASTS.storeBusy);
    expect(failureMessage(identity(429))).toBe(TOASTS.storeBusy);
    expect(failureMessage(api(503))).toBe(TOASTS.storeBusy);
    expect(TOASTS.storeBusy).toBe('The store is busy. Please try again in a moment.');
  });

  it('keeps a 429 reason the server words itself', () => {
    expect(failureMessage(api(429, API_ERRORS.reviewsTooFast, 'TOO_MANY_REVIEWS'))).toBe(API_ERRORS.reviewsTooFast);
  });

  it('says the connection was lost when nothing answered', () => {
    expect(failureMessage(api(0, NO_CONNECTION))).toBe(NO_CONNECTION);
  });

  it("shows the server's message for other 4xx and the fallback for 500 or the unknown", () => {
    expect(failureMessage(api(409, 'Only 3 units of this tool are available'))).toBe('Only 3 units of this tool are available');
    expect(failureMessage(api(500, API_ERRORS.internal))).toBe(TOASTS.tryAgain);
    expect(failureMessage(new Error('bug'), 'Fallback')).toBe('Fallback');
  });
});

describe('retrying reads', () => {
  it('tries a busy answer again three times, backing off', () => {
    expect([0, 1, 2, 3].map((n) => shouldRetryQuery(n, api(429)))).toEqual([true, true, true, false]);
    expect([0, 1, 2, 3, 4, 5].map(queryRetryDelay)).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
  });

  it('never tries a 4xx again, and a 500 once', () => {
    for (const status of [400, 401, 403, 404]) expect(shouldRetryQuery(0, api(status))).toBe(false);
    expect([0, 1].map((n) => shouldRetryQuery(n, api(500)))).toEqual([true, false]);
  });
});

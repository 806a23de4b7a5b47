import { describe, expect, it } from 'vitest';
import { FIRST_VISIT_API_ERRORS as API_ERRORS } from '../../shared';
import { apiError, FakeApi, NO_ANSWER } from '../../../tests/support/web/fake-api';
import { apiGet, apiRequest, ApiRequestError } from './api-client';
import { NO_CONNECTION } from './request-failure';

/** The error `promise` rejects with (the test fails if it resolves). */
async function failureOf(promise: Promise<unknown>): Promise<ApiRequestError> {
  const outcome = await promise.then(
    () => null,
    (error: unknown) => error,
  );
  expect(outcome).toBeInstanceOf(ApiRequestError);
  return outcome as ApiRequestError;
}

describe('the API client', () => {
  it('sends JSON to /api and gives back the JSON answer and its headers', async () => {
    const api = new FakeApi()
      .on('POST', '/api/contact', ({ body }) => ({ status: 201, body: { insertedId: 'q-1', echo: body } }))
      .install();
    const { data, headers } = await apiRequest<{ insertedId: string; echo: unknown }>('/contact', { method: 'POST', body: { name: 'Ann', message: 'Hello' } });
    expect(data).toEqual({ insertedId: 'q-1', echo: { name: 'Ann', message: 'Hello' } });
    expect(headers.get('content-type')).toMatch(/json/);
    const [sent] = api.requestsTo('POST', '/api/contact');
    expect(sent!.headers.get('content-type')).toBe('application/json');
    expect(sent!.headers.get('accept')).toBe('application/json');
  });

  it('reads with GET, without a body or a content type', async () => {
    const api = new FakeApi().on('GET', '/api/items', () => ({ body: [{ _id: 't-1' }] })).install();
    expect(await apiGet('/items')).toEqual([{ _id: 't-1' }]);
    const [sent] = api.requests;
    expect(sent!.body).toBeUndefined();
    expect(sent!.headers.has('content-type')).toBe(false);
  });

  it("throws the API's refusal with its status, its sentence for people (detail), its code and the whole body", async () => {
    const body = {
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      detail: 'Delivery address is required',
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'address', detail: 'Delivery address is required' }],
    };
    new FakeApi().on('POST', '/api/order', () => ({ status: 400, body })).install();
    const error = await failureOf(apiRequest('/order', { method: 'POST', body: {} }));
    expect(error.status).toBe(400);
    expect(error.message).toBe('Delivery address is required');
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.body).toEqual(body);
  });

  it("reads the identity routes' own shape ({ code, message }) for the session check", async () => {
    const body = { code: 'TOO_MANY_REQUESTS', message: API_ERRORS.tooManyRequests };
    new FakeApi().on('GET', '/api/auth/get-session', () => ({ status: 429, body })).install();
    const error = await failureOf(apiGet('/auth/get-session'));
    expect(error.status).toBe(429);
    expect(error.message).toBe(API_ERRORS.tooManyRequests);
    expect(error.code).toBe('TOO_MANY_REQUESTS');
  });

  it('says something went wrong on our side when an error answer is not JSON (a proxy page)', async () => {
    new FakeApi().on('GET', '/api/items', () => ({ status: 502, contentType: 'text/html', text: '<h1>Bad Gateway</h1>' })).install();
    const error = await failureOf(apiGet('/items'));
    expect(error.status).toBe(502);
    expect(error.message).toBe(API_ERRORS.internal);
    expect(error.body).toBeNull();
  });

  it('says the store could not be reached when nothing answered (status 0)', async () => {
    new FakeApi().on('GET', '/api/items', () => NO_ANSWER).install();
    const error = await failureOf(apiGet('/items'));
    expect(error.status).toBe(0);
    expect(error.message).toBe(NO_CONNECTION);
  });

  it('lets a cancelled request end as cancelled, not as a lost connection', async () => {
    new FakeApi().on('GET', '/api/items', () => ({ body: [] })).install();
    const controller = new AbortController();
    controller.abort();
    await expect(apiGet('/items', controller.signal)).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('keeps a 429 as a 429 with the server sentence, for the busy-store handling', async () => {
    new FakeApi().on('GET', '/api/items', () => apiError(429, API_ERRORS.tooManyRequests)).install();
    const error = await failureOf(apiGet('/items'));
    expect(error.status).toBe(429);
    expect(error.message).toBe(API_ERRORS.tooManyRequests);
  });
});

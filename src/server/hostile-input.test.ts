import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTools } from '../../tests/support/factories';
import { bearer, createCast, TEST_ORIGIN, type TestUser } from '../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../tests/support/test-app';
import { API_ERRORS, VALIDATION } from '../shared';

/**
 * Control characters (a NUL byte cannot be stored in PostgreSQL text) and absurdly nested JSON used
 * to reach the database or JSON.stringify and answer 500. Now each is a 400 naming the field.
 */
let t: TestApp;
let A: TestUser;
let admin: TestUser;
let toolId: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ A, admin } = await createCast(t.app, t.database.db));
  toolId = (await createTools(t.database.db, 1, { minQty: 1, availableQty: 100 }))[0]!.id;
});
afterAll(() => t.close());

const NUL = 'a\u0000b';
const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

describe('control characters', () => {
  const cases: [string, () => Promise<{ statusCode: number; json: () => unknown }>, string][] = [
    ['order address', () => t.app.inject({ method: 'POST', url: '/api/order', headers: bearer(A), payload: { toolId, quantity: 50, address: NUL, phone: '555' } }), 'address'],
    ['order phone', () => t.app.inject({ method: 'POST', url: '/api/order', headers: bearer(A), payload: { toolId, quantity: 50, address: '1 Road', phone: `555${NUL}` } }), 'phone'],
    ['profile name', () => t.app.inject({ method: 'PUT', url: `/api/user/${A.email}`, headers: bearer(A), payload: { userName: `Al${NUL}ice` } }), 'userName'],
    ['review text', () => t.app.inject({ method: 'POST', url: '/api/review', headers: bearer(A), payload: { rating: 5, reviewText: NUL } }), 'reviewText'],
    ['contact message', () => t.app.inject({ method: 'POST', url: '/api/queries', payload: { name: 'Vic Visitor', email: 'v@example.com', number: '555', message: NUL } }), 'message'],
    ['sign-in email', () => t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: TEST_ORIGIN }, payload: { email: `x${NUL}@example.com`, password: 'whatever-123' } }), 'email'],
    ['admin email path', () => t.app.inject({ method: 'PUT', url: `/api/user/admin/${encodeURIComponent(`x${NUL}@example.com`)}`, headers: bearer(admin) }), 'email'],
  ];
  it.each(cases)('%s with a NUL byte → 400 naming the field', async (_name, send, field) => {
    const res = await send();
    expect(res.statusCode).toBe(400);
    // The identity routes answer better-auth's shape ({ code, message }), the store's routes problem details.
    const body = res.json() as { detail?: string; message?: string; errors?: { field: string }[] };
    expect(body.detail ?? body.message).toBe(VALIDATION.controlCharacters);
    expect(body.errors?.[0]?.field).toBe(field);
  });

  it('keeps line breaks in a contact message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/queries',
      payload: { name: 'Vic Visitor', email: 'v@example.com', number: '555', message: 'Hello,\r\nI need 40 drills.\tThanks' },
    });
    expect(res.statusCode).toBe(201);
  });
});

describe('deeply nested JSON', () => {
  it.each(['/api/auth/sign-in/email', '/api/auth/sign-up/email', '/api/order', '/api/queries'])('%s → 400 before any handler', async (url) => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, ...bearer(A) },
      payload: nested(10_000),
    });
    expect(res.statusCode).toBe(400);
    // The identity routes answer the identity service's { code, message }; the store's, problem details.
    const body = res.json();
    expect(body.code).toBe('BODY_TOO_DEEP');
    expect(url.startsWith('/api/auth/') ? body.message : body.detail).toBe(API_ERRORS.bodyTooDeep);
  });

  // The check sits only on routes that may be sent a body (not GET or HEAD): every other method counts.
  it.each([
    ['PUT', (): string => `/api/user/${A.email}`],
    ['PATCH', (): string => `/api/items/${toolId}`],
    ['DELETE', (): string => '/api/order/00000000-0000-4000-8000-000000000000'],
    ['OPTIONS', (): string => '/api/anything'],
  ] as const)('%s with a deeply nested body → 400 before any handler', async (method, url) => {
    const res = await t.app.inject({
      method,
      url: url(),
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, ...bearer(admin) },
      payload: nested(10_000),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(API_ERRORS.bodyTooDeep);
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../../../tests/support/problem';
import { API_ERRORS } from '../../shared';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('a known address asked with a method it does not take', () => {
  it('answers 405 with the methods it takes in Allow, and the usual error body', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/items?limit=6' });
    expect(res.headers.allow).toBe('GET, HEAD, POST');
    expectProblem(res, { status: 405, code: 'METHOD_NOT_ALLOWED', detail: API_ERRORS.methodNotAllowed, allow: ['GET', 'HEAD', 'POST'] });
  });

  it('matches addresses with a parameter as their route does', async () => {
    const res = await t.app.inject({ method: 'PUT', url: `/api/items/${randomUUID()}` });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow?.split(', ')).toEqual(expect.arrayContaining(['GET', 'PATCH', 'DELETE']));
    expect(res.headers.allow).not.toContain('PUT');
  });

  it('leaves an unknown address a 404, whatever the method', async () => {
    for (const method of ['GET', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/no-such-thing' });
      expect(res.statusCode).toBe(404);
      expect(res.headers.allow).toBeUndefined();
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json()).toEqual({ type: 'about:blank', title: 'Not Found', status: 404, code: 'NOT_FOUND', detail: API_ERRORS.notFound });
    }
  });

  it('does not change what a right method gets', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/items?limit=6' });
    expect(res.statusCode).toBe(200);
  });
});

import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { contactQueries } from '../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const valid = { name: 'Dana Miller', email: 'Dana@Example.com', number: '+1 555 0100', message: 'Do you ship to Canada?' };

async function storedCount() {
  const [row] = await t.database.db.select({ n: count() }).from(contactQueries);
  return row!.n;
}

describe('POST /api/queries', () => {
  it('stores a valid query and answers its id', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/queries', payload: valid });
    expect(res.statusCode).toBe(201);
    const { insertedId } = res.json();
    expect(res.headers.location).toBe(`/api/queries/${insertedId}`);
    const [row] = await t.database.db.select().from(contactQueries).where(eq(contactQueries.id, insertedId));
    expect(row).toMatchObject({ name: 'Dana Miller', email: 'dana@example.com', number: '+1 555 0100', message: 'Do you ship to Canada?' });
  });

  it('keeps markup as plain text', async () => {
    const message = '<script>alert(1)</script>';
    const res = await t.app.inject({ method: 'POST', url: '/api/queries', payload: { ...valid, message } });
    const [row] = await t.database.db.select().from(contactQueries).where(eq(contactQueries.id, res.json().insertedId));
    expect(row!.message).toBe(message);
  });

  it.each([
    ['name', { name: undefined }, 'User name is required'],
    ['name', { name: '   ' }, 'User name is required'],
    ['name', { name: 'Al' }, 'User name must be contain at least 3 characters'],
    ['email', { email: '' }, 'Email address is required'],
    ['email', { email: 'not-an-email' }, 'Provide a valid email'],
    ['email', { email: 'a@b' }, 'Provide a valid email'],
    ['number', { number: '' }, 'Phone Number is required'],
    ['number', { number: 12345 }, 'Phone Number is required'],
    ['message', { message: '' }, 'Your message is required'],
    ['message', { message: 'x'.repeat(2001) }, 'Your message can be at most 2000 characters'],
  ])('refuses a bad %s with 400 and the spec message, storing nothing', async (field, change, message) => {
    const before = await storedCount();
    const res = await t.app.inject({ method: 'POST', url: '/api/queries', payload: { ...valid, ...change } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, detail: message, errors: [{ field, detail: message }] });
    expect(await storedCount()).toBe(before);
  });

  it('refuses bad JSON with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/queries',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Dana",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, detail: 'The request body is not valid JSON' });
  });

  it('refuses a body that is not an object with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/queries',
      headers: { 'content-type': 'application/json' },
      payload: '[1,2,3]',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('The request body must be a JSON object');
  });

  it('refuses an oversized body with 413 and stores nothing', async () => {
    const before = await storedCount();
    const res = await t.app.inject({ method: 'POST', url: '/api/queries', payload: { ...valid, message: 'x'.repeat(200_000) } });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ status: 413, detail: 'The request body is too large' });
    expect(await storedCount()).toBe(before);
  });

  it('refuses a non-JSON body with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/queries',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().status).toBe(415);
  });
});

describe('POST /api/queries rate limit', () => {
  it('answers 429 once a client sends too many queries', async () => {
    const limited = await createTestApp({ publicWriteRateLimit: 3 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        const res = await limited.app.inject({ method: 'POST', url: '/api/queries', payload: valid });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([201, 201, 201, 429]);
      const res = await limited.app.inject({ method: 'POST', url: '/api/queries', payload: valid });
      expect(res.json()).toMatchObject({ status: 429, detail: 'Too many requests, please try again later' });
    } finally {
      await limited.close();
    }
  });
});

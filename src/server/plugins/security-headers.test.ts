import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PROTECT_ANY_ANSWER = ['x-content-type-options', 'strict-transport-security', 'cross-origin-resource-policy', 'referrer-policy'];
const PROTECT_A_PAGE = ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy'];

describe('security headers', () => {
  it('come with every answer: JSON, errors and files alike', async () => {
    for (const url of ['/api/items?limit=2', '/api/nope', '/api/docs/static/swagger-initializer.js']) {
      const res = await t.app.inject({ method: 'GET', url });
      for (const header of PROTECT_ANY_ANSWER) expect(res.headers[header], `${header} on ${url}`).toBeDefined();
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('that protect a rendered page come with pages only, with the strict script policy', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    for (const header of PROTECT_A_PAGE) expect(page.headers[header], header).toBeDefined();
    expect(String(page.headers['content-security-policy'])).toMatch(/script-src 'self'(;|$)/);

    const json = await t.app.inject({ method: 'GET', url: '/api/items?limit=2' });
    for (const header of PROTECT_A_PAGE) expect(json.headers[header], header).toBeUndefined();
  });
});

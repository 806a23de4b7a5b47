import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../tests/support/test-app';
import { createTestDatabase } from '../../../tests/support/test-database';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/client';
import { DOCS_PREFIX, OPENAPI_PATH } from './api-docs';

interface Operation {
  parameters?: { in: string; name: string; schema?: object }[];
  requestBody?: { content: Record<string, { schema?: object }> };
  responses?: Record<string, { content?: Record<string, { schema?: object }> }>;
  security?: Record<string, string[]>[];
}
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

/** Every route the app registers, as Fastify sees it; HEAD twins are Fastify's own. */
const routes: RouteOptions[] = [];
let database: DatabaseHandle;
let app: Awaited<ReturnType<typeof buildApp>>;
let document: OpenApiDocument;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp(testConfig(), { database, onRoute: (route) => routes.push(route) });
  await app.ready();
  const res = await app.inject({ method: 'GET', url: OPENAPI_PATH });
  expect(res.statusCode).toBe(200);
  document = res.json();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

/** `/api/items/:id` as OpenAPI writes it: `/api/items/{id}`; the identity catch-all as its one parameter. */
const openApiPath = (url: string) => (url === '/api/auth/*' ? '/api/auth/{path}' : url.replace(/:(\w+)/g, '{$1}'));

/** The API's own routes: not the web app, not the documentation pages themselves. */
function apiOperations() {
  return routes
    .filter((route) => route.url.startsWith('/api/') && !route.url.startsWith(DOCS_PREFIX) && route.url !== OPENAPI_PATH)
    // The catch-all that answers 404 for unknown /api paths is no operation of the API.
    .filter((route) => !(route.schema as { hide?: boolean } | undefined)?.hide)
    .flatMap((route) => [route.method].flat().map((method) => ({ method: method.toLowerCase(), route })))
    .filter(({ method }) => method !== 'head');
}

describe(`GET ${OPENAPI_PATH}`, () => {
  it('is an OpenAPI 3 document', () => {
    expect(document.openapi).toMatch(/^3\./);
  });

  it('lists every API route the app registered, with its method', () => {
    const operations = apiOperations();
    expect(operations.length).toBeGreaterThan(30);
    const missing = operations
      .filter(({ method, route }) => !document.paths[openApiPath(route.url)]?.[method])
      .map(({ method, route }) => `${method.toUpperCase()} ${route.url}`);
    expect(missing).toEqual([]);
  });

  it("describes each route's path parameters, query, body and successful answer from its own schemas", () => {
    const problems: string[] = [];
    for (const { method, route } of apiOperations()) {
      const name = `${method.toUpperCase()} ${route.url}`;
      const operation = document.paths[openApiPath(route.url)]![method]!;
      const parameters = operation.parameters ?? [];
      for (const param of route.url.match(/:(\w+)/g) ?? []) {
        if (!parameters.some((p) => p.in === 'path' && p.name === param.slice(1) && p.schema)) problems.push(`${name}: path ${param}`);
      }
      if (route.schema?.querystring && !parameters.some((p) => p.in === 'query')) problems.push(`${name}: query`);
      if (route.schema?.body && !operation.requestBody?.content['application/json']?.schema) problems.push(`${name}: body`);
      const answers = Object.entries(operation.responses ?? {}).filter(([code]) => /^2\d\d$|^default$/.test(code));
      if (!answers.some(([, answer]) => Object.values(answer.content ?? {}).some((media) => media.schema))) {
        problems.push(`${name}: no schema for a successful answer`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('says which routes need the bearer token, and that admin routes accept nothing else', () => {
    const security = (method: string, path: string) => document.paths[path]?.[method]?.security;
    expect(security('get', '/api/stats')).toEqual([{ bearerToken: [] }]);
    expect(security('post', '/api/order')).toEqual([{ bearerToken: [] }]);
    expect(security('get', '/api/items')).toBeUndefined();
  });

  it('describes a product photo as WebP bytes, not JSON', () => {
    const ok = document.paths['/api/images/{id}']!.get!.responses!['200']!;
    expect(ok.content).toEqual({ 'image/webp': { schema: { type: 'string', format: 'binary' } } });
  });
});

describe(`GET ${DOCS_PREFIX}`, () => {
  it('serves the browsable reference, whose page runs under the store\'s CSP (no inline script needed)', async () => {
    const entry = await app.inject({ method: 'GET', url: `${DOCS_PREFIX}/` });
    expect(entry.statusCode).toBe(200);
    expect(entry.headers['content-type']).toMatch(/text\/html/);
    expect(entry.body).not.toMatch(/<script>(?!\s*<\/script>)/);
    expect(String(entry.headers['content-security-policy'])).toMatch(/script-src 'self'(;|$)/);
    const initializer = await app.inject({ method: 'GET', url: `${DOCS_PREFIX}/static/swagger-initializer.js` });
    expect(initializer.statusCode).toBe(200);
  });
});

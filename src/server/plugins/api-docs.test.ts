import { gunzipSync } from 'node:zlib';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../tests/support/test-app';
import { createTestDatabase } from '../../../tests/support/test-database';
import { buildApp } from '../app';
import type { DatabaseHandle } from '../db/client';
import { DOCS_PREFIX, OPENAPI_PATH } from './api-docs';
import { documentedPath, TAGS } from './api-docs-operations';

interface Operation {
  summary?: string;
  operationId?: string;
  tags?: string[];
  parameters?: { in: string; name: string; schema?: object }[];
  requestBody?: { content: Record<string, { schema?: object }> };
  responses?: Record<string, { content?: Record<string, { schema?: object }>; headers?: Record<string, { schema?: object }> }>;
  security?: Record<string, string[]>[];
}
interface OpenApiDocument {
  openapi: string;
  info: { title: string };
  tags?: { name: string; description?: string }[];
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
const openApiPath = documentedPath;

/** The documented name of a route's path parameter (api-docs.ts names /api/order's segment once). */
const documentedParam = (url: string, param: string) => {
  const fastifyParams: string[] = url.match(/:(\w+)/g) ?? [];
  const documentedParams = openApiPath(url).match(/\{(\w+)\}/g) ?? [];
  return documentedParams[fastifyParams.indexOf(`:${param}`)]?.slice(1, -1) ?? param;
};

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
        const documented = documentedParam(route.url, param.slice(1));
        if (!parameters.some((p) => p.in === 'path' && p.name === documented && p.schema)) problems.push(`${name}: path ${param}`);
      }
      if (route.schema?.querystring && !parameters.some((p) => p.in === 'query')) problems.push(`${name}: query`);
      // A JSON body, or a file in its own media type (the catalogue import's text/csv).
      if (route.schema?.body && !Object.values(operation.requestBody?.content ?? {}).some((media) => media.schema)) problems.push(`${name}: body`);
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
    expect(security('get', '/api/items')).toEqual([]);
    expect(security('get', '/api/orders.csv')).toEqual([{ bearerToken: [] }, { sessionCookie: [] }]);
    // Checked in its handler, not by a hook: declared on the route.
    expect(security('post', '/api/login')).toEqual([{ sessionCookie: [] }]);
  });

  it('is titled as the store is named', () => {
    expect(document.info.title).toBe('ToolHouse store API');
  });

  it('gives every operation a summary, a unique operationId, declared tags and its security', () => {
    const declaredTags = new Set((document.tags ?? []).map((tag) => tag.name));
    expect([...declaredTags]).toEqual(TAGS.map((tag) => tag.name));
    const problems: string[] = [];
    const ids = new Map<string, string>();
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const name = `${method.toUpperCase()} ${path}`;
        if (!operation.summary) problems.push(`${name}: no summary`);
        if (!operation.operationId || !/^[a-z][A-Za-z0-9]*$/.test(operation.operationId)) problems.push(`${name}: operationId ${operation.operationId}`);
        else if (ids.has(operation.operationId)) problems.push(`${name}: operationId ${operation.operationId} also on ${ids.get(operation.operationId)}`);
        else ids.set(operation.operationId, name);
        if (!operation.tags?.length || operation.tags.some((tag) => !declaredTags.has(tag))) problems.push(`${name}: tags ${operation.tags}`);
        if (!Array.isArray(operation.security)) problems.push(`${name}: no security`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("derives an operationId from the method and the server's path (a route's own schema.operationId would win)", () => {
    expect(document.paths['/api/orders/{id}/invoice.pdf']!.get!.operationId).toBe('getOrdersByIdInvoicePdf');
    expect(document.paths['/api/order/{emailOrId}']!.get!.operationId).toBe('getOrderByEmail');
    expect(document.paths['/api/order/{emailOrId}']!.patch!.operationId).toBe('patchOrderById');
  });

  it('documents the headers answers carry: Location on a 201, paging headers on lists, Retry-After on a 429 or 503', () => {
    const problems: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const name = `${method.toUpperCase()} ${path}`;
        for (const [status, answer] of Object.entries(operation.responses ?? {})) {
          const headers = Object.keys(answer.headers ?? {});
          if (status === '201' && !headers.includes('Location')) problems.push(`${name} ${status}: Location`);
          if (status === '429' && !headers.includes('Retry-After')) problems.push(`${name} ${status}: Retry-After`);
        }
      }
    }
    expect(problems).toEqual([]);
    const headersOf = (method: string, path: string, status: string) =>
      Object.keys(document.paths[path]![method]!.responses![status]!.headers ?? {});
    expect(headersOf('post', '/api/orders', '201')).toEqual(['Location']);
    expect(headersOf('get', '/api/items', '200')).toEqual(['X-Total-Count', 'X-Next-Cursor']);
    expect(headersOf('get', '/api/items', '503')).toEqual(['Retry-After']);
    for (const [method, path] of [
      ['get', '/api/orders'],
      ['get', '/api/order/{emailOrId}'],
      ['get', '/api/user'],
      ['get', '/api/review'],
      ['get', '/api/reviews/all'],
      ['get', '/api/queries'],
      ['get', '/api/audit'],
    ] as const) {
      expect(headersOf(method, path, '200'), `${method} ${path}`).toEqual(['X-Total-Count']);
    }
    // The readiness probe's 503 sends none: a balancer polls on its own schedule.
    expect(headersOf('get', '/api/ready', '503')).toEqual([]);
  });

  it('documents error answers as problem details, except the identity service\'s own shape', () => {
    const order = document.paths['/api/order']!.post!.responses!;
    expect(Object.keys(order['400']!.content!)).toEqual(['application/problem+json']);
    expect(Object.keys(order['201']!.content!)).toEqual(['application/json']);
    const plainJsonErrors = Object.entries(document.paths)
      .filter(([path]) => !path.startsWith('/api/auth/'))
      .flatMap(([path, operations]) => Object.values(operations).flatMap((operation) => Object.entries(operation.responses ?? {}).map(([status, answer]) => ({ path, status, answer }))))
      .filter(({ status, answer }) => /^[45]/.test(status) && answer.content?.['application/json'])
      .map(({ path, status }) => `${path} ${status}`);
    expect(plainJsonErrors).toEqual([]);
  });

  it('describes every answer: its own words, or the status text (never "Default Response")', () => {
    const text = JSON.stringify(document.paths);
    expect(text).not.toContain('Default Response');
    expect(text).not.toContain('x-response-description');
    expect(document.paths['/api/orders']!.post!.responses!['404']).toMatchObject({ description: 'Not Found' });
  });

  it('names the one varying segment of /api/order once, each operation saying what it holds', () => {
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/api/order/'))).toEqual(['/api/order/{emailOrId}']);
    const param = (method: string) => document.paths['/api/order/{emailOrId}']![method]!.parameters!.find((p) => p.in === 'path');
    expect(param('get')).toMatchObject({ name: 'emailOrId', description: "The buyer's email address (one's own)" });
    expect(param('delete')).toMatchObject({ name: 'emailOrId', description: "The order's id" });
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

  it('is titled as the store is named and fits a phone: a viewport tag and a narrow-screen stylesheet', async () => {
    const entry = await app.inject({ method: 'GET', url: `${DOCS_PREFIX}/` });
    expect(entry.body).toContain('<title>ToolHouse store API</title>');
    // Once, in the head: a second tag or one in the body would be a sign the page changed shape.
    expect(entry.body.match(/<meta name="viewport"[^>]*>/g)).toEqual(['<meta name="viewport" content="width=device-width, initial-scale=1">']);
    expect(entry.body.indexOf('name="viewport"')).toBeLessThan(entry.body.indexOf('</head>'));
    expect(entry.body).toContain('static/theme/phone.css');
    const css = await app.inject({ method: 'GET', url: `${DOCS_PREFIX}/static/theme/phone.css` });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/text\/css/);
    expect(css.body).toMatch(/@media \(max-width: 640px\)/);
    // Compressed for a browser, the page still carries the tag.
    const compressed = await app.inject({ method: 'GET', url: `${DOCS_PREFIX}/`, headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(compressed.rawPayload).toString()).toContain('name="viewport"');
  });
});

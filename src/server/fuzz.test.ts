import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTools } from '../../tests/support/factories';
import { createCast, TEST_ORIGIN, type TestUser } from '../../tests/support/accounts';
import { HOSTILE_PATH_VALUES, hostileBodies, hostileQueries, seededRandom, type HostileBody } from '../../tests/support/fuzz-inputs';
import { testConfig } from '../../tests/support/test-app';
import { createTestDatabase } from '../../tests/support/test-database';
import { buildApp } from './app';
import type { DatabaseHandle } from './db/client';

/**
 * Every route the app registers gets malformed, oversized, deeply nested, control-character and
 * wrong-type input — as a visitor, a signed-in customer and an admin — and must answer below 500.
 * The inputs come from a seeded generator: set FUZZ_SEED to repeat a failing run.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);

/**
 * better-auth serves everything under /api/auth/* from one wildcard route; these are its endpoints
 * (sign-in with Google is included: with Google not configured it must refuse cleanly, and its
 * callback is sent garbage codes and states, which needs no Google).
 */
const AUTH_ENDPOINTS = [
  'sign-up/email', 'sign-in/email', 'sign-in/social', 'get-session', 'list-sessions', 'revoke-session',
  'revoke-other-sessions', 'update-user', 'change-password', 'change-email', 'request-password-reset',
  'reset-password', 'verify-email', 'send-verification-email', 'callback/google', 'list-accounts', 'link-social',
  'unlink-account', 'refresh-token', 'get-access-token', 'account-info', 'error', 'ok', 'no-such-endpoint',
  // Last, as they end the caller's session: sign-out, revoke-sessions, delete-user.
  'sign-out', 'revoke-sessions', 'delete-user',
];

interface Caller {
  name: string;
  user: TestUser | null;
}
interface Failure {
  caller: string;
  method: string;
  url: string;
  input: string;
  status: number;
  response: string;
}

let database: DatabaseHandle;
let app: Awaited<ReturnType<typeof buildApp>>;
const routes: { method: string; url: string }[] = [];
let callers: Caller[];
let ids: { tool: string; order: string; query: string };

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp(testConfig(), { database, onRoute: (route: RouteOptions) => collect(route) });
  await app.ready();
  const cast = await createCast(app, database.db);
  callers = [
    { name: 'visitor', user: null },
    { name: 'customer', user: cast.A },
    { name: 'admin', user: cast.admin },
  ];
  const tool = (await createTools(database.db, 1, { minQty: 1, availableQty: 10_000 }))[0]!.id;
  const order = await app.inject({
    method: 'POST', url: '/api/order', headers: { authorization: `Bearer ${cast.A.token}` },
    payload: { toolId: tool, quantity: 5, address: '1 Fuzz Road', phone: '555 0100' },
  });
  const query = await app.inject({
    method: 'POST', url: '/api/queries',
    payload: { name: 'Vic Visitor', email: 'vic@example.com', number: '555', message: 'Hello' },
  });
  ids = { tool, order: order.json<{ insertedId: string }>().insertedId, query: query.json<{ insertedId: string }>().insertedId };
}, 120_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
});

function collect(route: RouteOptions) {
  for (const method of [route.method].flat()) routes.push({ method, url: route.url });
}

/** The route's URL with each parameter (or the wildcard) filled with `value`, or a valid value when null. */
function fillPath(url: string, value: string | null, caller: Caller, authEndpoint: string): string {
  return url
    .replace(/:(\w+)/g, (_match, name: string) => value ?? validParam(url, name, caller))
    .replace(/\*$/, value ?? authEndpoint);
}

function validParam(url: string, name: string, caller: Caller): string {
  if (name === 'email') return encodeURIComponent(caller.user?.email ?? 'someone@example.com');
  if (url.includes('/items')) return ids.tool;
  if (url.includes('/order')) return ids.order;
  if (url.includes('/queries')) return ids.query;
  return ids.tool;
}

const hasBody = (method: string) => !['GET', 'HEAD', 'OPTIONS'].includes(method);

describe('fuzzing every route', () => {
  it(`answers every hostile request below 500 (seed ${SEED})`, async () => {
    console.info(`fuzz seed ${SEED} (set FUZZ_SEED to repeat)`);
    const random = seededRandom(SEED);
    const failures: Failure[] = [];
    let sent = 0;
    // The identity routes end sessions (sign-out, delete-user), so they go last.
    const ordered = [...routes].sort((a, b) => Number(a.url.startsWith('/api/auth')) - Number(b.url.startsWith('/api/auth')));
    expect(ordered.map((r) => r.url)).toEqual(expect.arrayContaining(['/api/items', '/api/order/:id', '/api/auth/*']));

    for (const route of ordered) {
      const authEndpoints = route.url.endsWith('*') ? AUTH_ENDPOINTS : [''];
      for (const caller of callers) {
        for (const authEndpoint of authEndpoints) {
          const plausible = {
            toolId: ids.tool, quantity: 5, address: '1 Fuzz Road', phone: '555 0100', rating: 4, reviewText: 'Solid drill',
            email: caller.user?.email ?? 'vic@example.com', name: 'Fuzz Tester', userName: 'Fuzz Tester', number: '555',
            message: 'Hello', password: 'Pw-fuzz-0123456789', orderId: ids.order, handled: true, price: 10, minQty: 1,
            availableQty: 10, productName: 'Fuzz saw', description: 'Cuts', image: `/api/images/${ids.tool}`,
          };
          const send = async (path: string, input: string, body?: HostileBody) => {
            const headers: Record<string, string> = { origin: TEST_ORIGIN };
            if (caller.user) {
              headers.authorization = `Bearer ${caller.user.token}`;
              headers.cookie = caller.user.cookie;
            }
            if (body?.contentType) headers['content-type'] = body.contentType;
            const res = await app.inject({
              method: route.method as 'GET',
              url: path,
              headers,
              ...(body && { payload: body.payload }),
              // A different client address each time, so per-address rate limits do not hide deeper faults.
              remoteAddress: `10.${random.int(256)}.${random.int(256)}.${1 + random.int(254)}`,
            });
            sent += 1;
            if (res.statusCode >= 500) {
              failures.push({ caller: caller.name, method: route.method, url: path.slice(0, 300), input, status: res.statusCode, response: res.body.slice(0, 300) });
            }
          };

          const validPath = fillPath(route.url, null, caller, authEndpoint);
          const isParametric = /[:*]/.test(route.url);
          if (isParametric && authEndpoint === authEndpoints[0]) {
            for (const value of HOSTILE_PATH_VALUES) await send(fillPath(route.url, value, caller, authEndpoint), `path value ${value.slice(0, 60)}`);
          }
          for (const query of hostileQueries(random, 4)) await send(`${validPath}${query}`, `query ${query.slice(0, 120)}`);
          if (hasBody(route.method)) {
            for (const body of hostileBodies(random, authEndpoints.length > 1 ? 3 : 12, plausible)) {
              const preview = Buffer.isBuffer(body.payload) ? body.payload.toString('hex') : body.payload;
              await send(validPath, `${body.label} (${body.contentType ?? 'no content type'}): ${preview.slice(0, 200)}`, body);
            }
          }
        }
      }
    }

    console.info(`fuzz: ${sent} requests to ${routes.length} routes`);
    expect(failures, `${failures.length} requests answered 5xx (seed ${SEED}):\n${failures.map((f) => JSON.stringify(f)).join('\n')}`).toEqual([]);
  }, 180_000);
});

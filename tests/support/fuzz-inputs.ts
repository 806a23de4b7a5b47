/**
 * Hostile inputs for the fuzz test (src/server/fuzz.test.ts), drawn from a seeded generator so a
 * failing run can be repeated exactly with FUZZ_SEED.
 */

/** An id of the right shape that belongs to nothing. */
const UNKNOWN_ID = '7f1e2d3c-4b5a-4697-8a1b-2c3d4e5f6a7b';

/** mulberry32: a tiny, well-known seeded pseudo-random generator (uniform in [0, 1)). */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (below: number) => Math.floor(next() * below),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}
export type Random = ReturnType<typeof seededRandom>;

/** Path segments that break naive handlers: huge, NUL, traversal, unicode, numbers, other ids. */
export const HOSTILE_PATH_VALUES: readonly string[] = [
  'x'.repeat(5000),
  '%00',
  'a%00b',
  '..%2F..%2Fetc%2Fpasswd',
  '..',
  encodeURIComponent('Ünïcødé 🔥 ‮'),
  '%F0%9F%92%A9',
  '%C0%AE%C0%AE',
  '%E0%A4%A',
  '0',
  '-1',
  '1.5',
  '1e309',
  '99999999999999999999999',
  UNKNOWN_ID,
  '00000000-0000-0000-0000-000000000000',
  'null',
  '__proto__',
  'constructor',
  '%20',
  encodeURIComponent("' or 1=1 --"),
  encodeURIComponent('a\u0000@example.com'),
  encodeURIComponent(`${'a'.repeat(300)}@example.com`),
  encodeURIComponent('not-an-email@'),
];

/** Names the API's query strings and bodies use (src/shared/schemas), so values land on real fields. */
export const QUERY_KEYS = ['limit', 'offset', 'page', 'sort', 'order', 'q', 'search', 'handled', 'status', 'state', 'email', 'before', 'after', 'action', 'actorEmail', 'days', 'lowStock', 'types', 'toolId'] as const;
export const BODY_FIELDS = [
  'name', 'email', 'password', 'userName', 'address', 'phone', 'toolId', 'quantity', 'rating', 'reviewText', 'number',
  'message', 'productName', 'description', 'price', 'minQty', 'availableQty', 'image', 'photoURL', 'handled', 'orderId',
  'paymentIntent', 'card', 'cvc', 'expiry', 'billingDetails', 'status', 'state', 'paid', 'role', 'callbackURL',
  'newPassword', 'currentPassword', 'token', 'provider', 'rememberMe', 'idToken',
] as const;

const QUERY_VALUES: readonly string[] = [
  '-1', '0', '1.5', '1e309', '99999999999999999999', 'NaN', 'abc', '', '%00', '__proto__', 'true', 'maybe',
  UNKNOWN_ID, 'x'.repeat(5000), encodeURIComponent('2026-13-45T99:99'), encodeURIComponent('\u0001\u001f'),
];

/** Fixed query strings, then `count` random ones of wrong types, arrays, huge and negative numbers. */
export function hostileQueries(random: Random, count: number): string[] {
  const fixed = [
    '?__proto__[role]=admin',
    '?constructor[prototype][role]=admin',
    '?limit=-1&offset=-1',
    '?limit=1.5&offset=0.5',
    '?limit=1e309',
    '?limit=99999999999999999999&offset=99999999999999999999',
    '?limit=1&limit=2&offset[]=3',
    '?limit[a]=1',
    '?%00=%00',
  ];
  const generated = Array.from({ length: count }, () => {
    const pairs = Array.from({ length: 1 + random.int(4) }, () => {
      const key = random.pick(QUERY_KEYS);
      const value = random.pick(QUERY_VALUES);
      return random.chance(0.2) ? `${key}=${value}&${key}=${random.pick(QUERY_VALUES)}` : `${key}=${value}`;
    });
    return `?${pairs.join('&')}`;
  });
  return [...fixed, ...generated];
}

/** A value of the wrong type or shape for almost any field. */
function hostileValue(random: Random): unknown {
  const values: (() => unknown)[] = [
    () => 0, () => -1, () => 1.5, () => 1e308, () => -1e308, () => 2 ** 53 + 1, () => '', () => ' ',
    () => 'a\u0000b', () => '\u0001\u001f\u007f', () => '\u202eevil', () => '😀'.repeat(1000),
    () => 'x'.repeat(90_000), () => [], () => [1, 'two', null], () => ({}), () => ({ a: { b: { c: [] } } }),
    () => null, () => true, () => false, () => '2026-13-45', () => '../../etc/passwd', () => '<script>alert(1)</script>',
    () => "' or 1=1 --", () => UNKNOWN_ID, () => 'not-an-email', () => `${'a'.repeat(500)}@example.com`,
    () => 'a\u0000@example.com', () => JSON.parse('{"__proto__":{"role":"admin"}}') as unknown, () => '99999999999999999999',
  ];
  return random.pick(values)();
}

export interface HostileBody {
  label: string;
  contentType: string | undefined;
  payload: string | Buffer;
}

const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const nestedArrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

/**
 * Fixed hostile bodies (malformed JSON, JSON of the wrong type, deep nesting, prototype keys,
 * oversized, wrong content types), then `count` JSON objects: plausible ones (from `plausible`)
 * with one field spoiled, and random ones whose fields mostly hold wrong-typed values.
 */
export function hostileBodies(random: Random, count: number, plausible: Record<string, unknown>): HostileBody[] {
  const json = 'application/json';
  const fixed: HostileBody[] = [
    { label: 'malformed JSON', contentType: json, payload: '{"a":' },
    { label: 'trailing comma', contentType: json, payload: '{"a":1,}' },
    { label: 'empty JSON body', contentType: json, payload: '' },
    { label: 'NUL as body', contentType: json, payload: '\u0000' },
    { label: 'invalid UTF-8', contentType: json, payload: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]) },
    { label: 'array', contentType: json, payload: '[]' },
    { label: 'number', contentType: json, payload: '1' },
    { label: 'string', contentType: json, payload: '"str"' },
    { label: 'null', contentType: json, payload: 'null' },
    { label: 'true', contentType: json, payload: 'true' },
    { label: 'nested 10,000 objects', contentType: json, payload: nested(10_000) },
    { label: 'nested 10,000 arrays', contentType: json, payload: nestedArrays(10_000) },
    { label: 'prototype keys', contentType: json, payload: '{"__proto__":{"role":"admin"},"constructor":{"prototype":{"role":"admin"}}}' },
    { label: 'prototype keys beside plausible fields', contentType: json, payload: JSON.stringify({ ...plausible }).replace(/^\{/, '{"__proto__":{"role":"admin"},') },
    { label: '200 KB string', contentType: json, payload: JSON.stringify({ name: 'x'.repeat(200_000) }) },
    { label: 'text/plain', contentType: 'text/plain', payload: 'hello' },
    { label: 'form-urlencoded', contentType: 'application/x-www-form-urlencoded', payload: 'email=a%40b.c&role=admin' },
    { label: 'multipart garbage', contentType: 'multipart/form-data; boundary=x', payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n\u0000\r\n--x--' },
    { label: 'xml', contentType: 'application/xml', payload: '<a><b/></a>' },
    { label: 'json as utf-16', contentType: 'application/json; charset=utf-16', payload: '{"a":1}' },
    { label: 'image/png garbage', contentType: 'image/png', payload: Buffer.from('89504e470d0a1a0a0000000d49484452ffff', 'hex') },
    { label: 'no content type', contentType: undefined, payload: '{"a":1}' },
    { label: 'plausible fields', contentType: json, payload: JSON.stringify(plausible) },
  ];
  const generated = Array.from({ length: count }, (_, i): HostileBody => {
    // Half are plausible bodies with one field spoiled, which get past the other fields' checks.
    if (i % 2 === 0) {
      const field = random.pick(Object.keys(plausible));
      const body = { ...plausible, [field]: hostileValue(random) };
      return { label: `plausible body, ${field} spoiled`, contentType: json, payload: JSON.stringify(body) };
    }
    const body: Record<string, unknown> = {};
    for (const field of BODY_FIELDS) {
      if (!random.chance(0.35)) continue;
      body[field] = field in plausible && random.chance(0.5) ? plausible[field] : hostileValue(random);
    }
    return { label: `random object #${i}`, contentType: json, payload: JSON.stringify(body) };
  });
  return [...fixed, ...generated];
}

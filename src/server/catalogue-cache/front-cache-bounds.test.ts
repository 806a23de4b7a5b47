import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FrontCache, serverWithFrontCache } from './front-cache';
import { ResponseCache } from './response-cache';

/**
 * The front cache's bounds, on a real server and a real cache of answers: a client that makes up
 * addresses, or asks for big answers, holds no more than the limits, whatever the cache drops.
 */
const LIMITS = { maxReplays: 4, maxBytes: 10_000 };
const BODY_BYTES = 3_000;

let app: FastifyInstance;
let front: FrontCache;
let answers: ResponseCache;
let origin: string;
beforeAll(async () => {
  front = new FrontCache(LIMITS);
  answers = new ResponseCache(1_000);
  app = Fastify({ serverFactory: serverWithFrontCache(front) });
  // As answer-from-cache.ts sends a hit: the same page for any `n`, kept under its own key.
  app.get<{ Querystring: { n: string } }>('/page', async (request, reply) => {
    const key = `page:${request.query.n}`;
    const entry = await answers.get(key, async () => ({ json: 'x'.repeat(BODY_BYTES), headers: {} }));
    front.keepOnceSent(reply, { answers, key }, entry, entry.body);
    return reply.type('text/plain').send(entry.body);
  });
  origin = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => app.close());

const ask = async (n: number) => (await fetch(`${origin}/page?n=${n}`, { headers: { 'accept-encoding': 'identity' } })).text();

describe('the front cache under made-up addresses', () => {
  it('keeps at most its bytes, the oldest making room, and still answers every address', async () => {
    for (let n = 0; n < 20; n++) {
      expect(await ask(n)).toHaveLength(BODY_BYTES);
      expect(await ask(n)).toHaveLength(BODY_BYTES);
    }
    // 3,000-byte bodies under a 10,000-byte bound: three at a time, though four would fit by count.
    expect(front.size).toBe(3);
    expect(front.bytes).toBeLessThanOrEqual(LIMITS.maxBytes);
    // The newest are the ones kept: asked again, they are replayed; the oldest goes to the app.
    const before = front.hits;
    await ask(19);
    expect(front.hits).toBe(before + 1);
    await ask(0);
    expect(front.hits).toBe(before + 1);
  });

  it('lets go of a replay whose answer the cache has dropped, the first time it is asked for', async () => {
    await ask(100);
    await ask(100);
    const held = front.bytes;
    answers.dropAll();
    const before = front.hits;
    // Rebuilt by the app (a new entry), not replayed: the old bytes are no longer held for it.
    expect(await ask(100)).toHaveLength(BODY_BYTES);
    expect(front.hits).toBe(before);
    expect(front.bytes).toBe(held);
  });
});

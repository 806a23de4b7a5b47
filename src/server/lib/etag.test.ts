import etag from '@fastify/etag';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { etagOf } from './etag';

describe('etagOf', () => {
  it("is the ETag @fastify/etag gives the same body, as security.ts registers it", async () => {
    const app = Fastify({ logger: false });
    await app.register(etag);
    const bodies = ['{"type":"about:blank","status":404}', '<!doctype html><title>Page not found</title>', 'é ✓'.repeat(50)];
    bodies.forEach((body, i) => app.get(`/${i}`, (_request, reply) => reply.type('text/plain').send(body)));
    for (const [i, body] of bodies.entries()) {
      const res = await app.inject({ method: 'GET', url: `/${i}` });
      expect(res.headers.etag).toBe(etagOf(body));
    }
    await app.close();
  });
});

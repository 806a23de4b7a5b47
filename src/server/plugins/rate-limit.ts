import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Per-route rate-limit settings for public endpoints that write (route `config.rateLimit`). */
    publicWriteRateLimit: { max: number; timeWindow: string };
  }
}

/**
 * Limits are opt-in per route. Counters live in process memory: with several app processes
 * behind a balancer each one counts on its own (see docs/decisions for the Redis option).
 */
async function rateLimitPlugin(app: FastifyInstance, opts: { publicWritesPerMinute: number }) {
  await app.register(rateLimit, { global: false });
  app.decorate('publicWriteRateLimit', { max: opts.publicWritesPerMinute, timeWindow: '1 minute' });
}

export default fp(rateLimitPlugin, { name: 'rate-limit' });

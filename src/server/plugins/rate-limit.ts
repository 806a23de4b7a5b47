import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { connectRedis } from '../lib/redis-connection';
import { failoverStore } from './rate-limit-store';

declare module 'fastify' {
  interface FastifyInstance {
    /** Per-route rate-limit settings for public endpoints that write (route `config.rateLimit`). */
    publicWriteRateLimit: { max: number; timeWindow: string };
  }
}

interface RateLimitOptions {
  publicWritesPerMinute: number;
  /** Where every process counts together; null: each process counts in its own memory. */
  redis: { url: string; keyPrefix: string } | null;
}

/**
 * Limits are opt-in per route. With Redis, every route's counters are shared by all app processes
 * behind the balancer, and fall back to process memory while Redis is out (rate-limit-store.ts);
 * without it, each process counts on its own (docs/decisions/012-scale-out.md).
 */
async function rateLimitPlugin(app: FastifyInstance, opts: RateLimitOptions) {
  if (opts.redis) {
    const redis = await connectRedis(opts.redis.url, app.log, {
      up: 'rate limits are counted in Redis, shared by all app processes',
      down: "Redis is unreachable: rate limits are counted in this process's memory until it is back (each process allows the full limit meanwhile)",
      back: 'Redis is reachable again: rate limits are counted in Redis, shared by all app processes',
    });
    app.addHook('onClose', () => redis.close());
    await app.register(rateLimit, { global: false, store: failoverStore(redis, `${opts.redis.keyPrefix}rate-limit:`) });
  } else {
    await app.register(rateLimit, { global: false });
  }
  app.decorate('publicWriteRateLimit', { max: opts.publicWritesPerMinute, timeWindow: '1 minute' });
}

export default fp(rateLimitPlugin, { name: 'rate-limit' });

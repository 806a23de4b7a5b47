import { createRequire } from 'node:module';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { RedisConnection } from '../lib/redis-connection';

/**
 * @fastify/rate-limit's own Redis and in-memory stores (its Lua counter and its LRU), which it
 * ships but does not export under a typed name.
 */
const require = createRequire(import.meta.url);
type RedisStoreCtor = new (continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, keyPrefix: string) => FastifyRateLimitStore;
type LocalStoreCtor = new (continueExceeding: boolean, exponentialBackoff: boolean, cache?: number) => FastifyRateLimitStore;
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as RedisStoreCtor;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as LocalStoreCtor;

type Incr = FastifyRateLimitStore['incr'];

/**
 * Counts in Redis, shared by every app process, while Redis answers; in this process's memory
 * while it does not. The plugin's own `skipOnError` would instead let every request through
 * during an outage, which turns a Redis outage into no limits at all. During an outage each
 * process allows the full limit (N processes: up to N times it); the counts kept in memory then
 * are forgotten when Redis is back, and Redis's own counts carry on.
 */
class FailoverStore implements FastifyRateLimitStore {
  constructor(
    private readonly shared: FastifyRateLimitStore,
    private readonly local: FastifyRateLimitStore,
    private readonly redis: RedisConnection,
  ) {}

  incr(...[key, callback, timeWindow, max]: Parameters<Incr>): void {
    if (!this.redis.usable()) return this.local.incr(key, callback, timeWindow, max);
    this.shared.incr(
      key,
      (error, result) => {
        if (!error) {
          this.redis.succeeded();
          return callback(null, result);
        }
        this.redis.failed(error);
        this.local.incr(key, callback, timeWindow, max);
      },
      timeWindow,
      max,
    );
  }

  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    return new FailoverStore(this.shared.child(routeOptions), this.local.child(routeOptions), this.redis);
  }
}

/** The `store` option for @fastify/rate-limit: Redis keys start with `keyPrefix`, then the route. */
export function failoverStore(redis: RedisConnection, keyPrefix: string): FastifyRateLimitStoreCtor {
  return class extends FailoverStore {
    constructor(options: { continueExceeding?: boolean; exponentialBackoff?: boolean; cache?: number }) {
      const { continueExceeding = false, exponentialBackoff = false } = options;
      super(
        new RedisStore(continueExceeding, exponentialBackoff, redis.client, keyPrefix),
        new LocalStore(continueExceeding, exponentialBackoff, options.cache),
        redis,
      );
    }
  };
}

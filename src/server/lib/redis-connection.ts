import type { Redis } from 'ioredis';

export interface RedisConnection {
  client: Redis;
  /** False while Redis is unreachable, or for a few seconds after a command failed: use the fallback. */
  usable(): boolean;
  /** A command failed (or timed out): the caller falls back for a while, and the log says so once. */
  failed(error: Error): void;
  /** A command worked: if Redis was out, the log says it is back (once). */
  succeeded(): void;
  close(): Promise<void>;
}

interface ConnectionLog {
  info(message: string): void;
  warn(details: object, message: string): void;
}

/** What the log says when Redis goes away and when it comes back, in the caller's words. */
export interface OutageMessages {
  up: string;
  down: string;
  back: string;
}

const CONNECT_TIMEOUT_MS = 1_000;
/** Redis answers in well under a millisecond; one that takes this long is as good as down. */
const COMMAND_TIMEOUT_MS = 500;
/** After a failed command, skip Redis for this long rather than make every request wait for it to fail. */
const PAUSE_AFTER_FAILURE_MS = 5_000;

/**
 * A Redis client that fails fast: while it is disconnected a command errors at once (no offline
 * queue, no retries per request) instead of holding the request, a connection attempt gives up
 * after a second, and reconnecting goes on in the background for as long as the process runs.
 * Going down and coming back are logged once each, not at every reconnection attempt.
 * Waits for the first connection to succeed or fail (about a second at most), so a healthy Redis
 * is used from the first request; an unreachable one does not stop the start.
 */
export async function connectRedis(url: string, log: ConnectionLog, messages: OutageMessages): Promise<RedisConnection> {
  // Loaded only by a store that counts its rate limits in Redis: about 8 MB of memory the default
  // install (one process, no Redis) would otherwise carry for nothing.
  const { Redis: RedisClient } = await import('ioredis');
  const client = new RedisClient(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: CONNECT_TIMEOUT_MS,
    commandTimeout: COMMAND_TIMEOUT_MS,
    retryStrategy: (attempt) => Math.min(attempt * 250, 5_000),
  });
  let state: 'starting' | 'up' | 'down' = 'starting';
  let pausedUntil = 0;
  let closing = false;

  const markDown = (error: Error) => {
    if (closing || state === 'down') return;
    state = 'down';
    log.warn({ err: error }, messages.down);
  };
  const markUp = () => {
    if (state === 'up') return;
    log.info(state === 'down' ? messages.back : messages.up);
    state = 'up';
  };
  // Without an 'error' listener ioredis prints every failed reconnection attempt to the console.
  client.on('error', markDown);
  client.on('close', () => markDown(new Error('the connection to Redis closed')));
  client.on('ready', () => {
    pausedUntil = 0;
    markUp();
  });

  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      client.off('ready', done);
      client.off('error', done);
      resolve();
    };
    // ioredis reports a connection that times out as an error, so this is only a safety net
    // (a busy event loop at start can make the connect timer fire late).
    const timer = setTimeout(done, 5 * CONNECT_TIMEOUT_MS);
    client.once('ready', done);
    client.once('error', done);
  });

  return {
    client,
    usable: () => client.status === 'ready' && Date.now() >= pausedUntil,
    failed(error) {
      pausedUntil = Date.now() + PAUSE_AFTER_FAILURE_MS;
      markDown(error);
    },
    succeeded: markUp,
    async close() {
      closing = true;
      client.disconnect();
    },
  };
}

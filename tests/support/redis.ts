import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { freePort } from '../../scripts/lib/free-port.mjs';

/** The shared Redis the tests may use (CI starts one on 127.0.0.1:6379). */
export const testRedisUrl = () => process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A key prefix of one test's own, so tests never see (or delete) anyone else's keys. */
export const uniqueRedisPrefix = () => `store-test:${randomUUID().slice(0, 8)}:`;

/** The keys under `prefix`, found with SCAN (never KEYS, never FLUSHALL on the shared server). */
export async function redisKeys(url: string, prefix: string): Promise<string[]> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    const found: string[] = [];
    let cursor = '0';
    for (let round = 0; round < 10_000; round += 1) {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      found.push(...keys);
      cursor = next;
      if (cursor === '0') break;
    }
    return found;
  } finally {
    redis.disconnect();
  }
}

/** Deletes this test's keys, and only them. */
export async function deleteRedisKeys(url: string, prefix: string): Promise<void> {
  const keys = await redisKeys(url, prefix);
  if (keys.length === 0) return;
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}

export interface OwnRedis {
  url: string;
  /** Stops this Redis (by its pid) and waits for it to exit. */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty. */
  start(): Promise<void>;
}

/**
 * A Redis server of the test's own on a free port, which the test may stop and start to play an
 * outage without touching the shared one. Nothing is saved to disk.
 */
export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;

  async function start() {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      probe.on('error', () => {});
      try {
        await probe.connect();
        if ((await probe.ping()) === 'PONG') return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 100));
      } finally {
        probe.disconnect();
      }
    }
    throw new Error(`redis-server did not start on port ${port}`);
  }

  async function stop() {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
  }

  await start();
  return { url, start, stop };
}

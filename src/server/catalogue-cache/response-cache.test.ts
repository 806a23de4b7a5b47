import { describe, expect, it } from 'vitest';
import { ResponseCache, type FreshResponse } from './response-cache';

const fresh = (value: unknown): FreshResponse => ({ json: JSON.stringify(value), headers: {} });

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('ResponseCache', () => {
  it('reads once for concurrent misses of one key, then answers from memory', async () => {
    const cache = new ResponseCache(10);
    let reads = 0;
    const build = async () => {
      reads += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return fresh({ n: reads });
    };
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.get('k', build)));
    expect(reads).toBe(1);
    expect(new Set(answers.map((a) => a.body.toString()))).toEqual(new Set(['{"n":1}']));
    await cache.get('k', build);
    expect(reads).toBe(1);
  });

  it('does not keep an answer read before a drop that happened while it was read', async () => {
    const cache = new ResponseCache(10);
    const slow = deferred<FreshResponse>();
    const stale = cache.get('k', () => slow.promise);
    cache.dropAll(); // a write committed while the old value was being read
    slow.resolve(fresh({ version: 'old' }));
    expect((await stale).body.toString()).toBe('{"version":"old"}'); // its own caller still gets it
    const next = await cache.get('k', async () => fresh({ version: 'new' }));
    expect(next.body.toString()).toBe('{"version":"new"}');
  });

  it('keeps no failed read, so the next caller tries again', async () => {
    const cache = new ResponseCache(10);
    await expect(cache.get('k', async () => Promise.reject(new Error('not found')))).rejects.toThrow('not found');
    expect(cache.size).toBe(0);
    expect((await cache.get('k', async () => fresh(1))).body.toString()).toBe('1');
  });

  it('holds at most its bound, dropping the oldest entries', async () => {
    const cache = new ResponseCache(3);
    for (let i = 0; i < 10; i += 1) await cache.get(`k${i}`, async () => fresh(i));
    expect(cache.size).toBe(3);
    let rebuilt = false;
    await cache.get('k0', async () => {
      rebuilt = true;
      return fresh(0);
    });
    expect(rebuilt).toBe(true);
  });

  it('holds at most its byte bound, dropping the oldest entries, and keeps no answer larger than the bound', async () => {
    // 400-byte bodies (under the gzip threshold, so a body is all an entry holds).
    const body = (i: number) => fresh('x'.repeat(396) + String(i).padStart(2, '0'));
    const cache = new ResponseCache(100, { maxBytes: 1_000 });
    for (let i = 0; i < 10; i += 1) await cache.get(`k${i}`, async () => body(i));
    expect(cache.size).toBe(2);
    expect(cache.bytes).toBe(800);

    const big = await cache.get('big', async () => fresh('y'.repeat(5_000)));
    expect(big.body.length).toBe(5_002); // its caller gets it...
    expect(cache.size).toBe(2); // ...but it is not kept, and pushed nothing out
    expect(cache.bytes).toBeLessThanOrEqual(1_000);

    cache.dropAll();
    expect(cache.bytes).toBe(0);
  });
});


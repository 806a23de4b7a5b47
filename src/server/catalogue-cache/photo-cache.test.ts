import { describe, expect, it, vi } from 'vitest';
import { PhotoCache, type PhotoSource } from './photo-cache';

const photo = (bytes: number) => Buffer.alloc(bytes, 1);

/** A source whose loads and existence checks are counted, and can be held open. */
function source(bytes: Buffer | null, exists = true) {
  const counts = { loads: 0, checks: 0 };
  let gate: Promise<void> = Promise.resolve();
  const src: PhotoSource = {
    async load() {
      counts.loads += 1;
      await gate;
      return bytes;
    },
    async exists() {
      counts.checks += 1;
      await gate;
      return exists;
    },
  };
  return {
    src,
    counts,
    hold() {
      let open!: () => void;
      gate = new Promise((resolve) => (open = resolve));
      return open;
    },
  };
}

describe('PhotoCache', () => {
  it('keeps at most its bytes, dropping the least recently served first', async () => {
    // Room for exactly 8 photos of 1,000 bytes (each counts 256 bytes more for its entry).
    const cache = new PhotoCache(8 * 1_256, 60_000);
    for (const key of ['a/card', 'b/card', 'c/card']) await cache.read(key, key, source(photo(1_000)).src);
    expect(cache.size).toBe(3);
    // a is served again, so b is now the least recently served.
    await cache.read('a/card', 'a/card', source(null).src);
    for (const key of ['d/card', 'e/card', 'f/card', 'g/card', 'h/card', 'i/card']) await cache.read(key, key, source(photo(1_000)).src);
    expect(cache.size).toBe(8);
    expect(cache.bytes).toBe(8 * 1_256);

    const again = source(photo(1_000));
    await cache.read('b/card', 'b/card', again.src);
    expect(again.counts.loads).toBe(1);
    const kept = source(photo(1_000));
    await cache.read('a/card', 'a/card', kept.src);
    expect(kept.counts.loads).toBe(0);
  });

  it('serves but does not keep a photo larger than an eighth of its bound', async () => {
    const cache = new PhotoCache(80_000, 60_000);
    const big = source(photo(20_000));
    expect((await cache.read('big/large', '"big"', big.src))?.bytes.length).toBe(20_000);
    await cache.read('big/large', '"big"', big.src);
    expect(big.counts.loads).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('does not keep unknown photos', async () => {
    const cache = new PhotoCache();
    const missing = source(null);
    expect(await cache.read('x/card', '"x"', missing.src)).toBeNull();
    expect(await cache.read('x/card', '"x"', missing.src)).toBeNull();
    expect(missing.counts.loads).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('shares one read among concurrent misses for a photo', async () => {
    const cache = new PhotoCache();
    const s = source(photo(100));
    const open = s.hold();
    const reads = Array.from({ length: 16 }, () => cache.read('p/card', '"p"', s.src));
    open();
    const got = await Promise.all(reads);
    expect(s.counts.loads).toBe(1);
    expect(new Set(got).size).toBe(1);
  });

  it('keeps nothing read before a deletion, and a read after it starts afresh', async () => {
    const cache = new PhotoCache();
    const s = source(photo(100));
    const open = s.hold();
    const before = cache.read('p/card', '"p"', s.src);
    cache.dropAll();
    const gone = source(null);
    const after = cache.read('p/card', '"p"', gone.src);
    open();
    // The read that overlapped the deletion gets what it read; the one after it does not.
    expect(await before).not.toBeNull();
    expect(await after).toBeNull();
    expect(cache.size).toBe(0);
  });

  it('asks whether a kept photo still exists once its recheck time has passed, and forgets it when not', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const cache = new PhotoCache(1_000_000, 5_000);
      await cache.read('p/card', '"p"', source(photo(100)).src);
      const stillThere = source(photo(100), true);
      vi.advanceTimersByTime(4_999);
      await cache.read('p/card', '"p"', stillThere.src);
      expect(stillThere.counts).toEqual({ loads: 0, checks: 0 });
      vi.advanceTimersByTime(2);
      await cache.read('p/card', '"p"', stillThere.src);
      expect(stillThere.counts).toEqual({ loads: 0, checks: 1 });

      vi.advanceTimersByTime(5_001);
      const deleted = source(photo(100), false);
      expect(await cache.read('p/card', '"p"', deleted.src)).toBeNull();
      expect(deleted.counts).toEqual({ loads: 0, checks: 1 });
      expect(cache.size).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

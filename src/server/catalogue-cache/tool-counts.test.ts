import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToolCounts } from './tool-counts';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('ToolCounts', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps a count for its lifetime, then counts again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const counts = new ToolCounts(5_000);
    let loads = 0;
    const load = async () => (loads += 1);
    expect(await counts.count('', load)).toBe(1);
    vi.advanceTimersByTime(4_999);
    expect(await counts.count('', load)).toBe(1);
    vi.advanceTimersByTime(2);
    expect(await counts.count('', load)).toBe(2);
  });

  it('does not keep a count read before a drop that happened while it was read', async () => {
    const counts = new ToolCounts();
    const slow = deferred<number>();
    const stale = counts.count('drill', () => slow.promise);
    counts.dropAll(); // a tool change committed while the old count was being read
    slow.resolve(3);
    expect(await stale).toBe(3); // its own caller still gets it
    expect(await counts.count('drill', async () => 4)).toBe(4);
    expect(await counts.count('drill', async () => 5)).toBe(4);
  });

  it("keeps at most its bound of searches, the oldest going first, and the whole catalogue's count apart", async () => {
    const counts = new ToolCounts(60_000, 2);
    await counts.count('', async () => 100);
    for (const [key, total] of [['a', 1], ['b', 2], ['c', 3]] as const) await counts.count(key, async () => total);
    expect(await counts.count('a', async () => 10)).toBe(10);
    expect(await counts.count('c', async () => 30)).toBe(3);
    expect(await counts.count('', async () => 0)).toBe(100);
  });
});

import type { AppDatabase } from '../db/client';

/**
 * count(*) over the catalogue is most of the cost of a catalogue page (it reads every row, and
 * grows with the catalogue), while the total only feeds X-Total-Count for infinite scrolling.
 * Each process keeps it for a few seconds. A write forgets it in its own process right after the
 * commit, and every other process forgets it when the change bus tells it (catalogue/routes.ts
 * subscribes): the TTL only bounds staleness while a process has lost the change feed.
 */
const TTL_MS = 5_000;
const cache = new WeakMap<AppDatabase, { total: number; at: number }>();

export async function cachedToolCount(db: AppDatabase, load: () => Promise<number>): Promise<number> {
  const hit = cache.get(db);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.total;
  const total = await load();
  cache.set(db, { total, at: Date.now() });
  return total;
}

export function forgetToolCount(db: AppDatabase) {
  cache.delete(db);
}

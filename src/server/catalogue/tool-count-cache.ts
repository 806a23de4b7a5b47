import type { AppDatabase } from '../db/client';

/**
 * count(*) over the catalogue is most of the cost of a catalogue page (it reads every row, and
 * grows with the catalogue), while the total only feeds X-Total-Count for infinite scrolling.
 * Each process keeps it for a few seconds, per search (key: the search words, '' for the whole
 * catalogue: a search's count reads only its matches, through the search index, but a common word
 * matches many). A write forgets them in its own process right after the commit, and every other
 * process forgets them when the change bus tells it (catalogue/routes.ts subscribes): the TTL only
 * bounds staleness while a process has lost the change feed.
 *
 * Bounded, since a client chooses its searches: past MAX_KEYS the oldest count makes room, so a
 * script sending endless distinct searches costs their queries but no memory. The whole
 * catalogue's count is kept apart and never makes room.
 */
const TTL_MS = 5_000;
const MAX_KEYS = 1_000;
const ALL_TOOLS = '';

interface Counts {
  all: { total: number; at: number } | null;
  searches: Map<string, { total: number; at: number }>;
}
const cache = new WeakMap<AppDatabase, Counts>();

export async function cachedToolCount(db: AppDatabase, key: string, load: () => Promise<number>): Promise<number> {
  let counts = cache.get(db);
  const hit = key === ALL_TOOLS ? counts?.all : counts?.searches.get(key);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.total;
  const total = await load();
  counts = cache.get(db);
  if (!counts) cache.set(db, (counts = { all: null, searches: new Map() }));
  const entry = { total, at: Date.now() };
  if (key === ALL_TOOLS) {
    counts.all = entry;
  } else {
    counts.searches.delete(key); // re-inserted last: the oldest is the first to go
    if (counts.searches.size >= MAX_KEYS) counts.searches.delete(counts.searches.keys().next().value!);
    counts.searches.set(key, entry);
  }
  return total;
}

export function forgetToolCount(db: AppDatabase) {
  cache.delete(db);
}

/**
 * count(*) over the catalogue is most of the cost of a catalogue page (it reads every row, and
 * grows with the catalogue), while the total only feeds X-Total-Count for infinite scrolling.
 * Each process keeps it for a few seconds, per search (key: the search words, '' for the whole
 * catalogue: a search's count reads only its matches, through the search index, but a common word
 * matches many). The catalogue cache drops them all when any process's tool change is heard (this
 * process's own as it commits): the TTL only bounds staleness while a process has lost the change
 * feed. A count read that began before a drop is returned to its caller but not kept.
 *
 * Bounded, since a client chooses its searches: past MAX_SEARCHES the oldest count makes room, so
 * a script sending endless distinct searches costs their queries but no memory. The whole
 * catalogue's count is kept apart and never makes room.
 */
const TTL_MS = 5_000;
const MAX_SEARCHES = 1_000;
const ALL_TOOLS = '';

interface Count {
  total: number;
  at: number;
}

export class ToolCounts {
  private all: Count | null = null;
  private readonly searches = new Map<string, Count>();
  private generation = 0;

  constructor(
    private readonly ttlMs = TTL_MS,
    private readonly maxSearches = MAX_SEARCHES,
  ) {}

  /** The count under `key` if kept and fresh, else `load()`'s, kept. */
  async count(key: string, load: () => Promise<number>): Promise<number> {
    const hit = key === ALL_TOOLS ? this.all : this.searches.get(key);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.total;
    const startedIn = this.generation;
    const total = await load();
    if (this.generation === startedIn) this.keep(key, { total, at: Date.now() });
    return total;
  }

  dropAll(): void {
    this.generation += 1;
    this.all = null;
    this.searches.clear();
  }

  private keep(key: string, count: Count): void {
    if (key === ALL_TOOLS) {
      this.all = count;
      return;
    }
    this.searches.delete(key); // re-inserted last: the oldest is the first to go
    if (this.searches.size >= this.maxSearches) this.searches.delete(this.searches.keys().next().value!);
    this.searches.set(key, count);
  }
}

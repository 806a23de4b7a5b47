/** How long a notice waits for its second arrival before it is forgotten (the echo takes milliseconds). */
const KEPT_MS = 60_000;
/** Ids waiting at most; past this many the oldest goes (a process committing a thousand changes a second holds ten seconds). */
const KEPT_MAX = 10_000;

/**
 * Notices that arrive exactly twice (a process's own: at its commit and as the database's echo),
 * of which only the first counts. An id is kept from its first arrival until its second, so the
 * set holds only what is in flight. An id whose second arrival never comes (the feed was lost, or
 * a notice sent from a nested transaction, which only echoes) is forgotten after KEPT_MS or when
 * KEPT_MAX newer ones wait; if its echo came after all, it would count again: one more drop of a
 * cache, never one fewer.
 */
export class HeardOnce {
  private readonly waiting = new Map<string, number>();

  constructor(
    private readonly keptMs = KEPT_MS,
    private readonly keptMax = KEPT_MAX,
  ) {}

  /** True the first time `id` arrives, false the second (and then it is forgotten). */
  first(id: string): boolean {
    if (this.waiting.delete(id)) return false;
    const now = Date.now();
    // Map keeps insertion order: the oldest come first.
    for (const [oldest, since] of this.waiting) {
      if (this.waiting.size < this.keptMax && now - since < this.keptMs) break;
      this.waiting.delete(oldest);
    }
    this.waiting.set(id, now);
    return true;
  }

  get size(): number {
    return this.waiting.size;
  }

  clear(): void {
    this.waiting.clear();
  }
}

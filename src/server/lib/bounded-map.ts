/** The most a BoundedMap holds: entries, and bytes as its `sizeOf` counts them. */
export interface MapBounds {
  maxEntries: number;
  maxBytes: number;
}

/**
 * A Map bounded by a count of entries and by bytes: a new entry makes room by dropping the oldest
 * first (a Map keeps insertion order; setting a key again makes it the newest). An entry bigger
 * than the bytes bound on its own is not kept. The catalogue cache's answers and the front
 * cache's replays are both held this way.
 */
export class BoundedMap<V> {
  private readonly entries = new Map<string, V>();
  private heldBytes = 0;

  constructor(
    private readonly bounds: MapBounds,
    private readonly sizeOf: (key: string, value: V) => number,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** Bytes held, as `sizeOf` counts them. */
  get bytes(): number {
    return this.heldBytes;
  }

  get(key: string): V | undefined {
    return this.entries.get(key);
  }

  set(key: string, value: V): void {
    const size = this.sizeOf(key, value);
    if (size > this.bounds.maxBytes) return;
    this.delete(key);
    while (this.entries.size > 0 && (this.entries.size >= this.bounds.maxEntries || this.heldBytes + size > this.bounds.maxBytes)) {
      this.delete(this.entries.keys().next().value!);
    }
    this.entries.set(key, value);
    this.heldBytes += size;
  }

  delete(key: string): void {
    const value = this.entries.get(key);
    if (value === undefined) return;
    this.entries.delete(key);
    this.heldBytes -= this.sizeOf(key, value);
  }

  clear(): void {
    this.entries.clear();
    this.heldBytes = 0;
  }
}

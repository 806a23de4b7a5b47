/**
 * Uploaded photos kept in this process's memory, so that serving one is not a database read of
 * its bytes each time (16 clients fetching photos once took a customer's My Orders from 4 to 72 ms).
 *
 * - Bounded by bytes (least recently served goes first), not by count: photos vary from a few KB to
 *   a couple of MB. A rendition over an eighth of the bound is served but not kept, so one photo
 *   cannot empty the cache.
 * - The bytes under an id never change (a new photo gets a new id), so a kept copy is never wrong,
 *   only possibly deleted. A deletion through images-repository is announced (`photos`), and the
 *   catalogue cache drops every copy here when it is heard (photos are deleted rarely, if ever).
 *   A row deleted by hand (no notice), or while this process has lost the change feed, is caught
 *   by a recheck: a copy older than RECHECK_MS asks the database whether the photo still exists (a
 *   primary-key lookup that reads no bytes) before it is served again, so such a deletion is served
 *   for at most 5 s more. Browsers and shared caches that were given the photo keep it for its
 *   max-age whatever happens here: deleting a photo does not recall copies already handed out.
 * - Concurrent misses for one photo share one read. A read that began before a deletion does not
 *   store what it read (the generation counter), so nothing kept outlives the deletion.
 * - Unknown ids are not kept: they come from clients and would only fill memory.
 */

export const PHOTO_CACHE_MAX_BYTES = 32 * 1024 * 1024;
export const PHOTO_RECHECK_MS = 5_000;
/** What a Map entry and its key cost besides the bytes, roughly; keeps tiny entries from being free. */
const ENTRY_OVERHEAD_BYTES = 256;

export interface CachedPhoto {
  bytes: Buffer;
  /** Strong: the bytes under a key never change. */
  etag: string;
}

export interface PhotoSource {
  /** The rendition's bytes, or null when there is no such photo. */
  load(): Promise<Buffer | null>;
  /** Whether the photo still exists (no bytes read). */
  exists(): Promise<boolean>;
}

interface Entry {
  photo: CachedPhoto;
  checkedAt: number;
  size: number;
}

export class PhotoCache {
  private readonly entries = new Map<string, Entry>();
  private readonly pending = new Map<string, Promise<CachedPhoto | null>>();
  private generation = 0;
  private storedBytes = 0;

  constructor(
    private readonly maxBytes = PHOTO_CACHE_MAX_BYTES,
    private readonly recheckMs = PHOTO_RECHECK_MS,
  ) {}

  get bytes(): number {
    return this.storedBytes;
  }

  get size(): number {
    return this.entries.size;
  }

  /** `key` names one rendition of one photo (`<id>/<size>`); `etag` is what it is served with. */
  read(key: string, etag: string, source: PhotoSource): Promise<CachedPhoto | null> {
    const entry = this.entries.get(key);
    if (entry && Date.now() - entry.checkedAt < this.recheckMs) {
      this.touch(key, entry);
      return Promise.resolve(entry.photo);
    }
    let pending = this.pending.get(key);
    if (!pending) {
      pending = this.refresh(key, etag, entry, source).finally(() => {
        if (this.pending.get(key) === pending) this.pending.delete(key);
      });
      this.pending.set(key, pending);
    }
    return pending;
  }

  /** Drops every rendition, and any read under way (a photo was deleted: the notice does not say which). */
  dropAll(): void {
    this.generation += 1;
    this.entries.clear();
    this.pending.clear();
    this.storedBytes = 0;
  }

  private async refresh(key: string, etag: string, entry: Entry | undefined, source: PhotoSource): Promise<CachedPhoto | null> {
    const generation = this.generation;
    if (entry) {
      const exists = await source.exists();
      if (!exists) {
        this.remove(key);
        return null;
      }
      // A deletion while we asked: the answer stands for this request, which overlapped it, but is not kept.
      if (generation === this.generation && this.entries.get(key) === entry) {
        entry.checkedAt = Date.now();
        this.touch(key, entry);
      }
      return entry.photo;
    }
    const bytes = await source.load();
    if (!bytes) return null;
    const photo = { bytes, etag };
    if (generation === this.generation) this.store(key, photo);
    return photo;
  }

  private store(key: string, photo: CachedPhoto): void {
    const size = photo.bytes.length + ENTRY_OVERHEAD_BYTES;
    if (size > this.maxBytes / 8) return;
    this.remove(key);
    this.entries.set(key, { photo, checkedAt: Date.now(), size });
    this.storedBytes += size;
    // Map keeps insertion order and touch() re-inserts, so the first key is the least recently served.
    while (this.storedBytes > this.maxBytes) this.remove(this.entries.keys().next().value!);
  }

  private touch(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.storedBytes -= entry.size;
  }
}

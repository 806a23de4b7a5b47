import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { BoundedMap } from '../lib/bounded-map';

/** One answer kept as the bytes that go on the wire, so a hit does no query, serialising or compressing. */
export interface CachedResponse {
  /** The JSON body. */
  body: Buffer;
  /** The same body gzipped, when it is worth it (small bodies go as they are). */
  gzipped: Buffer | null;
  /** Weak: the bytes differ with the content encoding, the representation does not. */
  etag: string;
  headers: Record<string, string>;
}

/** What a miss builds: the body (serialised by the route's own serializer) and its headers. */
export interface FreshResponse {
  /** As `reply.serialize()` gives it. */
  json: string | Buffer | ArrayBuffer;
  headers: Record<string, string>;
}

/** Compression below this size costs more than it saves (the same threshold as @fastify/compress here). */
const GZIP_THRESHOLD_BYTES = 1024;

/**
 * Public answers that change only when someone writes (the catalogue, the reviews), kept in this
 * process's memory. Only the catalogue cache (catalogue-cache.ts) makes one, and calls `dropAll()`
 * when a change it touches is heard (lib/change-bus.ts).
 *
 * The generation counter closes the one race a cache like this has: a read that began before a
 * write committed, and finishes after the drop, would otherwise store the old answer for good. It
 * stores only if no drop happened while it read. Concurrent misses for one key share one read,
 * so a burst after a drop costs one query, not one per request.
 *
 * Bounded: keys come from query strings a client chooses, so the oldest entry makes room. The
 * bound is a number of entries and, optionally, of bytes (bodies plus their gzipped copies), for
 * stores whose answers vary much in size; an answer larger than the byte bound is not kept.
 */
export class ResponseCache {
  private readonly entries: BoundedMap<CachedResponse>;
  private readonly inFlight = new Map<string, Promise<CachedResponse>>();
  private generation = 0;

  constructor(maxEntries: number, options: { maxBytes?: number } = {}) {
    this.entries = new BoundedMap({ maxEntries, maxBytes: options.maxBytes ?? Number.POSITIVE_INFINITY }, (_key, entry) => sizeOf(entry));
  }

  dropAll(): void {
    this.generation += 1;
    this.entries.clear();
    this.inFlight.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /** Bytes held: bodies and their gzipped copies. */
  get bytes(): number {
    return this.entries.bytes;
  }

  /** The answer held for `key`, if any: no promise, for the synchronous path of a hit. */
  peek(key: string): CachedResponse | undefined {
    return this.entries.get(key);
  }

  async get(key: string, build: () => Promise<FreshResponse>): Promise<CachedResponse> {
    const hit = this.entries.get(key);
    if (hit) return hit;
    const pending = this.inFlight.get(key);
    if (pending) return pending;

    const startedIn = this.generation;
    const reading = build().then((fresh) => {
      const entry = toCachedResponse(fresh);
      if (this.generation === startedIn) this.entries.set(key, entry);
      return entry;
    });
    this.inFlight.set(key, reading);
    try {
      return await reading;
    } finally {
      if (this.inFlight.get(key) === reading) this.inFlight.delete(key);
    }
  }
}

const sizeOf = (entry: CachedResponse) => entry.body.length + (entry.gzipped?.length ?? 0);

/** An answer as the bytes kept: its body, a gzipped copy when worth it, and a weak ETag. */
export function toCachedResponse({ json, headers }: FreshResponse): CachedResponse {
  const body = typeof json === 'string' ? Buffer.from(json) : Buffer.isBuffer(json) ? json : Buffer.from(json);
  const etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`;
  const gzipped = body.length >= GZIP_THRESHOLD_BYTES ? gzipSync(body) : null;
  return { body, gzipped, etag, headers };
}

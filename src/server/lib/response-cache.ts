import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

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
 * process's memory and dropped by `invalidate()` whenever a change is heard (lib/change-bus.ts).
 *
 * The generation counter closes the one race a cache like this has: a read that began before a
 * write committed, and finishes after the invalidation, would otherwise store the old answer for
 * good. It stores only if no invalidation happened while it read. Concurrent misses for one key
 * share one read, so a burst after an invalidation costs one query, not one per request.
 *
 * Bounded: keys come from query strings a client chooses, so the oldest entry makes room. The
 * bound is a number of entries and, optionally, of bytes (bodies plus their gzipped copies), for
 * stores whose answers vary much in size; an answer larger than the byte bound is not kept.
 */
export class ResponseCache {
  private readonly entries = new Map<string, CachedResponse>();
  private readonly inFlight = new Map<string, Promise<CachedResponse>>();
  private generation = 0;
  private storedBytes = 0;
  private readonly maxBytes: number;

  constructor(
    private readonly maxEntries: number,
    options: { maxBytes?: number } = {},
  ) {
    this.maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
  }

  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
    this.inFlight.clear();
    this.storedBytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Bytes held: bodies and their gzipped copies. */
  get bytes(): number {
    return this.storedBytes;
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
      if (this.generation === startedIn) this.store(key, entry);
      return entry;
    });
    this.inFlight.set(key, reading);
    try {
      return await reading;
    } finally {
      if (this.inFlight.get(key) === reading) this.inFlight.delete(key);
    }
  }

  private store(key: string, entry: CachedResponse): void {
    const size = sizeOf(entry);
    if (size > this.maxBytes) return;
    const replaced = this.entries.get(key);
    if (replaced) {
      this.storedBytes -= sizeOf(replaced);
      this.entries.delete(key);
    }
    while (this.entries.size > 0 && (this.entries.size >= this.maxEntries || this.storedBytes + size > this.maxBytes)) {
      const oldest = this.entries.keys().next().value!;
      this.storedBytes -= sizeOf(this.entries.get(oldest)!);
      this.entries.delete(oldest);
    }
    this.entries.set(key, entry);
    this.storedBytes += size;
  }
}

const sizeOf = (entry: CachedResponse) => entry.body.length + (entry.gzipped?.length ?? 0);

function toCachedResponse({ json, headers }: FreshResponse): CachedResponse {
  const body = typeof json === 'string' ? Buffer.from(json) : Buffer.isBuffer(json) ? json : Buffer.from(json);
  const etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`;
  const gzipped = body.length >= GZIP_THRESHOLD_BYTES ? gzipSync(body) : null;
  return { body, gzipped, etag, headers };
}

/** `If-None-Match` may list several tags, or `*`; weak comparison, as RFC 9110 says for GET. */
function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return header.split(',').some((tag) => opaque(tag) === wanted);
}

/**
 * gzip when the client's Accept-Encoding prefers it to sending the bytes as they are, with its
 * q-values honoured (`gzip;q=0` refuses gzip; `*` covers it). The same negotiator @fastify/compress uses.
 */
const encodings = new Negotiator({ supportedValues: ['gzip', 'identity'] });
const acceptsGzip = (request: FastifyRequest) => {
  const header = request.headers['accept-encoding'];
  return typeof header === 'string' && header !== '' && encodings.negotiate(header) === 'gzip';
};

/**
 * Sends a cached answer: 304 when the client holds it already, else the gzipped bytes when the
 * client takes gzip, else the plain ones. The reply carries its ETag and encoding already, so the
 * ETag and compression plugins leave it alone.
 */
export function sendCached(request: FastifyRequest, reply: FastifyReply, entry: CachedResponse): FastifyReply {
  reply.headers(entry.headers).header('etag', entry.etag).header('vary', 'accept-encoding');
  if (matchesIfNoneMatch(request.headers['if-none-match'], entry.etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  if (entry.gzipped && acceptsGzip(request)) return reply.header('content-encoding', 'gzip').send(entry.gzipped);
  return reply.send(entry.body);
}

/**
 * A route handler's answer from `cache`: a hit is sent at once and the handler returns nothing (a
 * hit is most requests, and this path makes no promise and waits for no microtask); a miss builds
 * the answer and returns the promise of the reply. Handlers using it must not be `async`.
 */
export function answerFromCache(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: ResponseCache,
  key: string,
  build: () => Promise<FreshResponse>,
): Promise<void> | undefined {
  const hit = cache.peek(key);
  if (hit) {
    sendCached(request, reply, hit);
    return undefined;
  }
  // A reply is a thenable that settles once the answer has gone out (as when an async handler
  // returns it), so this promise settles then too, with nothing: the types do not know that.
  return cache.get(key, build).then((entry) => sendCached(request, reply, entry)) as Promise<unknown> as Promise<void>;
}

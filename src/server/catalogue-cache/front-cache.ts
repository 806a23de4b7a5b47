import { createServer, type IncomingMessage, type OutgoingHttpHeaders, type Server, type ServerOptions, type ServerResponse } from 'node:http';
import type { FastifyReply, FastifyServerFactory } from 'fastify';
import type { AnswerStore } from './catalogue-cache';
import type { CachedResponse } from './response-cache';

declare module 'fastify' {
  interface FastifyInstance {
    /** The replays of public reads answered in front of the app (front-cache.ts). */
    frontCache: FrontCache;
  }
}

/** Where an answer kept as bytes lives: it is replayed only while that store still holds that very entry. */
export interface AnswerSource {
  answers: AnswerStore;
  key: string;
}

/** One answer as it went out (status, every header the app's hooks set, the bytes), and what it was made of. */
interface Replay {
  source: AnswerSource;
  entry: CachedResponse;
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

/**
 * Replays kept: one per address and Accept-Encoding a client asked for; the oldest makes room. The
 * bytes bound counts bodies and keys: a replay shares its body with the cache's entry, but keeps it
 * after the cache has dropped that entry, until it is asked for again or makes room.
 */
const DEFAULT_LIMITS = { maxReplays: 512, maxBytes: 16 * 1024 * 1024 };
/** An Accept-Encoding longer than any browser's is answered by the app, never kept as a key. */
const MAX_ACCEPT_ENCODING = 200;
/** Headers Node writes for each response itself (date, connection): never kept with the replay. */
const PER_RESPONSE = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);
/** Headers about one client (its allowance of reads, when to come back): an answer carrying one is never replayed. */
const ABOUT_ONE_CLIENT = /^(?:x-ratelimit-|ratelimit|retry-after$|set-cookie$)/;

/**
 * The store's hottest answers (a catalogue page, a tool, the categories, the reviews, a storefront
 * page: the public reads kept as bytes, catalogue-cache/) replayed in front of the framework
 * (decision 051). The first time the app sends one of them to a plain GET, the answer is kept as
 * it went out, every header its hooks set included; the same request again (same address, same
 * Accept-Encoding) is answered with those bytes straight from Node's request event: no routing, no
 * validation, no hooks. On a shared 2-core machine that per-request work was what kept these reads
 * under 0.7 of a bare server's speed (docs/bench.md, eleventh round).
 *
 * Nothing goes stale: a replay is sent only while the catalogue cache still holds the very entry it
 * was made of, and the cache drops its entries whenever a write touches them, in every process
 * (decision 029). Anything that could make the app answer otherwise goes to the app: a method but
 * GET, a conditional or partial request, a body, an answer but a plain 200 found in the cache (a
 * miss carries the allowance's headers of its client), one with a header about its client (a
 * cookie, an allowance) or varying on more than the encoding; and everything once the app is
 * closing (it answers 503).
 */
export class FrontCache {
  private readonly replays = new Map<string, Replay>();
  private serving = true;
  private heldBytes = 0;
  /** Requests answered from the front, for tests and for the operator's curiosity. */
  hits = 0;

  constructor(private readonly limits: { maxReplays: number; maxBytes: number } = DEFAULT_LIMITS) {}

  get size(): number {
    return this.replays.size;
  }

  /** Bytes held: the replays' bodies and keys. */
  get bytes(): number {
    return this.heldBytes;
  }

  /** Answers `request` from a replay if it can (true); false: the app answers it. */
  answer(request: IncomingMessage, response: ServerResponse): boolean {
    if (!this.serving) return false;
    const key = replayKey(request);
    if (key === null) return false;
    const replay = this.replays.get(key);
    if (replay === undefined) return false;
    if (replay.source.answers.peek(replay.source.key) !== replay.entry) {
      this.forget(key);
      return false;
    }
    this.hits += 1;
    response.writeHead(replay.status, replay.headers);
    response.end(replay.body);
    return true;
  }

  /**
   * Called as the app sends `entry` as `body`: once the answer has gone out, it is kept for the
   * same request if it is plainly that entry's bytes, and no current replay of it is kept already.
   */
  keepOnceSent(reply: FastifyReply, source: AnswerSource, entry: CachedResponse, body: Buffer): void {
    const key = replayKey(reply.request.raw);
    if (key === null || !this.serving) return;
    const kept = this.replays.get(key);
    if (kept !== undefined && kept.entry === entry) return;
    reply.raw.once('finish', () => {
      const headers = replayableHeaders(reply, entry, body);
      if (headers !== null) this.keep(key, { source, entry, status: 200, headers, body });
    });
  }

  /** Stops answering: the app is closing, and answers each request 503 itself. */
  stop(): void {
    this.serving = false;
    this.replays.clear();
    this.heldBytes = 0;
  }

  private keep(key: string, replay: Replay): void {
    const size = sizeOf(key, replay);
    if (size > this.limits.maxBytes) return;
    this.forget(key);
    while (this.replays.size > 0 && (this.replays.size >= this.limits.maxReplays || this.heldBytes + size > this.limits.maxBytes)) {
      this.forget(this.replays.keys().next().value!);
    }
    this.replays.set(key, replay);
    this.heldBytes += size;
  }

  private forget(key: string): void {
    const replay = this.replays.get(key);
    if (replay === undefined) return;
    this.replays.delete(key);
    this.heldBytes -= sizeOf(key, replay);
  }
}

const sizeOf = (key: string, replay: Replay) => key.length + replay.body.length;

/** The request's key among the replays, or null if the app must answer it whatever it holds. */
function replayKey(request: IncomingMessage): string | null {
  if (request.method !== 'GET') return null;
  const h = request.headers;
  if (h['if-none-match'] !== undefined || h['if-modified-since'] !== undefined || h.range !== undefined) return null;
  if (h['content-length'] !== undefined || h['transfer-encoding'] !== undefined) return null;
  const encoding = h['accept-encoding'] ?? '';
  if (encoding.length > MAX_ACCEPT_ENCODING) return null;
  return `${encoding}\n${request.url}`;
}

/** The headers of an answer that went out as the cached entry's bytes, as they went; null if it was anything else. */
function replayableHeaders(reply: FastifyReply, entry: CachedResponse, body: Buffer): OutgoingHttpHeaders | null {
  if (reply.statusCode !== 200) return null;
  const sent = reply.getHeaders();
  const gzipped = body === entry.gzipped;
  if (sent['content-encoding'] !== (gzipped ? 'gzip' : undefined)) return null;
  if (Number(sent['content-length']) !== body.length) return null;
  if (Object.keys(sent).some((name) => ABOUT_ONE_CLIENT.test(name))) return null;
  const vary = sent.vary;
  if (vary !== undefined && String(vary).toLowerCase() !== 'accept-encoding') return null;
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(sent)) if (value !== undefined && !PER_RESPONSE.has(name)) headers[name] = value;
  return headers;
}

/**
 * The app's HTTP server with `front` answering first (Fastify's `serverFactory`). Fastify sets a
 * server's deadlines only on a server it makes itself, so they are set here as it would: a server
 * without them would let slow clients hold their sockets (slow-clients.test.ts).
 */
export function serverWithFrontCache(front: FrontCache): FastifyServerFactory<Server> {
  return (handler, options) => {
    const server = createServer((options.http ?? {}) as ServerOptions, (request, response) => {
      if (!front.answer(request, response)) handler(request, response);
    });
    server.keepAliveTimeout = options.keepAliveTimeout as number;
    server.requestTimeout = options.requestTimeout as number;
    server.setTimeout(options.connectionTimeout as number);
    return server;
  };
}

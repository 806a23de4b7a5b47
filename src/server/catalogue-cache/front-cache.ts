import { createServer, type IncomingMessage, type OutgoingHttpHeaders, type Server, type ServerOptions, type ServerResponse } from 'node:http';
import type { FastifyReply, FastifyServerFactory } from 'fastify';
import { BoundedMap } from '../lib/bounded-map';
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
  answers: Pick<AnswerStore, 'peek'>;
  key: string;
}

/** The source of an answer fixed for the app's life (the "Page not found" page): it always holds it. */
export const fixedSource = (entry: CachedResponse): AnswerSource => ({ answers: { peek: () => entry }, key: '' });

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
const DEFAULT_LIMITS: ReplayLimits = { maxReplays: 512, maxBytes: 16 * 1024 * 1024 };
/**
 * "Page not found" for an address that can be no page, kept per address too (a broken link is
 * asked for again and again), on a shelf of its own: a scanner's endless new addresses churn only
 * this one, never the hot reads above. Its replays share the one page's body.
 */
const NOT_FOUND_LIMITS: ReplayLimits = { maxReplays: 64, maxBytes: 1024 * 1024 };
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
  private readonly hot: ReplayShelf;
  private readonly notFound = replayShelf(NOT_FOUND_LIMITS);
  private serving = true;
  private answered = 0;

  constructor(limits: ReplayLimits = DEFAULT_LIMITS) {
    this.hot = replayShelf(limits);
  }

  /** Requests answered from the front, for tests and for the operator's curiosity. */
  get hits(): number {
    return this.answered;
  }

  /** Replays of the public reads held. */
  get size(): number {
    return this.hot.size;
  }

  /** Bytes the replays of the public reads hold: their bodies and keys. */
  get bytes(): number {
    return this.hot.bytes;
  }

  /** Replays of "Page not found" held, one per unknown address asked for lately. */
  get notFoundSize(): number {
    return this.notFound.size;
  }

  /** Answers `request` from a replay if it can (true); false: the app answers it. */
  answer(request: IncomingMessage, response: ServerResponse): boolean {
    if (!this.serving) return false;
    const key = replayKey(request);
    if (key === null) return false;
    return this.replayFrom(this.hot, key, response) || this.replayFrom(this.notFound, key, response);
  }

  /**
   * Called as the app sends `entry`, a hit of the catalogue cache, as `body`: once the answer has
   * gone out, it is kept for the same request if it is plainly that entry's bytes with 200, and no
   * current replay of it is kept already.
   */
  keepOnceSent(reply: FastifyReply, source: AnswerSource, entry: CachedResponse, body: Buffer): void {
    this.keepOnce(this.hot, reply, { source, entry, status: 200 }, body);
  }

  /**
   * Called as the app sends "Page not found" (`page`, fixed for its life) as `body`, with 404, for
   * an address that can be no page whatever the catalogue holds: kept as keepOnceSent keeps a read.
   */
  keepNotFoundOnceSent(reply: FastifyReply, page: CachedResponse, body: Buffer): void {
    this.keepOnce(this.notFound, reply, { source: fixedSource(page), entry: page, status: 404 }, body);
  }

  /** Stops answering: the app is closing, and answers each request 503 itself. */
  stop(): void {
    this.serving = false;
    this.hot.clear();
    this.notFound.clear();
  }

  private replayFrom(shelf: ReplayShelf, key: string, response: ServerResponse): boolean {
    const replay = shelf.get(key);
    if (replay === undefined) return false;
    if (replay.source.answers.peek(replay.source.key) !== replay.entry) {
      shelf.delete(key);
      return false;
    }
    this.answered += 1;
    response.writeHead(replay.status, replay.headers);
    response.end(replay.body);
    return true;
  }

  private keepOnce(shelf: ReplayShelf, reply: FastifyReply, what: Pick<Replay, 'source' | 'entry' | 'status'>, body: Buffer): void {
    const key = replayKey(reply.request.raw);
    if (key === null || !this.serving) return;
    if (shelf.get(key)?.entry === what.entry) return;
    reply.raw.once('finish', () => {
      const headers = replayableHeaders(reply, what.entry, body, what.status);
      if (headers !== null && this.serving) shelf.set(key, { ...what, headers, body });
    });
  }
}

interface ReplayLimits {
  maxReplays: number;
  maxBytes: number;
}

/** Replays by key, bounded in count and in bytes of bodies and keys; the oldest makes room. */
type ReplayShelf = BoundedMap<Replay>;
const replayShelf = ({ maxReplays, maxBytes }: ReplayLimits): ReplayShelf =>
  new BoundedMap<Replay>({ maxEntries: maxReplays, maxBytes }, (key, replay) => key.length + replay.body.length);

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

/** The headers of an answer that went out as the cached entry's bytes with `status`, as they went; null if it was anything else. */
function replayableHeaders(reply: FastifyReply, entry: CachedResponse, body: Buffer, status: number): OutgoingHttpHeaders | null {
  if (reply.statusCode !== status) return null;
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

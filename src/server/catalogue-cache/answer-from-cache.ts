import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { ignoreValidators } from '../lib/ignore-validators';
import type { AnswerStore } from './catalogue-cache';
import type { AnswerSource } from './front-cache';
import type { CachedResponse, FreshResponse } from './response-cache';

/** An answer made into the bytes a cache keeps, for one that is fixed at start (no cache, no drops). */
export { toCachedResponse } from './response-cache';

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
 * ETag and compression plugins leave it alone. A hit (`source`: where it was found) is kept as it
 * goes out, for the same request again, in front of the app (front-cache.ts), for as long as
 * `source` holds `entry`.
 */
function sendCached(request: FastifyRequest, reply: FastifyReply, entry: CachedResponse, source: AnswerSource | null): FastifyReply {
  withEntryHeaders(reply, entry);
  if (matchesIfNoneMatch(request.headers['if-none-match'], entry.etag)) return reply.code(304).send();
  const body = bodyFor(request, reply, entry);
  if (source) request.server.frontCache.keepOnceSent(reply, source, entry, body);
  return reply.send(body);
}

/**
 * Sends an answer kept as bytes with an error status (the storefront's "Page not found"), never
 * as "not modified": @fastify/etag would answer 304 to a client holding its ETag, and 304 stands
 * for a 200 (RFC 9110 15.4.5), so the validator is dropped (lib/ignore-validators.ts).
 */
export function sendCachedError(request: FastifyRequest, reply: FastifyReply, entry: CachedResponse, status: number): FastifyReply {
  ignoreValidators(request);
  withEntryHeaders(reply.code(status), entry);
  return reply.send(bodyFor(request, reply, entry));
}

/**
 * Sends "Page not found" (`page`, fixed for the app's life) with 404 for an address that can be no
 * page whatever the catalogue holds (its path alone says so), and keeps it as it goes out, for the
 * same request again, in front of the app (front-cache.ts). Not for an address that names no tool
 * *yet*: the owner may add one there, and its page must then be found.
 */
export function sendUnknownAddressPage(request: FastifyRequest, reply: FastifyReply, page: CachedResponse): FastifyReply {
  ignoreValidators(request);
  withEntryHeaders(reply.code(404), page);
  const body = bodyFor(request, reply, page);
  request.server.frontCache.keepNotFoundOnceSent(reply, page, body);
  return reply.send(body);
}

function withEntryHeaders(reply: FastifyReply, entry: CachedResponse): FastifyReply {
  return reply.headers(entry.headers).header('etag', entry.etag).header('vary', 'accept-encoding');
}

/** The bytes to send (gzipped or plain, as the client takes them), with their type and encoding set on the reply. */
function bodyFor(request: FastifyRequest, reply: FastifyReply, entry: CachedResponse): Buffer {
  // JSON unless the answer says otherwise (a tool page is HTML).
  if (entry.headers['content-type'] === undefined) reply.type('application/json; charset=utf-8');
  if (entry.gzipped && acceptsGzip(request)) {
    reply.header('content-encoding', 'gzip');
    return entry.gzipped;
  }
  return entry.body;
}

/**
 * A route handler's answer from `answers` (one of app.catalogueCache's stores): a hit is sent at once and the handler returns nothing (a
 * hit is most requests, and this path makes no promise and waits for no microtask); a miss builds
 * the answer and returns the promise of the reply. Handlers using it must not be `async`.
 */
export function answerFromCache(
  request: FastifyRequest,
  reply: FastifyReply,
  answers: AnswerStore,
  key: string,
  build: () => Promise<FreshResponse>,
): Promise<void> | undefined {
  const hit = answers.peek(key);
  if (hit) {
    sendCached(request, reply, hit, { answers, key });
    return undefined;
  }
  // A reply is a thenable that settles once the answer has gone out (as when an async handler
  // returns it), so this promise settles then too, with nothing: the types do not know that.
  // Not kept in front: a miss's answer may carry what only its request had (the allowance's headers).
  return answers.get(key, build).then((entry) => sendCached(request, reply, entry, null)) as Promise<unknown> as Promise<void>;
}

/**
 * A preHandler that sends a hit at once, before the route's later hooks (its allowance, which
 * counts only reads that cost a query) and its handler; a miss goes on to them. Where the answer
 * would be kept is `where`'s to say; it may throw to refuse the request (the error handler answers
 * it, and the allowance never sees it). A hit costs the allowance nothing: no promise, no count, no
 * key (decision 014).
 */
export function answerHitsFirst(where: (request: FastifyRequest) => { answers: AnswerStore; key: string }): preHandlerHookHandler {
  return function answerHit(request, reply, done) {
    const { answers, key } = where(request);
    const hit = answers.peek(key);
    // A hook that answers does not call `done`: Fastify runs no later hook and no handler.
    if (hit) sendCached(request, reply, hit, { answers, key });
    else done();
  };
}

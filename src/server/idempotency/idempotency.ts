import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { IDEMPOTENCY_KEY_HEADER } from '../../shared';
import type { AppDatabase, AppTransaction } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { TransportError } from '../lib/transport-error';

/**
 * Retries made safe (IETF draft "The Idempotency-Key HTTP Header Field"; Stripe works the same
 * way). A client sends a key of its choosing with a request that creates something; the same key
 * from the same customer, with the same request, gets the first answer again instead of a second
 * order. Keys are per customer, so one customer's keys never meet another's.
 */

/** Visible ASCII, as a header value can carry it unchanged; UUIDs and Stripe-style keys fit. */
const KEY_PATTERN = /^[\x21-\x7E]{1,255}$/;

/** The request's key, or null when it sent none (a request without a key is simply done). */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const header = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (header === undefined) return null;
  if (typeof header !== 'string' || !KEY_PATTERN.test(header)) {
    throw new TransportError('IDEMPOTENCY_KEY_INVALID', {}, { field: 'Idempotency-Key' });
  }
  return header;
}

/** JSON with its object keys sorted, so the same body always hashes the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries.sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Which call and which body a key was used with: the same key with another is refused (422). */
export const fingerprintOf = (call: string, body: unknown) => createHash('sha256').update(`${call}\n${canonicalJson(body)}`).digest('base64url');

export interface KeyedRequest {
  userId: string;
  key: string;
  fingerprint: string;
}

export interface StoredAnswer<T> {
  statusCode: number;
  body: T;
}

const keyOf = (request: KeyedRequest) => and(eq(idempotencyKeys.userId, request.userId), eq(idempotencyKeys.key, request.key));

/** The answer stored under the request's key, or null; 422 when the key was used for another request. */
async function storedAnswer<T>(db: AppDatabase | AppTransaction, request: KeyedRequest): Promise<StoredAnswer<T> | null> {
  const [earlier] = await db.select().from(idempotencyKeys).where(keyOf(request));
  if (!earlier) return null;
  if (earlier.fingerprint !== request.fingerprint) throw new TransportError('IDEMPOTENCY_KEY_REUSED', {}, { field: 'Idempotency-Key' });
  return { statusCode: earlier.statusCode, body: earlier.response as T };
}

/**
 * Does `work` once per key, inside the caller's transaction, and answers what it answered. The key
 * is claimed first, in that transaction: a second request with the same key that arrives while the
 * first is still at work waits on the claim (PostgreSQL's unique index) until the first commits,
 * then reads its answer; if the first fails and rolls back, the key was never used and the second
 * does the work itself. So the key's row and what the work created commit together or not at all,
 * on one process or many. Without a key (`request` null) the work is simply done.
 */
export async function onceForKey<T>(
  tx: AppTransaction,
  request: KeyedRequest | null,
  work: () => Promise<StoredAnswer<T>>,
): Promise<StoredAnswer<T>> {
  if (!request) return work();
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({ userId: request.userId, key: request.key, fingerprint: request.fingerprint, statusCode: 0, response: {} })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (claimed.length === 0) {
    const earlier = await storedAnswer<T>(tx, request);
    if (!earlier) throw new Error('idempotency key vanished between its conflict and its read');
    return earlier;
  }
  const answer = await work();
  await tx.update(idempotencyKeys).set({ statusCode: answer.statusCode, response: answer.body as object }).where(keyOf(request));
  return answer;
}

/**
 * The same promise for work that is idempotent by itself and talks to a payment provider (creating
 * a payment intent for an order: the provider's own idempotency key gives every request for the
 * same order and amount the same intent). No transaction is held open across the provider's call
 * (on the embedded database that would stall every other request): the key's first answer is
 * stored after the work, and a request that finds it stored gets it back without working again.
 * Two requests with one key at once both reach the provider, which gives both the same intent.
 */
export async function rememberAnswer<T>(
  db: AppDatabase,
  request: KeyedRequest | null,
  work: () => Promise<StoredAnswer<T>>,
): Promise<StoredAnswer<T>> {
  if (!request) return work();
  const earlier = await storedAnswer<T>(db, request);
  if (earlier) return earlier;
  const answer = await work();
  await db
    .insert(idempotencyKeys)
    .values({ userId: request.userId, key: request.key, fingerprint: request.fingerprint, statusCode: answer.statusCode, response: answer.body as object })
    .onConflictDoNothing();
  return (await storedAnswer<T>(db, request)) ?? answer;
}

/** How long a key is remembered: a retry comes within minutes; a day is Stripe's figure. */
export const IDEMPOTENCY_KEY_LIFETIME_HOURS = 24;

/** Forgets keys older than their lifetime (run by the periodic order sweep). */
export async function forgetOldKeys(db: AppDatabase): Promise<number> {
  const gone = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_KEY_LIFETIME_HOURS})`))
    .returning({ key: idempotencyKeys.key });
  return gone.length;
}

/**
 * A fresh Idempotency-Key for one submit: the server does a request that carries the same key only
 * once, so a retry after a lost answer (or a second click) cannot place a second order.
 * `crypto.randomUUID` exists only on secure pages (https, localhost); a store reached over plain
 * http on a LAN address still gets 128 random bits from `getRandomValues`.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

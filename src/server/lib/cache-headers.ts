import type { FastifyReply } from 'fastify';

/**
 * The catalogue changes rarely but stock must never look stale to a buyer: browsers revalidate
 * every time (cheap, thanks to the ETag), while a shared cache or CDN in front of several app
 * processes may serve it for a few seconds.
 */
export const CATALOGUE_CACHE_CONTROL = 'public, max-age=0, must-revalidate, s-maxage=10, stale-while-revalidate=30';

/** Public lists that must show a change at once (a new review on the home page): revalidate every time. */
export const REVALIDATE_CACHE_CONTROL = 'no-cache';

/** Per-user or frequently changing answers. */
export function setNoStore(reply: FastifyReply) {
  reply.header('cache-control', 'no-store');
}

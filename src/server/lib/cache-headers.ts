import type { FastifyReply } from 'fastify';

/**
 * The catalogue changes rarely but stock must never look stale to a buyer: browsers revalidate
 * every time (cheap, thanks to the ETag), while a shared cache or CDN in front of several app
 * processes may serve it for a few seconds.
 */
export function setCatalogueCaching(reply: FastifyReply) {
  reply.header('cache-control', 'public, max-age=0, must-revalidate, s-maxage=10, stale-while-revalidate=30');
}

/** Per-user or frequently changing answers. */
export function setNoStore(reply: FastifyReply) {
  reply.header('cache-control', 'no-store');
}

import { createHash } from 'node:crypto';

/**
 * The ETag @fastify/etag gives a body (its defaults, which plugins/security.ts keeps: SHA-1,
 * base64, strong), for an answer sent unchanged again and again (a 404) and so worked out once
 * rather than hashed per request. The plugin leaves an answer that has its ETag alone, but for
 * answering a matching If-None-Match with 304 as before (lib/etag.test.ts holds it to the plugin's).
 */
export const etagOf = (body: string | Buffer): string => `"${createHash('sha1').update(body).digest('base64')}"`;

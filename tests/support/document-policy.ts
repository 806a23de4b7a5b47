import type { FastifyInstance } from 'fastify';

/**
 * The content security policy the store sends with its pages. Only documents carry it (JSON does
 * not: plugins/security.ts); the API reference page is a document every configuration serves,
 * the built web app or not, under the same policy as the web app.
 */
export async function documentPolicy(app: FastifyInstance): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/api/docs/' });
  if (!String(res.headers['content-type']).startsWith('text/html')) throw new Error(`/api/docs/ answered ${res.headers['content-type']}, not a page`);
  return String(res.headers['content-security-policy']);
}

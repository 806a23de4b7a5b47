import type { FastifyInstance, HTTPMethods } from 'fastify';
import fp from 'fastify-plugin';
import FindMyWay from 'find-my-way';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route that answers every path no other route does (404, or 405): not a route of its own here. */
    catchAll?: boolean;
  }
  interface FastifyInstance {
    /** The methods some route answers at `path` (a concrete path, no query): what a 405's Allow lists. */
    allowedMethodsAt(path: string): string[];
  }
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/**
 * Remembers every route's path and method in a router of its own (find-my-way, the one Fastify
 * routes with, so paths match exactly as they do for real), so that a request for a known path
 * with a method it does not take can be answered 405 with `Allow` instead of 404. Fastify keeps
 * no public way to ask which methods a concrete path has. Registered before any route; it learns
 * the routes under `prefix` only.
 */
async function allowedMethodsPlugin(app: FastifyInstance, opts: { prefix: string }) {
  const router = FindMyWay({ ignoreTrailingSlash: false });
  const noop = () => undefined;
  app.addHook('onRoute', (route) => {
    // Only the API's own routes: the web app's file lookup (`/*`, GET) answers every other path.
    if (route.config?.catchAll || !route.url.startsWith(`${opts.prefix}/`)) return;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]) as HTTPMethods[];
    for (const method of methods) {
      const upper = method.toUpperCase();
      if (!(METHODS as readonly string[]).includes(upper)) continue;
      try {
        router.on(upper as (typeof METHODS)[number], route.url, noop);
      } catch {
        // Already known (Fastify adds a HEAD twin of each GET, and the same path may be routed twice).
      }
    }
  });
  app.decorate('allowedMethodsAt', (path: string) => METHODS.filter((method) => router.find(method, path) !== null));
}

export default fp(allowedMethodsPlugin, { name: 'allowed-methods' });

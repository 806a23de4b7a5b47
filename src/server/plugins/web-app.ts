import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';
import { isAppPath } from '../../shared';
import { TransportError } from '../lib/transport-error';

/**
 * Serves the built SPA's files. Hashed files under /assets are cached for a year. Any other GET
 * that wants a page (history fallback) is answered by `pages` (the storefront's pages: the built
 * index.html with the page's own head, 200 for a page of the app, src/shared/routes.ts, and 404
 * otherwise, where the app shows its "Page not found"), or, without it, with index.html as it is.
 * /api paths never are.
 */
async function webAppPlugin(
  app: FastifyInstance,
  opts: { distDir: string | null; pages?: ((request: FastifyRequest, reply: FastifyReply) => unknown) | undefined },
) {
  const distDir = opts.distDir;
  const hasBuild = distDir !== null && existsSync(path.join(distDir, 'index.html'));
  if (hasBuild) {
    // A page's address is answered at once rather than after the static plugin's file lookup
    // (a directory read and several stats per request, which found nothing and went on to the
    // not-found handler: an unknown page ran at 0.16 of the bench's ceiling, docs/bench.md).
    const isPageOnly = pageOnlyAddresses(distDir);
    let fileLookupFound = false;
    app.addHook('onRoute', (route) => {
      if (fileLookupFound || route.url !== '/*') return;
      fileLookupFound = true;
      const lookUpFile = route.handler as RouteHandlerMethod;
      route.handler = function pageOrFile(request, reply) {
        const pathname = request.url.split('?')[0] ?? '';
        if (isPageOnly(pathname)) return answerPage(request, reply, pathname);
        return lookUpFile.call(this, request, reply);
      };
    });
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      index: false,
      // The build writes a Brotli (quality 11) twin of each script, style, SVG and page
      // (vite.config.ts): sent as it is to browsers that take br, smaller than compressing on the fly.
      preCompressed: true,
      setHeaders(reply, filePath) {
        reply.header('cache-control', cacheControlFor(filePath));
      },
    });
    // The static plugin answers every path but /api's through one wildcard route; if a new
    // version stops doing so, pages would still be answered, but slowly: say so at once.
    if (!fileLookupFound) throw new Error("@fastify/static registered no '/*' route: plugins/web-app.ts can no longer answer pages before its file lookup");
  } else {
    app.log.warn({ distDir }, 'web app is not built: only the API is served (run npm run build)');
  }

  const sendIndex = (reply: FastifyReply) => {
    reply.header('cache-control', 'no-cache');
    return reply.type('text/html').sendFile('index.html');
  };
  // The same page, as the answer to an unknown address. No validators and no ranges: a browser
  // revalidating it with the page's ETag would otherwise get the 404 status with an empty body
  // (the file's 304, which @fastify/static turns into our status), or a part of the page.
  const sendIndexAsNotFound = (reply: FastifyReply) => {
    reply.code(404).header('cache-control', 'no-cache');
    return reply.type('text/html').sendFile('index.html', { etag: false, lastModified: false, acceptRanges: false });
  };
  // The static plugin answers a folder (here: the root) with 403, so `/` is routed explicitly
  // (by the storefront when it answers the pages).
  if (hasBuild && !opts.pages) app.get('/', (_request, reply) => sendIndex(reply));

  function answerPage(request: FastifyRequest, reply: FastifyReply, pathname: string) {
    if (opts.pages) return opts.pages(request, reply);
    return isAppPath(pathname) ? sendIndex(reply) : sendIndexAsNotFound(reply);
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !path.extname(pathname);
    if (!isApi && wantsPage && hasBuild) return answerPage(request, reply, pathname);
    throw new TransportError('NOT_FOUND');
  });
}

/** Plain segments of letters, digits, `-` and `_`: no dot (so no extension, no `..`), no `%`, no empty segment, no trailing slash. */
const PLAIN_PATH = /^(?:\/[A-Za-z0-9_-]+)+$/;

/**
 * Whether a GET or HEAD of `pathname` can only be a page: a plain path (no extension, nothing the
 * static plugin would refuse as a path) whose first segment names nothing in the build's folder,
 * in any case (a case-insensitive disk would find `/ASSETS`). For such a path the static plugin's
 * lookup finds no file and hands the request to the not-found handler, which answers the page;
 * any other path still goes through the lookup. The build's folder does not change while the
 * store runs (a new build is a new deploy).
 */
function pageOnlyAddresses(distDir: string): (pathname: string) => boolean {
  const builtNames = new Set(readdirSync(distDir).map((name) => name.toLowerCase()));
  return (pathname) => {
    if (!PLAIN_PATH.test(pathname)) return false;
    const end = pathname.indexOf('/', 1);
    const first = (end === -1 ? pathname.slice(1) : pathname.slice(1, end)).toLowerCase();
    return first !== 'api' && !builtNames.has(first);
  };
}

function cacheControlFor(filePath: string): string {
  // A browser that takes Brotli is sent the build's twin (index.html.br): the same page.
  if (path.basename(filePath).replace(/\.(br|gz)$/, '') === 'index.html') return 'no-cache';
  // Vite puts content-hashed files under assets/: a new build gives new names.
  if (filePath.includes(`${path.sep}assets${path.sep}`)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

export default fp(webAppPlugin, { name: 'web-app' });

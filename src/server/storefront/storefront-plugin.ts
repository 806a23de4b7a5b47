import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { categoryHead, PAGE_HEADS } from '../../shared/page-heads';
import { APP_ROUTES, fillRoute } from '../../shared/routes';
import { SERVER_DATA_ELEMENT_ID, type ToolPageData } from '../../shared/server-rendering';
import { isUuid, SLUG_MAX, SLUG_PATTERN } from '../../shared';
import { answerFromCache, sendCachedError, sendUnknownAddressPage, toCachedResponse } from '../catalogue-cache/answer-from-cache';
import { listCategories } from '../catalogue/categories-repository';
import { lookUpTool } from '../catalogue/tool-detail';
import { CATALOGUE_CACHE_CONTROL, REVALIDATE_CACHE_CONTROL } from '../lib/cache-headers';
import { CACHED_READ_ROUTE } from '../lib/cached-read-route';
import { headTags, jsonForScript } from './head-tags';
import { isOurTools, pageForPath } from './page-for-path';
import { PageShell } from './page-shell';
import { relatedToolsOf } from './related-tools';
import { absoluteUrl, toolPageHead } from './tool-page-head';
import { loadToolPageRenderer } from './tool-page-renderer';

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers a request for any page of the app but a tool's: the built app with the page's own head. */
    sendStorefrontPage(request: FastifyRequest, reply: FastifyReply): Promise<unknown> | unknown;
  }
}

export interface StorefrontOptions {
  /** The built web app (dist/web); its index.html is every page's template. */
  distDir: string;
  /** PUBLIC_URL's origin: canonical links and social previews are absolute on it. */
  publicUrl: string;
}

const HTML = 'text/html; charset=utf-8';

/** Thrown out of a tool page's cached read: answered 301 (a renamed tool, or a link by id) or 404. */
class ToolPageElsewhere extends Error {
  constructor(readonly slug: string | null) {
    super(slug === null ? 'no such tool' : `the tool's page is /tools/${slug}`);
  }
}

/**
 * The storefront's pages as the server sends them (decision 040). Every page is the built app's
 * index.html with a head of its own (shared/page-heads.ts: title, description, `noindex` for one
 * person's pages, a canonical link for public ones). A tool's page (/tools/{slug}) holds more: its
 * Open Graph, Twitter and JSON-LD tags, and its body rendered by the web app's own components, so
 * a crawler, a link preview or a visitor before any script runs reads the tool. Pages are kept in
 * memory as ready bytes (the catalogue cache's `pages`, dropped when a tool, a category or stock
 * changes), as the catalogue's answers are.
 */
async function storefrontPlugin(app: FastifyInstance, opts: StorefrontOptions) {
  const shell = PageShell.fromBuild(opts.distDir);
  const renderer = await loadToolPageRenderer(opts.distDir);
  if (!renderer) app.log.warn({ distDir: opts.distDir }, 'the build has no server renderer: tool pages are sent with their head only (run npm run build)');
  const { pages, toolCounts } = app.catalogueCache;
  const canonical = (path: string) => absoluteUrl(opts.publicUrl, path);

  async function toolPageHtml(slug: string): Promise<string> {
    const found = await lookUpTool(app.db, slug);
    if (!found) throw new ToolPageElsewhere(null);
    if ('movedTo' in found) throw new ToolPageElsewhere(found.movedTo);
    const tool = found.found;
    // Asked for by id, or in another case: the page has one address.
    if (tool.slug !== slug) throw new ToolPageElsewhere(tool.slug);
    const data: ToolPageData = { tool, related: await relatedToolsOf(app.db, toolCounts, tool) };
    const path = fillRoute(APP_ROUTES.toolPage, tool.slug);
    const { preloads, body } = splitPreloads(renderer ? await renderer.renderToolPage(path, data) : '');
    return shell.render({
      head: `${toolPageHead(opts.publicUrl, tool)}\n    ${preloads}`,
      body,
      afterBody: `<script type="application/json" id="${SERVER_DATA_ELEMENT_ID}">${jsonForScript(data)}</script>`,
    });
  }

  // The same page for every unknown address, kept as bytes (gzipped, ETag) worked out once: its
  // route has no compression hook (lib/cached-read-route.ts), and nothing is hashed per request.
  const notFoundPage = toCachedResponse({
    json: shell.render({ head: headTags(PAGE_HEADS.notFound) }),
    headers: { 'content-type': HTML, 'cache-control': 'no-cache' },
  });
  // An unknown tool may be added later at its address: that answer is never kept in front.
  const sendNotFound = (request: FastifyRequest, reply: FastifyReply) => sendCachedError(request, reply, notFoundPage, 404);
  // An address that can be no page, by its path alone whatever the catalogue holds: kept in front (front-cache.ts).
  const sendNoSuchPage = (request: FastifyRequest, reply: FastifyReply) => sendUnknownAddressPage(request, reply, notFoundPage);

  // A scope of its own: its error handler (a moved or unknown tool) applies to this route only.
  await app.register(async (tools) => {
    tools.setErrorHandler((error, request, reply) => {
      if (!(error instanceof ToolPageElsewhere)) throw error;
      if (error.slug === null) return sendNotFound(request, reply);
      return reply.code(301).header('location', fillRoute(APP_ROUTES.toolPage, error.slug)).header('cache-control', CATALOGUE_CACHE_CONTROL).send();
    });
    tools.get<{ Params: { slug: string } }>('/tools/:slug', { ...CACHED_READ_ROUTE, schema: { hide: true } }, (request, reply) => {
      const { slug } = request.params;
      if (!isUuid(slug) && !(slug.length <= SLUG_MAX && SLUG_PATTERN.test(slug))) return sendNoSuchPage(request, reply);
      return answerFromCache(request, reply, pages, `tool:${slug}`, async () => ({
        json: await toolPageHtml(slug),
        headers: { 'content-type': HTML, 'cache-control': CATALOGUE_CACHE_CONTROL },
      }));
    });
  });

  /** Our Tools narrowed to a category that exists: its name and count in the head, its own canonical address. */
  async function categoryPageHtml(slug: string): Promise<string | null> {
    const category = (await listCategories(app.db)).find((c) => c.slug === slug);
    if (!category) return null;
    const path = `${APP_ROUTES.ourTools}?category=${encodeURIComponent(category.slug)}`;
    return shell.render({ head: headTags(categoryHead(category.name, category.toolCount), { canonical: canonical(path) }) });
  }

  app.decorate('sendStorefrontPage', (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, 'http://store.invalid');
    const category = url.searchParams.get('category');
    if (category !== null && isOurTools(url.pathname) && SLUG_PATTERN.test(category) && category.length <= SLUG_MAX) {
      return answerFromCache(request, reply, pages, `category:${category}`, async () => ({
        // An unknown category's view is Our Tools (the page shows every tool).
        json: (await categoryPageHtml(category)) ?? shell.render({ head: headTags(PAGE_HEADS.ourTools, { canonical: canonical(APP_ROUTES.ourTools) }) }),
        headers: { 'content-type': HTML, 'cache-control': REVALIDATE_CACHE_CONTROL },
      }));
    }
    const page = pageForPath(url.pathname);
    if (page.status === 404) return sendNoSuchPage(request, reply);
    return answerFromCache(request, reply, pages, page.key, async () => ({
      json: shell.render({ head: headTags(page.head, page.canonicalPath ? { canonical: canonical(page.canonicalPath) } : {}) }),
      // A new deploy's index.html names new scripts: the browser asks each time (cheap, by ETag).
      headers: { 'content-type': HTML, 'cache-control': REVALIDATE_CACHE_CONTROL },
    }));
  });

  // The static plugin answers a folder (here: the root) with 403, so `/` is routed explicitly.
  app.get('/', { ...CACHED_READ_ROUTE, schema: { hide: true } }, (request, reply) => app.sendStorefrontPage(request, reply));
}

/**
 * React's renderToString puts the preloads it chose (the images drawn first: the main photo, the
 * logo) before the markup; they belong in the head, where the browser starts them first.
 */
const LEADING_PRELOADS = /^(?:<link [^>]*>)+/;
function splitPreloads(rendered: string): { preloads: string; body: string } {
  const preloads = LEADING_PRELOADS.exec(rendered)?.[0] ?? '';
  return { preloads, body: rendered.slice(preloads.length) };
}

export default fp(storefrontPlugin, { name: 'storefront', dependencies: ['catalogue-cache'] });

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TransportError } from '../lib/transport-error';
import { robotsTxt, SITEMAP_PATH } from './robots';
import { sitemapFile, sitemapFileCount, SITEMAP_URLS_PER_FILE } from './sitemap-plan';
import { sitemapCounts, type SitemapSummary } from './sitemap-repository';
import { SEO_CACHE_CONTROL, sendSitemap, sendSitemapIndex, sitemapItems, XML } from './sitemap-xml';

export interface SeoOptions {
  /** The store's public origin (PUBLIC_URL): every address in robots.txt and the sitemaps is absolute on it. */
  publicUrl: string;
  /** Addresses per sitemap file before /sitemap.xml becomes an index (sitemaps.org: at most 50,000). Tests pass a small one. */
  urlsPerFile?: number;
}

/** /sitemap-1.xml, /sitemap-2.xml ...: the files of an index. */
const childPath = (n: number) => `/sitemap-${n}.xml`;

/**
 * A crawler reads these a few times a day; a client asking more than this a minute is not one, and
 * each sitemap is a walk through the whole catalogue.
 */
const SITEMAP_RATE_LIMIT = { max: 60, timeWindow: '1 minute' };

/**
 * What search engines read at the site's root (issue 24 §3): robots.txt, and the sitemap of home,
 * Our Tools, each category and every tool page, streamed from the database. Past `urlsPerFile`
 * addresses, /sitemap.xml is an index of /sitemap-N.xml files (sitemap-plan.ts). Encapsulated, and
 * its routes are at the root only: nothing here touches /api.
 */
export async function seoPlugin(app: FastifyInstance, opts: SeoOptions) {
  const perFile = opts.urlsPerFile ?? SITEMAP_URLS_PER_FILE;
  if (!Number.isInteger(perFile) || perFile < 1 || perFile > SITEMAP_URLS_PER_FILE) {
    throw new Error(`urlsPerFile must be a whole number from 1 to ${SITEMAP_URLS_PER_FILE}`);
  }
  const { publicUrl } = opts;

  app.get('/robots.txt', async (_request, reply) =>
    reply.header('content-type', 'text/plain; charset=utf-8').header('cache-control', SEO_CACHE_CONTROL).send(robotsTxt(publicUrl)),
  );

  /** Sends file `n` of the sitemap (1 when it is not an index); 404 when there is no such file. */
  function sendFile(request: FastifyRequest, reply: FastifyReply, counts: SitemapSummary, n: number) {
    const file = sitemapFile(counts, perFile, n);
    if (!file) throw new TransportError('NOT_FOUND');
    // A HEAD would otherwise read the whole file only for Fastify to drop it.
    if (request.method === 'HEAD') return reply.header('content-type', XML).header('cache-control', SEO_CACHE_CONTROL).send();
    return sendSitemap(reply, publicUrl, sitemapItems(app.db, file, counts.newestToolChange));
  }

  app.get(SITEMAP_PATH, { config: { rateLimit: SITEMAP_RATE_LIMIT } }, async (request, reply) => {
    const counts = await sitemapCounts(app.db);
    const files = sitemapFileCount(counts, perFile);
    if (files === 1) return sendFile(request, reply, counts, 1);
    return sendSitemapIndex(reply, Array.from({ length: files }, (_, i) => `${publicUrl}${childPath(i + 1)}`));
  });

  // Files exist only while the sitemap is an index; "01" or "1e3" is no file's name.
  app.get<{ Params: { n: string } }>('/sitemap-:n(^[1-9]\\d{0,8}).xml', { config: { rateLimit: SITEMAP_RATE_LIMIT } }, async (request, reply) => {
    const counts = await sitemapCounts(app.db);
    if (sitemapFileCount(counts, perFile) === 1) throw new TransportError('NOT_FOUND');
    return sendFile(request, reply, counts, Number(request.params.n));
  });
}

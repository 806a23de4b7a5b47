import { pipeline, Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { ErrorLevel, SitemapIndexStream, SitemapStream, type IndexItem, type SitemapItemLoose } from 'sitemap';
import { APP_ROUTES, fillRoute } from '../../shared';
import type { AppDatabase } from '../db/client';
import { TransportError } from '../lib/transport-error';
import type { FixedPage, SitemapFile } from './sitemap-plan';
import { sitemapRows } from './sitemap-repository';

/** Only the sitemaps.org namespace: no news, video, image or xhtml entries are written. */
const PLAIN_XMLNS = { news: false, video: false, image: false, xhtml: false };
/** A crawler fetches these a few times a day; an hour of caching spares the database a re-read for each. */
export const SEO_CACHE_CONTROL = 'public, max-age=3600';
export const XML = 'application/xml; charset=utf-8';

const FIXED_PATHS: Record<FixedPage, string> = {
  home: APP_ROUTES.home,
  ourTools: APP_ROUTES.ourTools,
  aboutUs: APP_ROUTES.aboutUs,
  contactUs: APP_ROUTES.contactUs,
  terms: APP_ROUTES.terms,
  privacy: APP_ROUTES.privacy,
  returns: APP_ROUTES.returns,
  imprint: APP_ROUTES.imprint,
};
/** The pages that list the catalogue change with its newest tool; the others say no lastmod (their texts change rarely, and are not read here). */
const LISTS_THE_CATALOGUE = new Set<FixedPage>(['home', 'ourTools']);
// Slugs are [a-z0-9-], so encoding changes nothing today; it keeps a future slug from breaking the address.
const categoryPath = (slug: string) => `${APP_ROUTES.ourTools}?category=${encodeURIComponent(slug)}`;
const toolPath = (slug: string) => fillRoute(APP_ROUTES.toolPage, slug);

/** The addresses of one sitemap file, read from the database a page at a time as they are written out. */
export async function* sitemapItems(db: AppDatabase, file: SitemapFile, newestToolChange: Date | null): AsyncGenerator<SitemapItemLoose> {
  for (const page of file.fixed) {
    yield { url: FIXED_PATHS[page], ...(newestToolChange && LISTS_THE_CATALOGUE.has(page) ? { lastmod: newestToolChange.toISOString() } : {}) };
  }
  for await (const rows of sitemapRows(db, 'categories', file.categories)) {
    for (const row of rows) yield { url: categoryPath(row.slug), lastmod: row.updatedAt.toISOString() };
  }
  for await (const rows of sitemapRows(db, 'tools', file.tools)) {
    for (const row of rows) yield { url: toolPath(row.slug), lastmod: row.updatedAt.toISOString() };
  }
}

function sendXml(reply: FastifyReply, body: Readable) {
  return reply.header('content-type', XML).header('cache-control', SEO_CACHE_CONTROL).send(body);
}

/**
 * Sends a sitemap whose addresses come from `items`, written by the `sitemap` package (which
 * escapes them for XML and makes them absolute on `hostname`), as the client reads it:
 *
 * - The first address is read before anything is sent, so a failure at the start is an ordinary
 *   error answer, not a 200 with a broken file (as exports/csv-stream.ts does).
 * - `pipeline` pulls from the generator only when the XML writer has room, and the writer has room
 *   only when the client has taken what it wrote: a page of rows or two is held at once, whatever
 *   the catalogue's size.
 * - A client that goes away destroys the sent stream; `pipeline` then destroys the source, which
 *   ends the generator (and its reading) between two pages.
 * - A failure later destroys the stream; Fastify cuts the connection, so the file is not taken as complete.
 */
export async function sendSitemap(reply: FastifyReply, hostname: string, items: AsyncGenerator<SitemapItemLoose>) {
  const first = await items.next();
  // Only when the rows it was planned for were deleted meanwhile: an empty sitemap is not a file.
  if (first.done) throw new TransportError('NOT_FOUND');
  async function* all() {
    yield first.value;
    yield* items;
  }
  const xml = new SitemapStream({ hostname, xmlns: PLAIN_XMLNS, level: ErrorLevel.THROW });
  // Also when the client leaves before the body started (then `all` never ran).
  xml.once('close', () => void items.return(undefined).catch(() => {}));
  return sendXml(reply, pipeline(Readable.from(all()), xml, () => {}));
}

/** Sends a sitemap index listing `urls` (absolute): a few lines, one per sitemap file. */
export function sendSitemapIndex(reply: FastifyReply, urls: string[]) {
  const index = new SitemapIndexStream({ level: ErrorLevel.THROW });
  const items: IndexItem[] = urls.map((url) => ({ url }));
  return sendXml(reply, pipeline(Readable.from(items), index, () => {}));
}

import { APP_ROUTES } from '../../shared';

/** Where the sitemap is: the root, as crawlers look for it and as robots.txt names it. */
export const SITEMAP_PATH = '/sitemap.xml';

/**
 * robots.txt: crawl the storefront; keep out of the dashboard, the cart and the API. The product
 * photos and the tools' documents are served under /api, and a shop wants them found (image
 * search, a link preview's picture, a datasheet), so their folders are allowed again: crawlers
 * follow the longest matching rule (RFC 9309, section 2.2.2), so `Allow: /api/images/` wins over
 * `Disallow: /api` for a photo and nothing else. The sitemap is named by its absolute address, as
 * the protocol requires.
 */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    `Disallow: ${APP_ROUTES.dashboard}`,
    `Disallow: ${APP_ROUTES.cart}`,
    'Disallow: /api',
    'Allow: /api/images/',
    'Allow: /api/documents/',
    '',
    `Sitemap: ${publicUrl}${SITEMAP_PATH}`,
    '',
  ].join('\n');
}

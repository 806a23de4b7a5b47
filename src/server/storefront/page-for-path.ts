import { PAGE_HEADS, type PageHead } from '../../shared/page-heads';
import { APP_ROUTES, isAppPath } from '../../shared/routes';

/** Which head a page of the app gets (other than a tool's, and a category's view of Our Tools). */
export interface StorefrontPage {
  /** The key its HTML is kept under. */
  key: string;
  head: PageHead;
  /** 404 for an address that is no page of the app (the app shows its "Page not found"). */
  status: 200 | 404;
  /** Its one address, for pages search engines should index. */
  canonicalPath: string | null;
}

const normalise = (pathname: string) => (pathname.replace(/\/+$/, '') || '/').toLowerCase();

/** The public pages with heads of their own, by address (lower case, as React Router matches them). */
const PUBLIC_PAGES: Record<string, { head: PageHead; canonicalPath: string | null }> = {
  [APP_ROUTES.home]: { head: PAGE_HEADS.home, canonicalPath: APP_ROUTES.home },
  [APP_ROUTES.homeAlias.toLowerCase()]: { head: PAGE_HEADS.home, canonicalPath: APP_ROUTES.home },
  [APP_ROUTES.ourTools.toLowerCase()]: { head: PAGE_HEADS.ourTools, canonicalPath: APP_ROUTES.ourTools },
  [APP_ROUTES.contactUs.toLowerCase()]: { head: PAGE_HEADS.contactUs, canonicalPath: APP_ROUTES.contactUs },
  [APP_ROUTES.aboutUs.toLowerCase()]: { head: PAGE_HEADS.aboutUs, canonicalPath: APP_ROUTES.aboutUs },
  [APP_ROUTES.terms]: { head: PAGE_HEADS.terms, canonicalPath: APP_ROUTES.terms },
  [APP_ROUTES.privacy]: { head: PAGE_HEADS.privacy, canonicalPath: APP_ROUTES.privacy },
  [APP_ROUTES.returns]: { head: PAGE_HEADS.returns, canonicalPath: APP_ROUTES.returns },
  [APP_ROUTES.imprint]: { head: PAGE_HEADS.imprint, canonicalPath: APP_ROUTES.imprint },
  [APP_ROUTES.cart]: { head: PAGE_HEADS.cart, canonicalPath: null },
  [APP_ROUTES.login]: { head: PAGE_HEADS.login, canonicalPath: null },
  [APP_ROUTES.registration]: { head: PAGE_HEADS.registration, canonicalPath: null },
};

/**
 * The head of the page at `pathname`: a public page's own; any other page of the app (the
 * dashboard, purchase, the links mailed for passwords and addresses) is one person's and says
 * `noindex`; an address that is no page is "Page not found", with 404.
 */
export function pageForPath(pathname: string): StorefrontPage {
  const path = normalise(pathname);
  const page = PUBLIC_PAGES[path];
  if (page) return { key: `page:${page.head.title}`, head: page.head, status: 200, canonicalPath: page.canonicalPath };
  if (isAppPath(pathname)) return { key: 'page:private', head: PAGE_HEADS.private, status: 200, canonicalPath: null };
  return { key: 'page:not-found', head: PAGE_HEADS.notFound, status: 404, canonicalPath: null };
}

/** Our Tools narrowed to one category (`?category=`): its own page for search engines. */
export const isOurTools = (pathname: string) => normalise(pathname) === APP_ROUTES.ourTools.toLowerCase();

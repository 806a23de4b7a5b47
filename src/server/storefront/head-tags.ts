import escapeHtml from 'escape-html';
import type { PageHead } from '../../shared/page-heads';

/**
 * A page's head as HTML. Everything in it may be typed by a person (a tool's name, its
 * description), so every text and attribute goes through escape-html, and JSON inside a script
 * element through jsonForScript: a tool named `</title><script>alert(1)</script>` is shown as
 * that text and runs nothing.
 */

/** What a page's head links and shows beyond its title and description. */
export interface HeadExtras {
  /** The page's one address, absolute (on PUBLIC_URL). */
  canonical?: string;
  /** Open Graph and Twitter card tags, `og:` names as keys ("og:title"...). */
  openGraph?: Record<string, string>;
  twitter?: Record<string, string>;
  /** Structured data (schema.org), each written as one JSON-LD script. */
  jsonLd?: readonly object[];
  /** An image to fetch first, with high priority: the page's largest content. */
  preloadImage?: { href: string; srcset?: string; sizes?: string };
}

/**
 * JSON for a script element of the page (JSON-LD, or the data a page was rendered from): `<` is
 * written as its \u escape, so no value can end the element (`</script>`) or open a comment, and the
 * two line separators JavaScript once read as line ends are escaped too.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

const meta = (attribute: 'name' | 'property', key: string, content: string) =>
  `<meta ${attribute}="${escapeHtml(key)}" content="${escapeHtml(content)}" />`;

export function headTags(head: PageHead, extras: HeadExtras = {}): string {
  const tags = [`<title>${escapeHtml(head.title)}</title>`, meta('name', 'description', head.description)];
  if (!head.indexable) tags.push(meta('name', 'robots', 'noindex'));
  if (extras.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(extras.canonical)}" />`);
  for (const [key, content] of Object.entries(extras.openGraph ?? {})) tags.push(meta('property', key, content));
  for (const [key, content] of Object.entries(extras.twitter ?? {})) tags.push(meta('name', key, content));
  if (extras.preloadImage) {
    const { href, srcset, sizes } = extras.preloadImage;
    const responsive = srcset ? ` imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(sizes ?? '100vw')}"` : '';
    tags.push(`<link rel="preload" as="image" href="${escapeHtml(href)}"${responsive} fetchpriority="high" />`);
  }
  for (const data of extras.jsonLd ?? []) tags.push(`<script type="application/ld+json">${jsonForScript(data)}</script>`);
  return tags.join('\n    ');
}

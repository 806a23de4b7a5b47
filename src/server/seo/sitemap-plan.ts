/**
 * Which addresses go in which sitemap file. Every address of the store is one sequence, in a
 * fixed order: home, Our Tools and the legal pages, then the categories, then the tools (each by id). A file holds
 * one stretch of it: all of it when it fits in one, otherwise file N (from 1) holds positions
 * (N-1)·perFile to N·perFile and /sitemap.xml is the index of the files. So a file finds its
 * start by counting, and reads its categories and tools from there by keyset (sitemap-repository.ts).
 */

/** sitemaps.org's limit of addresses in one file (and what a search engine reads of one). */
export const SITEMAP_URLS_PER_FILE = 50_000;

/** Home, Our Tools, About Us, Contact Us and the legal pages (issue 27), the addresses before the categories. */
export const FIXED_PAGES = ['home', 'ourTools', 'aboutUs', 'contactUs', 'terms', 'privacy', 'returns', 'imprint'] as const;
export type FixedPage = (typeof FIXED_PAGES)[number];

export interface SitemapCounts {
  categories: number;
  tools: number;
}

/** A stretch of one table's rows in id order: skip `offset`, take `count`. */
export interface RowRange {
  offset: number;
  count: number;
}

/** What one file lists. */
export interface SitemapFile {
  fixed: FixedPage[];
  categories: RowRange;
  tools: RowRange;
}

const totalOf = (counts: SitemapCounts) => FIXED_PAGES.length + counts.categories + counts.tools;

/** How many files the addresses fill: 1 means /sitemap.xml is the sitemap itself, more that it is their index. */
export function sitemapFileCount(counts: SitemapCounts, perFile: number): number {
  return Math.max(1, Math.ceil(totalOf(counts) / perFile));
}

/** The part of [from, to) that falls in a segment starting at `start` of `length` rows, as a range of that segment. */
function overlap(from: number, to: number, start: number, length: number): RowRange {
  const first = Math.max(from, start);
  const last = Math.min(to, start + length);
  return last > first ? { offset: first - start, count: last - first } : { offset: 0, count: 0 };
}

/** What file `n` (from 1) lists, or null when there is no such file. */
export function sitemapFile(counts: SitemapCounts, perFile: number, n: number): SitemapFile | null {
  if (!Number.isSafeInteger(n) || n < 1 || n > sitemapFileCount(counts, perFile)) return null;
  const from = (n - 1) * perFile;
  const to = Math.min(n * perFile, totalOf(counts));
  const fixed = overlap(from, to, 0, FIXED_PAGES.length);
  return {
    fixed: FIXED_PAGES.slice(fixed.offset, fixed.offset + fixed.count),
    categories: overlap(from, to, FIXED_PAGES.length, counts.categories),
    tools: overlap(from, to, FIXED_PAGES.length + counts.categories, counts.tools),
  };
}

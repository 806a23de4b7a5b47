import { describe, expect, it } from 'vitest';
import { sitemapFile, sitemapFileCount } from './sitemap-plan';

/** Which addresses each sitemap file holds: every address once, in order, at most `perFile` a file. */
describe('the sitemap plan', () => {
  it('is one file while everything fits, holding everything', () => {
    const counts = { categories: 4, tools: 44_990 };
    expect(sitemapFileCount(counts, 50_000)).toBe(1);
    expect(sitemapFile(counts, 50_000, 1)).toEqual({
      fixed: ['home', 'ourTools', 'aboutUs', 'contactUs', 'terms', 'privacy', 'returns', 'imprint'],
      categories: { offset: 0, count: 4 },
      tools: { offset: 0, count: 44_990 },
    });
    expect(sitemapFile(counts, 50_000, 2)).toBeNull();
  });

  it('splits 100,000 tools into files of 50,000 addresses, the first also holding the fixed pages (home, Our Tools, About Us, Contact Us, the legal pages) and the categories', () => {
    const counts = { categories: 10, tools: 100_000 };
    expect(sitemapFileCount(counts, 50_000)).toBe(3);
    expect(sitemapFile(counts, 50_000, 1)).toEqual({ fixed: ['home', 'ourTools', 'aboutUs', 'contactUs', 'terms', 'privacy', 'returns', 'imprint'], categories: { offset: 0, count: 10 }, tools: { offset: 0, count: 49_982 } });
    expect(sitemapFile(counts, 50_000, 2)).toEqual({ fixed: [], categories: { offset: 0, count: 0 }, tools: { offset: 49_982, count: 50_000 } });
    expect(sitemapFile(counts, 50_000, 3)).toEqual({ fixed: [], categories: { offset: 0, count: 0 }, tools: { offset: 99_982, count: 18 } });
  });

  it('lists every address exactly once, whatever the file size, even one smaller than the fixed pages', () => {
    for (const perFile of [1, 2, 3, 5, 7]) {
      const counts = { categories: 4, tools: 9 };
      const files = sitemapFileCount(counts, perFile);
      const seen: string[] = [];
      for (let n = 1; n <= files; n += 1) {
        const file = sitemapFile(counts, perFile, n)!;
        const addresses = [
          ...file.fixed,
          ...Array.from({ length: file.categories.count }, (_, i) => `category ${file.categories.offset + i}`),
          ...Array.from({ length: file.tools.count }, (_, i) => `tool ${file.tools.offset + i}`),
        ];
        expect(addresses.length).toBeGreaterThan(0);
        expect(addresses.length).toBeLessThanOrEqual(perFile);
        seen.push(...addresses);
      }
      expect(seen).toEqual([
        'home',
        'ourTools',
        'aboutUs',
        'contactUs',
        'terms',
        'privacy',
        'returns',
        'imprint',
        ...Array.from({ length: 4 }, (_, i) => `category ${i}`),
        ...Array.from({ length: 9 }, (_, i) => `tool ${i}`),
      ]);
    }
  });

  it('has no file 0, no file past the last and no fractional file', () => {
    const counts = { categories: 1, tools: 6 };
    expect(sitemapFileCount(counts, 3)).toBe(5);
    for (const n of [0, -1, 6, 1.5, Number.NaN]) expect(sitemapFile(counts, 3, n)).toBeNull();
  });
});

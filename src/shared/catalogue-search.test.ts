import { describe, expect, it } from 'vitest';
import { CATALOGUE_SORTS, catalogueSearchFrom, DEFAULT_CATALOGUE_SORT, SEARCH_QUERY_MAX } from './catalogue-search';
import { itemsQuerySchema } from './schemas/catalogue';

describe('catalogueSearchFrom (what Our Tools reads from its address)', () => {
  it('keeps a search and a known order as they are, trimmed', () => {
    expect(catalogueSearchFrom('  digital multimeter ', 'price_desc')).toEqual({ q: 'digital multimeter', sort: 'price_desc' });
  });

  it('reads a missing or unknown order as the default, and a missing search as none', () => {
    expect(catalogueSearchFrom(null, null)).toEqual({ q: '', sort: DEFAULT_CATALOGUE_SORT });
    expect(catalogueSearchFrom('drill', 'cheapest')).toEqual({ q: 'drill', sort: DEFAULT_CATALOGUE_SORT });
    expect(catalogueSearchFrom('drill', 'PRICE_ASC').sort).toBe(DEFAULT_CATALOGUE_SORT);
  });

  it('cuts an overlong search to the length the API takes', () => {
    expect(catalogueSearchFrom('x'.repeat(SEARCH_QUERY_MAX + 50), null).q).toHaveLength(SEARCH_QUERY_MAX);
  });

  it('never gives the API something its schema refuses', () => {
    const addresses: [string | null, string | null][] = [
      ['x'.repeat(500), 'bogus'],
      [` ${'y'.repeat(SEARCH_QUERY_MAX - 1)}   z`, null],
      ['<b>&|!():*</b>', 'name'],
      ...CATALOGUE_SORTS.map((sort): [string, string] => ['drill', sort]),
    ];
    for (const [q, sort] of addresses) {
      const search = catalogueSearchFrom(q, sort);
      expect(itemsQuerySchema.safeParse({ limit: '24', q: search.q, sort: search.sort }).success, JSON.stringify(search)).toBe(true);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { catalogueFiltersFrom } from './catalogue-filters';

const from = (query: string) => catalogueFiltersFrom(new URLSearchParams(query));

describe('catalogueFiltersFrom: Our Tools\' filters from its address', () => {
  it('reads a category, in stock only and a price range', () => {
    expect(from('category=soldering&inStock=1&minPrice=10&maxPrice=99.5')).toEqual({ category: 'soldering', inStock: true, minPrice: 10, maxPrice: 99.5 });
    expect(from('inStock=true').inStock).toBe(true);
  });

  it('leaves out what is no filter rather than sending the API a value it refuses', () => {
    expect(from('category=Not%20A%20Slug&inStock=yes&minPrice=-3&maxPrice=cheap')).toEqual({ category: null, inStock: false, minPrice: null, maxPrice: null });
    expect(from(`category=${'a'.repeat(121)}`).category).toBeNull();
    expect(from('maxPrice=2000000').maxPrice).toBeNull();
  });

  it('turns a range given the wrong way round, and keeps prices to the cent', () => {
    expect(from('minPrice=50&maxPrice=20')).toMatchObject({ minPrice: 20, maxPrice: 50 });
    expect(from('minPrice=19.999').minPrice).toBe(20);
  });
});

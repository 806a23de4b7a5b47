import { describe, expect, it } from 'vitest';
import { INVALID_CURSOR } from '../../shared';
import { DomainError } from '../lib/domain-errors';
import { decodeCursor, encodeCursor, type CataloguePosition } from './catalogue-cursor';

const ID = '3f2c8a4e-9b1d-4c6e-8f7a-2b5d9e1c4a60';
const raw = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function refusal(after: string, sort: CataloguePosition['sort']) {
  try {
    decodeCursor(after, sort);
  } catch (error) {
    return error;
  }
  return null;
}

describe('catalogue cursors', () => {
  it.each<CataloguePosition>([
    { sort: 'catalogue', key: 1_704_067_201_123_456, id: ID },
    { sort: 'newest', key: -86_400_000_000, id: ID },
    { sort: 'price_asc', key: 0, id: ID },
    { sort: 'price_desc', key: 2_147_483_647, id: ID },
    { sort: 'name', key: 'écrou "m8" <b>&|!():*', id: ID },
  ])('gives back the position it was made from ($sort)', (position) => {
    const cursor = encodeCursor(position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor, position.sort)).toEqual(position);
  });

  it.each([
    ['not base64 of JSON', 'bm90IGpzb24'],
    ['an object, not the array', raw({ sort: 'price_asc', key: 1, id: ID })],
    ['another sort order', raw(['price_desc', 100, ID])],
    ['a price that is not whole', raw(['price_asc', 1.5, ID])],
    ['a price beyond an integer column', raw(['price_asc', 2 ** 31, ID])],
    ['a time as text', raw(['catalogue', '2024-01-01', ID])],
    ['a time beyond 2^53 microseconds', raw(['catalogue', 2 ** 60, ID])],
    ['an id that is no UUID', raw(['price_asc', 100, "1' or '1'='1"])],
    ['a missing id', raw(['price_asc', 100])],
  ])('refuses %s as a 400 naming after', (_, cursor) => {
    const error = refusal(cursor, 'price_asc');
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: 'INVALID_CURSOR', kind: 'rejected', message: INVALID_CURSOR, field: 'after' });
  });

  it('refuses a name with a NUL character, which PostgreSQL text cannot hold', () => {
    expect(refusal(raw(['name', 'a\u0000b', ID]), 'name')).toMatchObject({ code: 'INVALID_CURSOR' });
  });

  it('refuses a cursor of one order used for another', () => {
    const cursor = encodeCursor({ sort: 'newest', key: 1, id: ID });
    expect(refusal(cursor, 'catalogue')).toMatchObject({ field: 'after' });
  });
});

import { z } from 'zod';
import { isUuid, type CatalogueSort } from '../../shared';
import { DomainError } from '../lib/domain-errors';

/**
 * Where a catalogue page starts (`?after=`): the sort order it belongs to, the last row's sort key
 * and its id. The next page is the rows after that pair in that order, read straight from the
 * order's index, however deep (decision 016).
 *
 * Opaque to clients (base64url of a small JSON array) but not secret: a forged cursor only starts
 * a list at a place of its caller's choosing, which any caller may do. It is still checked
 * strictly, since its values go into the query: anything else is a 400 naming `after`.
 */
export interface CataloguePosition {
  sort: CatalogueSort;
  /** Microseconds since 1970 (created_at), cents (price) or the lower-cased name. */
  key: number | string;
  id: string;
}

/** Microseconds as a JavaScript number stay exact up to 2^53 (the years 1685 to 2255). */
const micros = z.number().int().min(Number.MIN_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);
const cents = z.number().int().min(-2_147_483_648).max(2_147_483_647);
/** PostgreSQL text cannot hold NUL; the names it sorts are far shorter than this. */
const lowerName = z.string().max(1_000).refine((name) => !name.includes('\0'));

const KEY_OF: Record<CatalogueSort, z.ZodType<number | string>> = {
  catalogue: micros,
  newest: micros,
  price_asc: cents,
  price_desc: cents,
  name: lowerName,
};

export function encodeCursor(position: CataloguePosition): string {
  return Buffer.from(JSON.stringify([position.sort, position.key, position.id])).toString('base64url');
}

/**
 * The position `after` names for a list in `sort` order. The schema has already checked its
 * alphabet and length; a cursor of another sort order is refused too (its key means something else).
 */
export function decodeCursor(after: string, sort: CatalogueSort): CataloguePosition {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(after, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed.length !== 3 || parsed[0] !== sort) throw invalid();
  const [, key, id] = parsed as [unknown, unknown, unknown];
  const checkedKey = KEY_OF[sort].safeParse(key);
  if (!checkedKey.success || typeof id !== 'string' || !isUuid(id)) throw invalid();
  return { sort, key: checkedKey.data, id: id.toLowerCase() };
}

const invalid = () => new DomainError('INVALID_CURSOR', {}, { field: 'after' });

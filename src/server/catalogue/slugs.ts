import slugify from 'slugify';
import { isUuid, SLUG_PATTERN } from '../../shared';

/** Long enough for any real tool name's words, short enough to read in a link. */
const SLUG_LENGTH = 80;

/**
 * The address a name makes: its words, transliterated to plain letters and digits ("Größe" →
 * "grosse", "&" → "and"), lower case, joined by single hyphens (slugify). Separators such as "/"
 * and "<" become word breaks first, so "1/2 inch" is "1-2-inch", not "12-inch" or "1less2".
 * `fallback` when the name has no letter or digit slugify knows (a name in Chinese, say).
 */
export function slugFromName(name: string, fallback: string): string {
  const words = name.replace(/[<>/\\|{}[\]^`]+/g, ' ');
  let slug = slugify(words, { lower: true, strict: true, trim: true });
  if (slug.length > SLUG_LENGTH) slug = slug.slice(0, SLUG_LENGTH).replace(/-[^-]*$/, '') || slug.slice(0, SLUG_LENGTH);
  slug = slug.replace(/^-+|-+$/g, '');
  if (!SLUG_PATTERN.test(slug)) slug = fallback;
  // An id and an address share GET /api/items/:id: an address that reads as an id would be taken for one.
  return isUuid(slug) ? `${slug}-tool` : slug;
}

/**
 * The first of `base`, `base-2`, `base-3` ... that `isTaken` says is free. `isTaken` may be
 * asynchronous (a query) or not (a set held in memory by the import).
 */
export async function firstFreeSlug(base: string, isTaken: (slug: string) => boolean | Promise<boolean>): Promise<string> {
  for (let n = 1; ; n += 1) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await isTaken(candidate))) return candidate;
  }
}

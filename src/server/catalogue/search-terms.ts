import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/** More words than this narrow a search no further in practice; the rest are ignored. */
export const MAX_SEARCH_WORDS = 8;

/** Letters (with their accents) and digits of any script; everything else separates words. */
const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/**
 * The words a search looks for: lower-cased, each once, in the order typed. Only letters and
 * digits survive, so nothing a visitor types (quotes, markup, the tsquery operators `&|!():*<->`)
 * ever reaches the query parser as syntax. Equal searches give equal words ("Drill  DRILL!" and
 * "drill"), which the caches use as their key. No words (only punctuation): no search.
 */
export function searchWords(q: string): string[] {
  const words = q.normalize('NFC').toLowerCase().match(WORD) ?? [];
  return [...new Set(words)].slice(0, MAX_SEARCH_WORDS);
}

/**
 * True for a tool whose search document (schema.ts `searchDocument`: its words as written) has,
 * for every search word, a word starting with it or with its English stem. So "multim",
 * "multimeter" and "multimeters" (stem "multimet") all find "Multimeter", and "calibrating"
 * (stem "calibr") finds "calibrated". The words are query parameters, one `to_tsquery` each, so a
 * stop word ("the") simply matches as written. What this misses: a plural whose stem is not the
 * start of the singular as written ("batteries", stem "batteri", does not find "battery").
 */
export function matchesSearch(document: SQLWrapper, words: readonly string[]): SQL {
  const perWord = words.map((word) => {
    const prefix = `${word}:*`;
    return sql`(to_tsquery('simple', ${prefix}) || to_tsquery('english', ${prefix}))`;
  });
  return sql`${document} @@ (${sql.join(perWord, sql` && `)})`;
}

import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { tools } from '../db/schema';

/** More words than this narrow a search no further in practice; the rest are ignored. */
export const MAX_SEARCH_WORDS = 8;

/**
 * Words of at least this many letters or digits are also found inside words ("meter" in
 * "Multimeter"). Shorter ones only at the start of a word: "ab" inside words matches nearly
 * everything, and a trigram index cannot look up fewer than three characters.
 */
export const MIN_INFIX_LETTERS = 3;

/**
 * At most this many words (the first long enough) are looked for inside words; the others at the
 * start of a word. Each costs a LIKE on every candidate row, so a search of 8 short fragments
 * found in every tool cost PGlite 0.4–0.9 s per count at 100,000 tools; 3 keep it near a common
 * word's count (decision 016, 2026-11-26). Words past the third narrow a search little anyway.
 */
export const MAX_INFIX_WORDS = 3;

/** Letters (with their accents) and digits of any script; everything else separates words. */
const WORD = /[\p{L}\p{M}\p{N}]+/gu;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/gu;

/**
 * The words a search looks for: lower-cased, each once, in the order typed. Only letters and
 * digits survive, so nothing a visitor types (quotes, markup, the tsquery operators `&|!():*<->`,
 * the LIKE wildcards `%_\`) ever reaches a query as syntax. Equal searches give equal words
 * ("Drill  DRILL!" and "drill"), which the caches use as their key. No words (only
 * punctuation): no search.
 */
export function searchWords(q: string): string[] {
  // No search at all, as on most catalogue pages: spared the normalising and the Unicode match.
  if (q === '') return [];
  const words = q.normalize('NFC').toLowerCase().match(WORD) ?? [];
  return [...new Set(words)].slice(0, MAX_SEARCH_WORDS);
}

/**
 * Whether `word` is long enough to be looked for inside words. Counted in letters and digits, not
 * accents: a trigram index splits words at marks, so a "word" of three accents would give it no
 * trigram to look up and make it read the whole index.
 */
export const searchesInside = (word: string): boolean => (word.match(LETTER_OR_DIGIT)?.length ?? 0) >= MIN_INFIX_LETTERS;

/** The words looked for inside words (the first MAX_INFIX_WORDS long enough), and the others. */
export function splitSearchWords(words: readonly string[]): { inside: string[]; starts: string[] } {
  const inside = words.filter(searchesInside).slice(0, MAX_INFIX_WORDS);
  return { inside, starts: words.filter((word) => !inside.includes(word)) };
}

/**
 * A LIKE pattern for text containing `word`. `\`, `%` and `_` are escaped (backslash is LIKE's
 * default escape character), so each stands for itself. searchWords() never yields them; this
 * does not rely on it.
 */
export function containsPattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Where a search looks: a stored word document, and the same text lower-cased for LIKE. */
export interface SearchTarget {
  /** A `tsvector` of the words as written (the `simple` configuration). */
  document: SQLWrapper;
  /** The text, lower-cased by the database (searchWords lower-cases the words alike), served by a pg_trgm index. */
  text: SQLWrapper;
}

/** The catalogue's: schema.ts `searchDocument` and `searchText`, which its two search indexes are on. */
export const TOOL_SEARCH: SearchTarget = { document: tools.searchDocument, text: tools.searchText };

/**
 * True for a tool that has every search word (ANDed):
 * - a word of MIN_INFIX_LETTERS or more (the first MAX_INFIX_WORDS of them) anywhere inside the
 *   text, as written or as its English stem: "meter" finds "Multimeter", "driver" finds
 *   "Screwdriver", "multimeters" (stem "multimet") and "meters" (stem "meter") find
 *   "Multimeter", "drilling" (stem "drill") finds "drill"; through the trigram index;
 * - any other word at the start of a word, as written or as its stem: "dr" finds "Drill", not
 *   "Screwdriver"; through the document's index.
 * The words are query parameters, so nothing in them is syntax. What this misses: a form whose
 * stem is not in the word as written ("batteries", stem "batteri", does not find "battery").
 */
export function matchesSearch(words: readonly string[], target: SearchTarget = TOOL_SEARCH): SQL {
  const prefix = (word: string) => `${word}:*`;
  const { inside, starts } = splitSearchWords(words);
  // Words looked for at word starts share one tsquery: one probe of the document's index.
  const short = starts.map((word) => sql`(to_tsquery('simple', ${prefix(word)}) || to_tsquery('english', ${prefix(word)}))`);
  const conditions = short.length > 0 ? [sql`${target.document} @@ (${sql.join(short, sql` && `)})`] : [];
  for (const word of inside) conditions.push(insideWords(target.text, word));
  return conditions.length > 0 ? sql.join(conditions, sql` and `) : sql`true`;
}

/**
 * `text` holds `word`, or its English stem (Snowball, as the `english` text-search configuration
 * stems), anywhere. The stem is the database's (ts_lexize, immutable), so the planner works the
 * CASE out while planning, from the word's value: what it runs is one LIKE (the stem's when the
 * word holds it, "multimet" in "multimeters"; the word's when it has no stem of 3 letters, a stop
 * word like "the") or two ("battery", stem "batteri"), each with a constant pattern that the
 * trigram index serves and the planner estimates. Testing a row is then LIKEs on the stored
 * lower-cased text, without the document (a tsquery test costs several LIKEs).
 */
function insideWords(text: SQLWrapper, word: string): SQL {
  const stem = sql`(ts_lexize('english_stem', ${word}))[1]`;
  const asWritten = sql`${text} like ${containsPattern(word)}`;
  const byStem = sql`${text} like ${containsPatternOf(stem)}`;
  return sql`(case when coalesce(char_length(${stem}), 0) < ${sql.raw(String(MIN_INFIX_LETTERS))} then ${asWritten}
    when strpos(${word}, ${stem}) > 0 then ${byStem}
    else (${asWritten} or ${byStem}) end)`;
}

/** containsPattern() in SQL, for a value the database computes. */
function containsPatternOf(value: SQL): SQL {
  return sql`('%' || replace(replace(replace(${value}, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%')`;
}

import { TAX_CLASSES, type CatalogueCsvColumn, type TaxClass } from '../../shared';
import { IMPORT_TEXTS } from '../../shared/messages/catalogue-import';
import type { ToolSpecRow } from '../db/schema';
import { csvDollars } from '../lib/csv';

/**
 * How the catalogue's CSV writes what is not plain text, for the export and the import alike, so
 * that importing an export changes nothing (issue 24):
 *
 * - specifications: `Torque: 180 [Nm]; Weight: 1.2 [kg]; Material: Steel`: name, colon, value, an
 *   optional unit in brackets, separated by semicolons. A backslash keeps the next character as
 *   it is (`\;`, `\[`, `\]`, `\\`, and `\:` in a name); a value may hold plain colons.
 * - a category: `Top` or `Top > Sub`, by name (`›`, as the shop shows paths, is read as `>` too).
 * - a tax class: `standard`, `reduced` or `exempt`, written lower case, read in any case.
 * - formula cells: the export starts a cell that a spreadsheet would run with an apostrophe
 *   (exports/csv.ts); the import takes that apostrophe away again, and refuses a cell that would
 *   run as it stands.
 */

/** What exports/csv.ts neutralises (OWASP's list): a cell starting so gets a leading apostrophe. */
const NEUTRALISED_START = /^'+[=+\-@\t\r]/;
/**
 * What the import refuses as a formula: a leading =, +, @, tab or carriage return, or a minus not
 * followed by a digit or a space (so `-5` and `- stainless` stay values).
 */
const FORMULA = /^(?:[=+@\t\r]|-(?=[^\d ]))/;

export type CellText = { text: string } | { formula: true };

/**
 * A cell as a value: the export's apostrophe before what would start a formula taken away (one of
 * them: a value that itself began with apostrophes keeps the rest), a formula refused.
 */
export function literalCell(raw: string): CellText {
  if (NEUTRALISED_START.test(raw)) return { text: raw.slice(1) };
  if (FORMULA.test(raw)) return { formula: true };
  return { text: raw };
}

/**
 * A text as the export hands it to csvCell, which puts an apostrophe before a formula's start:
 * a value that already begins with apostrophes before such a character gets one more, so the
 * import's literalCell, taking one away, gives back exactly the value.
 */
export const exportedText = (text: string) => (NEUTRALISED_START.test(text) ? `'${text}` : text);

/** A number as typed: digits, an optional fraction, an optional minus; `decimalComma` for files saved with `;` (12,50). */
export function parseNumberCell(text: string, decimalComma: boolean): number | null {
  const typed = decimalComma ? text.replace(/^(-?\d+),(\d+)$/, '$1.$2') : text;
  return /^-?\d+(\.\d+)?$/.test(typed) ? Number(typed) : null;
}

// --- Backslash escaping ------------------------------------------------------------------------

const escapeChars = (text: string, specials: RegExp) => text.replace(specials, '\\$&');

/** Splits at every unescaped `separator` character; the parts keep their escapes. Null: a lone backslash at the end. */
function splitUnescaped(text: string, separators: string): string[] | null {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (c === '\\') {
      if (i + 1 >= text.length) return null;
      current += c + text[i + 1];
      i += 1;
    } else if (separators.includes(c)) {
      parts.push(current);
      current = '';
    } else {
      current += c;
    }
  }
  parts.push(current);
  return parts;
}

/** Where the first unescaped `char` is, or -1. */
function indexUnescaped(text: string, char: string): number {
  for (let i = 0; i < text.length; i += 1) {
    if (text[i] === '\\') i += 1;
    else if (text[i] === char) return i;
  }
  return -1;
}

const unescape = (raw: string) => raw.replace(/\\(.)/gs, '$1');

// --- Specifications ----------------------------------------------------------------------------

const SPEC_NAME_SPECIALS = /[\\;:[\]]/g;
const SPEC_VALUE_SPECIALS = /[\\;[\]]/g;

export function formatSpecs(specs: readonly ToolSpecRow[]): string {
  return specs
    .map(({ name, value, unit }) => {
      const text = `${escapeChars(name, SPEC_NAME_SPECIALS)}: ${escapeChars(value, SPEC_VALUE_SPECIALS)}`;
      return unit ? `${text} [${escapeChars(unit, SPEC_VALUE_SPECIALS)}]` : text;
    })
    .join('; ');
}

/** The specifications a cell lists (an empty cell: none), or what is wrong with how it is written. */
export function parseSpecs(cell: string): { specs: ToolSpecRow[] } | { problem: string } {
  const segments = splitUnescaped(cell, ';');
  if (!segments) return { problem: IMPORT_TEXTS.specTrailingBackslash };
  const specs: ToolSpecRow[] = [];
  for (const segment of segments.filter((s) => s.trim() !== '')) {
    const position = specs.length + 1;
    const colon = indexUnescaped(segment, ':');
    if (colon === -1) return { problem: IMPORT_TEXTS.specFormat(position) };
    const name = unescape(segment.slice(0, colon)).trim();
    let rest = segment.slice(colon + 1);
    let unit: string | undefined;
    const open = indexUnescaped(rest, '[');
    if (open !== -1) {
      const close = indexUnescaped(rest.slice(open + 1), ']');
      const after = close === -1 ? '' : rest.slice(open + 1 + close + 1);
      if (close === -1 || after.trim() !== '') return { problem: IMPORT_TEXTS.specUnitLast(position) };
      unit = unescape(rest.slice(open + 1, open + 1 + close)).trim();
      rest = rest.slice(0, open);
    }
    if (indexUnescaped(rest, ']') !== -1) return { problem: IMPORT_TEXTS.specUnitLast(position) };
    const value = unescape(rest).trim();
    specs.push(unit ? { name, value, unit } : { name, value });
  }
  return { specs };
}

/** Specs compared as the API answers them: a blank unit is no unit. */
export const sameSpecs = (a: readonly ToolSpecRow[], b: readonly ToolSpecRow[]) =>
  a.length === b.length && a.every((spec, i) => spec.name === b[i]!.name && spec.value === b[i]!.value && (spec.unit || '') === (b[i]!.unit || ''));

// --- Categories --------------------------------------------------------------------------------

const CATEGORY_SPECIALS = /[\\>›]/g;

export const formatCategoryPath = (names: readonly string[]) => names.map((name) => escapeChars(name, CATEGORY_SPECIALS)).join(' > ');

/** The names of a category path, top-level first, or what is wrong with it (a third level is the caller's to refuse). */
export function parseCategoryPath(cell: string): { names: string[] } | { problem: string } {
  const parts = splitUnescaped(cell, '>›');
  if (!parts) return { problem: IMPORT_TEXTS.categoryEmptyLevel };
  const names = parts.map((part) => unescape(part).trim());
  if (names.some((name) => name === '')) return { problem: IMPORT_TEXTS.categoryEmptyLevel };
  return { names };
}

// --- Tax classes -------------------------------------------------------------------------------

/**
 * The tax class a cell names, in any case and spacing (`Reduced ` is reduced); an empty cell names
 * none (a new tool is then standard, a tool that exists keeps its class); null: not a class.
 */
export function parseTaxClass(cell: string): { taxClass: TaxClass | undefined } | null {
  const text = cell.trim().toLowerCase();
  if (text === '') return { taxClass: undefined };
  const taxClass = TAX_CLASSES.find((name) => name === text);
  return taxClass ? { taxClass } : null;
}

// --- A tool as a row ---------------------------------------------------------------------------

/** What a row of the catalogue's CSV is made from. */
export interface CatalogueCsvTool {
  sku: string;
  name: string;
  priceCents: number;
  minQty: number;
  availableQty: number;
  description: string;
  image: string;
  specs: ToolSpecRow[];
  taxClass: TaxClass;
}

/**
 * A tool's cells as the export writes them (before csvCell's quoting and neutralising), given its
 * category's names. The import compares a row with these too: a row exactly as exported is
 * unchanged, whatever today's rules would say of values stored before them.
 */
export function catalogueCells(tool: CatalogueCsvTool, categoryNames: readonly string[]): Record<CatalogueCsvColumn, string> {
  return {
    sku: tool.sku,
    name: tool.name,
    category: formatCategoryPath(categoryNames),
    price: csvDollars(tool.priceCents),
    minQty: String(tool.minQty),
    availableQty: String(tool.availableQty),
    description: tool.description,
    image: tool.image,
    specifications: formatSpecs(tool.specs),
    taxClass: tool.taxClass,
  };
}

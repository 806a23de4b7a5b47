import { CsvError, parse } from 'csv-parse/sync';
import { CATALOGUE_CSV_COLUMNS, CATALOGUE_CSV_REQUIRED, type CatalogueCsvColumn, type ImportProblem } from '../../shared';
import { IMPORT_TEXTS } from '../../shared/messages/catalogue-import';

/**
 * Reads an import file into rows of named cells: UTF-8 with or without a byte order mark, commas
 * or semicolons (what the header line uses: a spreadsheet set to a language that writes decimal
 * commas saves with semicolons), quoting as RFC 4180 has it, parsed by csv-parse. What is wrong
 * with the file itself (its encoding, its header, its quoting, a row's cell count) is a problem
 * with the row as a spreadsheet numbers it: the header is row 1, and a cell holding a line break
 * keeps its row one row (csv-parse counts records, not lines).
 */

export interface SheetRow {
  /** The row as a spreadsheet numbers it. */
  row: number;
  /** The row's cells by column, as written (only the file's columns). */
  cells: Partial<Record<CatalogueCsvColumn, string>>;
}

export interface Sheet {
  /** Data rows, blank ones left out. */
  rows: SheetRow[];
  /** How many data rows the file has (blank ones left out), these and those whose cells could not be read. */
  rowCount: number;
  problems: ImportProblem[];
  /** Saved with semicolons: numbers may have a decimal comma (12,50). */
  decimalComma: boolean;
}

const EMPTY_SHEET = { rows: [], rowCount: 0, decimalComma: false };
const COLUMN_BY_NAME = new Map<string, CatalogueCsvColumn>(CATALOGUE_CSV_COLUMNS.map((column) => [column.toLowerCase(), column]));

export function readSheet(file: Buffer): Sheet {
  const text = decodeUtf8(file);
  if (text === null) return { ...EMPTY_SHEET, problems: [{ row: firstLineNotUtf8(file), field: '', detail: IMPORT_TEXTS.notUtf8 }] };
  const headerLine = text.slice(0, text.search(/\r|\n|$/));
  const delimiter = count(headerLine, ';') > count(headerLine, ',') ? ';' : ',';

  let records: { record: string[]; info: { records: number } }[];
  try {
    // With `info`, each record comes with csv-parse's counts at its end (its types give plain records).
    records = parse(text, { delimiter, relax_column_count: true, skip_empty_lines: false, info: true }) as unknown as typeof records;
  } catch (error) {
    if (error instanceof CsvError) return { ...EMPTY_SHEET, problems: [quotingProblem(error, headerLine, delimiter)] };
    throw error;
  }
  const [header, ...data] = records;
  if (!header || header.record.every(isBlank)) return { ...EMPTY_SHEET, problems: [{ row: 1, field: '', detail: IMPORT_TEXTS.empty }] };

  const { order, problems } = readHeader(header.record);
  const sheet: Sheet = {
    rows: [],
    rowCount: data.filter(({ record }) => !record.every(isBlank)).length,
    problems,
    decimalComma: delimiter === ';',
  };
  if (problems.length > 0) return sheet;
  for (const { record, info } of data) {
    if (record.every(isBlank)) continue;
    const row = info.records;
    // Cells past the header's columns are tolerated when blank (a spreadsheet's stray formatting).
    if (record.length < order.length || record.slice(order.length).some((cell) => !isBlank(cell))) {
      problems.push({ row, field: '', detail: IMPORT_TEXTS.cellCount(record.length, order.length) });
      continue;
    }
    const cells: SheetRow['cells'] = {};
    order.forEach((column, i) => {
      if (column !== null) cells[column] = record[i]!;
      else if (!isBlank(record[i]!)) problems.push({ row, field: '', detail: IMPORT_TEXTS.unnamedColumn });
    });
    sheet.rows.push({ row, cells });
  }
  return sheet;
}

/** The column of each of the header's cells (null: a blank header cell), and what is wrong with the header. */
function readHeader(names: string[]): { order: (CatalogueCsvColumn | null)[]; problems: ImportProblem[] } {
  const problems: ImportProblem[] = [];
  const seen = new Set<CatalogueCsvColumn>();
  const order = names.map((typed) => {
    const name = typed.trim();
    if (name === '') return null;
    const column = COLUMN_BY_NAME.get(name.toLowerCase());
    if (!column) problems.push({ row: 1, field: name, detail: IMPORT_TEXTS.unknownColumn(name) });
    else if (seen.has(column)) problems.push({ row: 1, field: column, detail: IMPORT_TEXTS.repeatedColumn(column) });
    else seen.add(column);
    return column ?? null;
  });
  for (const column of CATALOGUE_CSV_REQUIRED) {
    if (!seen.has(column)) problems.push({ row: 1, field: column, detail: IMPORT_TEXTS.missingColumn(column) });
  }
  return { order, problems };
}

/**
 * csv-parse stops at broken quoting: `records` is how many records came before, so this one's row
 * is one more, and `index` is its cell, named by the header when the header itself reads.
 */
function quotingProblem(error: CsvError, headerLine: string, delimiter: string): ImportProblem {
  const row = (typeof error.records === 'number' ? error.records : 0) + 1;
  const field = row > 1 && typeof error.index === 'number' ? (headerNames(headerLine, delimiter)[error.index]?.trim() ?? '') : '';
  if (error.code === 'CSV_QUOTE_NOT_CLOSED') return { row, field, detail: IMPORT_TEXTS.quoteNotClosed };
  if (error.code === 'CSV_INVALID_CLOSING_QUOTE' || error.code === 'INVALID_OPENING_QUOTE') return { row, field, detail: IMPORT_TEXTS.quoteMisplaced };
  return { row, field, detail: IMPORT_TEXTS.brokenFile(error.message) };
}

function headerNames(headerLine: string, delimiter: string): string[] {
  try {
    return (parse(headerLine, { delimiter, relax_column_count: true }) as string[][])[0] ?? [];
  } catch {
    return [];
  }
}

const isBlank = (cell: string) => cell.trim() === '';
const count = (text: string, char: string) => text.split(char).length - 1;

/** The text of UTF-8 bytes, its byte order mark dropped; null when they are not UTF-8. */
function decodeUtf8(file: Buffer): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(file);
  } catch {
    return null;
  }
}

/** The first line holding bytes that are not UTF-8 (a file saved as Windows-1252, say). */
function firstLineNotUtf8(file: Buffer): number {
  let line = 1;
  for (let start = 0; start < file.length; line += 1) {
    const end = file.indexOf(0x0a, start);
    const stop = end === -1 ? file.length : end;
    if (decodeUtf8(file.subarray(start, stop)) === null) return line;
    start = stop + 1;
  }
  return 1;
}

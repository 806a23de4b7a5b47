import { CATALOGUE_CSV_COLUMNS } from '../schemas/catalogue-structure';

/**
 * What the catalogue import says about a file's rows and columns (issue 24): the `detail` of each
 * `{ row, field, detail }` problem. The values' own rules speak with the product form's words
 * (VALIDATION, CATALOGUE_TEXTS); these are about the file itself. Not on a first visit's path: the
 * admin's import dialog shows them as the server sends them.
 */
export const IMPORT_TEXTS = {
  notUtf8: 'The file is not UTF-8 text: save it as "CSV UTF-8" and import it again',
  empty: 'The file is empty: its first row names the columns (sku, name, category, ...)',
  unknownColumn: (name: string) => `Unknown column "${name}": the columns are ${CATALOGUE_CSV_COLUMNS.join(', ')}`,
  repeatedColumn: (name: string) => `The column "${name}" appears twice`,
  missingColumn: (name: string) => `The column "${name}" is missing`,
  unnamedColumn: 'A cell in a column whose header is empty: name the column or empty its cells',
  cellCount: (cells: number, columns: number) => `This row has ${cells} cells; the header names ${columns} columns`,
  quoteNotClosed: 'A quoted cell starts here and is never closed: check the quotes from this row on',
  quoteMisplaced:
    'A quote in the wrong place: a quoted cell must end right after its closing quote, and a quote inside a cell is written twice, with the whole cell in quotes ("5"" pipe")',
  brokenFile: (reason: string) => `The file cannot be read as CSV: ${reason}`,
  formula:
    'This cell would run as a spreadsheet formula (it starts with =, +, -, @ or a tab): start it with an apostrophe (\') to keep it as text',
  notANumber: 'This must be a number, such as 12.50',
  notAWholeNumber: 'This must be a whole number, such as 10',
  skuRepeated: (row: number) => `This SKU is already on row ${row}`,
  specFormat: (position: number) => `Specification ${position} must be written as Name: value [unit], one after another separated by ;`,
  specUnitLast: (position: number) => `Specification ${position}: the unit in [ ] comes last; write a [ or ] inside a value as \\[ or \\]`,
  specTrailingBackslash: 'The specifications end with a lone backslash: write a backslash as \\\\',
  spec: (position: number, detail: string) => `Specification ${position}: ${detail}`,
  taxClassInvalid: 'The tax class must be standard, reduced or exempt, or the cell left empty (a new tool is then standard, a tool that exists keeps its class)',
  categoryEmptyLevel: 'A category path is "Top" or "Top > Sub": one of its names is empty',
  tooManyProblems: (listed: number) => `Only the first ${listed.toLocaleString('en-US')} problems are listed: fix these and import the file again to see the rest`,
} as const;

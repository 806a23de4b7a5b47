/**
 * GET /api/items/export (admin): the whole catalogue as a CSV download, in the columns the import
 * reads, so the file can be edited in a spreadsheet and imported back. A plain link, as for the
 * orders (export-orders-csv.ts): the API takes the session cookie for it, and the browser saves the
 * file as it streams in.
 */
export const CATALOGUE_CSV_HREF = '/api/items/export';

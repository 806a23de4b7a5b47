/**
 * GET /api/users.csv (admin): every account with its role, confirmation, orders and paid total, as
 * a CSV download. A plain link, as for the orders (export-orders-csv.ts).
 */
export const CUSTOMERS_CSV_HREF = '/api/users.csv';

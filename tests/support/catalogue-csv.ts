import { asc } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { AppDatabase } from '../../src/server/db/client';
import { auditLog, categories, categorySlugRedirects, tools, toolSlugRedirects } from '../../src/server/db/schema';
import { CATALOGUE_CSV_COLUMNS, type CatalogueCsvColumn } from '../../src/shared';
import { bearer, type TestUser } from './accounts';

/**
 * Import files for the catalogue import's tests, written as a person or a spreadsheet would: cells
 * quoted where RFC 4180 needs it, and nothing else done to them (no formula neutralised, unlike the
 * store's exports), so a test can send exactly the cell it means.
 */

export type CsvRowValues = Partial<Record<CatalogueCsvColumn | string, string | number>>;

const rawCell = (value: string | number | undefined, delimiter: string) => {
  const text = value === undefined ? '' : String(value);
  return text.includes(delimiter) || /["\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** A file: the header (the import's columns, or `columns`), then one line per row. */
export function csvFile(rows: CsvRowValues[], { columns = [...CATALOGUE_CSV_COLUMNS] as string[], delimiter = ',', eol = '\r\n' } = {}): string {
  const line = (cells: (string | number | undefined)[]) => cells.map((cell) => rawCell(cell, delimiter)).join(delimiter) + eol;
  return line(columns) + rows.map((row) => line(columns.map((column) => row[column]))).join('');
}

let sequence = 0;

/** A row for a valid new tool; every call differs. */
export function toolRow(overrides: CsvRowValues = {}): CsvRowValues {
  sequence += 1;
  return {
    sku: `IMP-${sequence}-${Math.random().toString(36).slice(2, 7)}`,
    name: `Imported tool ${sequence}`,
    category: 'Imported',
    price: '19.99',
    minQty: 1,
    availableQty: 10,
    description: 'A tool that came in through the catalogue import.',
    image: 'https://images.example.com/imported.webp',
    specifications: '',
    ...overrides,
  };
}

/** POST /api/items/import as `user` (an admin, for most tests). */
export function importRequest(
  user: TestUser | null,
  payload: InjectOptions['payload'],
  { dryRun = false, headers = {} }: { dryRun?: boolean; headers?: Record<string, string> } = {},
): InjectOptions {
  return {
    method: 'POST',
    url: `/api/items/import${dryRun ? '?dryRun=true' : ''}`,
    headers: { ...(user ? bearer(user) : {}), 'content-type': 'text/csv', ...headers },
    payload,
  };
}

export const importCsv = (app: FastifyInstance, user: TestUser | null, payload: InjectOptions['payload'], options?: Parameters<typeof importRequest>[2]) =>
  app.inject(importRequest(user, payload, options));

/** Everything an import may change, as stored (updated_at too): "nothing changed" means equal to an earlier snapshot. */
export async function catalogueSnapshot(db: AppDatabase) {
  const [toolRows, categoryRows, redirects, categoryRedirects, audit] = await Promise.all([
    db.select().from(tools).orderBy(asc(tools.id)),
    db.select().from(categories).orderBy(asc(categories.id)),
    db.select().from(toolSlugRedirects).orderBy(asc(toolSlugRedirects.slug)),
    db.select().from(categorySlugRedirects).orderBy(asc(categorySlugRedirects.slug)),
    db.select({ id: auditLog.id }).from(auditLog).orderBy(asc(auditLog.id)),
  ]);
  return JSON.stringify({ toolRows, categoryRows, redirects, categoryRedirects, audit });
}

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_TEXTS } from '../../../../../shared/messages/catalogue';
import { VALIDATION } from '../../../../../shared/messages/validation';
import type { ImportProblem, ImportReport } from '../../../../../shared/schemas/catalogue-structure';
import { apiError, type FakeAnswer, type FakeRequest } from '../../../../../../tests/support/web/fake-api';
import { fakeStore, type FakePerson } from '../../../../../../tests/support/web/fake-store';
import { renderPage } from '../../../../../../tests/support/web/render';
import { CatalogueTransfer } from './catalogue-transfer';

const ADMIN: FakePerson = { id: 'user-ada', email: 'ada@example.com', name: 'Ada Admin', role: 'admin' };

const report = (fields: Partial<ImportReport>): ImportReport => ({
  dryRun: true,
  rows: 0,
  created: 0,
  updated: 0,
  unchanged: 0,
  categoriesCreated: [],
  problems: [],
  ...fields,
});

/** Manage Tools' Import and Export for an admin, the import answered by `answer` (by dry run or not). */
function renderTransfer(answer: (dryRun: boolean, request: FakeRequest) => FakeAnswer) {
  const store = fakeStore({ signedIn: ADMIN });
  store.api.on('POST', '/api/items/import', (request) => answer(request.query.get('dryRun') === 'true', request));
  const user = userEvent.setup();
  renderPage(<CatalogueTransfer />, { path: '/dashboard/manage-tools' });
  return { store, user };
}

const csv = (name = 'catalogue.csv', type = 'text/csv') => new File(['sku,name,category,price,minQty,availableQty,description\n'], name, { type });
const dialog = () => screen.getByRole('dialog', { name: 'Import tools from a CSV file' });

async function chooseFile(user: ReturnType<typeof userEvent.setup>, file = csv()) {
  await user.click(screen.getByRole('button', { name: 'Import CSV' }));
  await user.upload(within(dialog()).getByLabelText('CSV file'), file);
}

describe('Manage Tools: catalogue import and export', () => {
  it('exports with a plain link the session cookie authorises', () => {
    renderTransfer(() => ({ body: report({}) }));
    const link = screen.getByRole('link', { name: 'Export CSV' });
    expect(link.getAttribute('href')).toBe('/api/items/export');
    expect(link.hasAttribute('download')).toBe(true);
  });

  it('previews the file with a dry run, then imports it when asked, and says so', async () => {
    const { store, user } = renderTransfer((dryRun) => ({
      body: report({ dryRun, rows: 4, created: 2, updated: 1, unchanged: 1, categoriesCreated: ['Measuring', 'Measuring › Lasers'] }),
    }));
    await chooseFile(user);

    const counts = await within(dialog()).findByTestId('import-counts');
    expect(counts.textContent).toContain('4 rows read');
    expect(counts.textContent).toContain('2 new tools');
    expect(counts.textContent).toContain('1 tool to update');
    expect(counts.textContent).toContain('1 tool unchanged');
    const created = within(dialog()).getByRole('list', { name: 'Categories to create' });
    expect(within(created).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Measuring', 'Measuring › Lasers']);

    const [preview] = store.api.requestsTo('POST', '/api/items/import');
    expect(preview!.query.get('dryRun')).toBe('true');
    expect(preview!.headers.get('content-type')).toBe('text/csv');
    expect(preview!.headers.get('authorization')).toMatch(/^Bearer /);

    await user.click(within(dialog()).getByRole('button', { name: 'Import 3 tools' }));
    expect(await screen.findByText('Catalogue imported: 2 tools added, 1 updated')).toBeTruthy();
    const requests = store.api.requestsTo('POST', '/api/items/import');
    expect(requests.map((request) => request.query.get('dryRun'))).toEqual(['true', 'false']);
    await waitFor(() => expect(screen.getByRole('dialog', { hidden: true }).hasAttribute('open')).toBe(false));
  });

  it('lists every problem by row and column, and imports nothing while there is one', async () => {
    const problems: ImportProblem[] = [
      { row: 1, field: 'colour', detail: 'Unknown column "colour"' },
      { row: 3, field: 'price', detail: VALIDATION.productPricePositive },
      { row: 7, field: '', detail: 'This row has 2 cells; the header names 9 columns' },
    ];
    const { store, user } = renderTransfer(() => ({ body: report({ rows: 6, created: 4, problems }) }));
    await chooseFile(user);

    const rows = await within(dialog()).findAllByTestId('import-problem');
    expect(rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent))).toEqual([
      ['1', 'colour', 'Unknown column "colour"'],
      ['3', 'price', VALIDATION.productPricePositive],
      ['7', '—', 'This row has 2 cells; the header names 9 columns'],
    ]);
    expect(within(dialog()).getByRole('alert').textContent).toContain('3 problems to fix in the file first');
    expect(within(dialog()).getByRole('button', { name: 'Import 4 tools' })).toHaveProperty('disabled', true);
    expect(store.api.requestsTo('POST', '/api/items/import')).toHaveLength(1);
  });

  it('shows the problems of an import refused after the preview (the catalogue changed meanwhile)', async () => {
    const problems: ImportProblem[] = [{ row: 2, field: 'sku', detail: CATALOGUE_TEXTS.skuTaken('NEW-1') }];
    const { user } = renderTransfer((dryRun) => {
      if (dryRun) return { body: report({ rows: 1, created: 1 }) };
      const refusal = apiError(422, CATALOGUE_TEXTS.importRefused(1), 'IMPORT_REFUSED') as { body: Record<string, unknown> };
      return { ...refusal, status: 422, body: { ...refusal.body, problems } };
    });
    await chooseFile(user);
    await user.click(await within(dialog()).findByRole('button', { name: 'Import 1 tool' }));
    const [row] = await within(dialog()).findAllByTestId('import-problem');
    expect(row!.textContent).toContain(CATALOGUE_TEXTS.skuTaken('NEW-1'));
    expect(within(dialog()).getAllByRole('alert').map((alert) => alert.textContent)).toContain(CATALOGUE_TEXTS.importRefused(1));
  });

  it('refuses a file that is not CSV before sending it', async () => {
    const { store } = renderTransfer(() => ({ body: report({}) }));
    // The input accepts .csv only; a file dropped on it anyway is checked by its name and type.
    const user = userEvent.setup({ applyAccept: false });
    await chooseFile(user, csv('tools.xlsx', 'application/vnd.ms-excel'));
    expect(within(dialog()).getByRole('alert').textContent).toBe(CATALOGUE_TEXTS.importNotCsv);
    expect(within(dialog()).getByRole('button', { name: 'Import' })).toHaveProperty('disabled', true);
    expect(store.api.requestsTo('POST', '/api/items/import')).toHaveLength(0);
  });
});

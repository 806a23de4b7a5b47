import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TOASTS } from '../../../../../shared/messages';
import { CATALOGUE_TEXTS } from '../../../../../shared/messages/catalogue';
import type { Category, ToolDetail } from '../../../../../shared/schemas/catalogue';
import { apiError } from '../../../../../../tests/support/web/fake-api';
import '../../../../../../tests/support/web/happy-dom-select';
import { fakeStore, fakeTool, type FakePerson } from '../../../../../../tests/support/web/fake-store';
import { renderPage } from '../../../../../../tests/support/web/render';
import { paths } from '../../../../config/paths';
import { EditToolDialog } from './edit-tool-dialog';

const ADMIN: FakePerson = { id: 'user-ada', email: 'ada@example.com', name: 'Ada Admin', role: 'admin' };
const POWER = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';
const DRILLS = '2c5f39cb-3ab2-42e3-994a-1127e4ddb538';
const HAND = '3d6a4adc-4bc3-43f4-8a5b-2238f5eec649';
const PHOTO_A = 'https://example.com/drill.png';
const PHOTO_B = '/api/images/5b0c2b8e-0a1e-4c8e-9a8e-1f2e3d4c5b6a';

const categories: Category[] = [
  { _id: POWER, slug: 'power-tools', name: 'Power tools', parentId: null, position: 0, toolCount: 1 },
  { _id: DRILLS, slug: 'drills', name: 'Drills', parentId: POWER, position: 0, toolCount: 1 },
  { _id: HAND, slug: 'hand-tools', name: 'Hand tools', parentId: null, position: 1, toolCount: 0 },
];

const DRILL: ToolDetail = {
  ...fakeTool({ _id: 'tool-drill', name: 'Cordless Drill', sku: 'TH-01001', slug: 'cordless-drill', categoryId: DRILLS, image: PHOTO_A, availableQty: 7, minQty: 1 }),
  categoryPath: [],
  specs: [{ name: 'Voltage', value: '18', unit: 'V' }],
  photos: [PHOTO_A, PHOTO_B],
  documents: [{ _id: 'doc-1', name: 'Datasheet', url: '/api/documents/doc-1', size: 250_000 }],
};

function renderDialog() {
  const store = fakeStore({ signedIn: ADMIN });
  store.api
    .on('GET', '/api/items/:id', () => ({ body: DRILL }))
    .on('GET', '/api/items/:id/low-stock', () => ({ body: { lowStockThreshold: null, storeThreshold: 5 } }))
    .on('GET', '/api/categories', () => ({ body: categories }))
    .on('GET', '/api/stats', () => ({ body: {} }))
    .on('GET', '/api/audit', () => ({ body: [] }));
  const user = userEvent.setup();
  let closed = 0;
  renderPage(<EditToolDialog tool={DRILL} onClose={() => (closed += 1)} />, { path: paths.manageTools });
  return { store, user, closed: () => closed };
}

describe('the Manage Tools edit dialog', () => {
  it("starts from the tool's detail: SKU, category, specifications, photos as pictures and documents", async () => {
    renderDialog();
    const dialog = await screen.findByRole('form', { name: 'Edit Cordless Drill' });
    expect(within(dialog).getByLabelText<HTMLInputElement>('SKU').value).toBe('TH-01001');
    const category = within(dialog).getByLabelText<HTMLSelectElement>('Category');
    expect(category.value).toBe(DRILLS);
    expect(Array.from(category.options).map((option) => option.textContent)).toEqual(['Choose a category', 'Power tools', '\u00a0\u00a0\u00a0\u00a0Drills', 'Hand tools']);
    expect(within(dialog).getByRole('group', { name: 'Specification 1' })).toBeTruthy();
    expect(within(dialog).getByRole('img', { name: 'Photo 1 (main)' }).getAttribute('src')).toBe(PHOTO_A);
    expect(within(dialog).getByRole('img', { name: 'Photo 2' }).getAttribute('src')).toBe(PHOTO_B);
    // The store's own photo addresses are not shown as text.
    expect(screen.queryByText(PHOTO_B)).toBeNull();
    expect(screen.getByRole('link', { name: 'Datasheet' }).getAttribute('href')).toBe('/api/documents/doc-1');
    expect(screen.getByText('PDF, 244 KB')).toBeTruthy();
  });

  it('sends only what changed: the category, a new main photo with its image, the specifications', async () => {
    const { store, user, closed } = renderDialog();
    store.api.on('PATCH', '/api/items/:id', () => ({ body: { modifiedCount: 1 } }));
    const dialog = await screen.findByRole('form', { name: 'Edit Cordless Drill' });
    await user.selectOptions(within(dialog).getByLabelText('Category'), 'Hand tools');
    await user.click(within(dialog).getByRole('button', { name: 'Make main: photo 2' }));
    expect(within(dialog).getByRole('img', { name: 'Photo 1 (main)' }).getAttribute('src')).toBe(PHOTO_B);
    await user.click(within(dialog).getByRole('button', { name: 'Add specification' }));
    await user.type(within(within(dialog).getByRole('group', { name: 'Specification 2' })).getByLabelText('Name'), 'Weight');
    await user.type(within(within(dialog).getByRole('group', { name: 'Specification 2' })).getByLabelText('Value'), '1.4');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText(TOASTS.productUpdated)).toBeTruthy();
    expect(store.api.requestsTo('PATCH', '/api/items/tool-drill').map((request) => request.body)).toEqual([
      {
        categoryId: HAND,
        image: PHOTO_B,
        photos: [PHOTO_B, PHOTO_A],
        specs: [
          { name: 'Voltage', value: '18', unit: 'V' },
          { name: 'Weight', value: '1.4' },
        ],
      },
    ]);
    expect(closed()).toBe(1);
  });

  it("starts from the tool's tax class and sends it when the admin changed it", async () => {
    const { store, user, closed } = renderDialog();
    store.api.on('PATCH', '/api/items/:id', () => ({ body: { modifiedCount: 1 } }));
    const dialog = await screen.findByRole('form', { name: 'Edit Cordless Drill' });
    const taxClass = within(dialog).getByLabelText<HTMLSelectElement>('Tax class');
    expect(taxClass.selectedOptions[0]?.textContent).toBe('Standard');
    await user.selectOptions(taxClass, 'Reduced rate');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText(TOASTS.productUpdated)).toBeTruthy();
    expect(store.api.requestsTo('PATCH', '/api/items/tool-drill').map((request) => request.body)).toEqual([{ taxClass: 'reduced' }]);
    expect(closed()).toBe(1);
  });

  it('leaves the tax class out of the change when the admin put it back as it was', async () => {
    const { store, user } = renderDialog();
    store.api.on('PATCH', '/api/items/:id', () => ({ body: { modifiedCount: 1 } }));
    const dialog = await screen.findByRole('form', { name: 'Edit Cordless Drill' });
    await user.selectOptions(within(dialog).getByLabelText('Tax class'), 'Tax exempt');
    await user.selectOptions(within(dialog).getByLabelText('Tax class'), 'Standard');
    const price = within(dialog).getByLabelText('Price');
    await user.clear(price);
    await user.type(price, '42');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText(TOASTS.productUpdated)).toBeTruthy();
    expect(store.api.requestsTo('PATCH', '/api/items/tool-drill').map((request) => request.body)).toEqual([{ price: 42 }]);
  });

  it("puts the server's field errors under their inputs: a SKU taken, a specification's value", async () => {
    const { store, user, closed } = renderDialog();
    store.api.on('PATCH', '/api/items/:id', () => {
      const refusal = apiError(409, CATALOGUE_TEXTS.skuTaken('TH-01002'), 'SKU_TAKEN') as { body: Record<string, unknown> };
      return { status: 409, body: { ...refusal.body, errors: [{ field: 'sku', detail: CATALOGUE_TEXTS.skuTaken('TH-01002') }, { field: 'specs.0.value', detail: 'Not that value' }] } };
    });
    const dialog = await screen.findByRole('form', { name: 'Edit Cordless Drill' });
    const sku = within(dialog).getByLabelText<HTMLInputElement>('SKU');
    await user.clear(sku);
    await user.type(sku, 'TH-01002');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(sku.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText(CATALOGUE_TEXTS.skuTaken('TH-01002'))).toBeTruthy();
    expect(within(within(dialog).getByRole('group', { name: 'Specification 1' })).getByRole('alert').textContent).toBe('Not that value');
    expect(document.activeElement).toBe(sku);
    expect(closed()).toBe(0);
  });

  it('refuses to save a tool without a SKU or a photo, saying so under them', async () => {
    const { store, user } = renderDialog();
    const dialog = await screen.findByRole('form', { name: 'Edit Cordless Drill' });
    await user.clear(within(dialog).getByLabelText('SKU'));
    await user.click(within(dialog).getByRole('button', { name: 'Remove photo 2' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove photo 1' }));
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Add a photo by its link'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText(CATALOGUE_TEXTS.skuRequired)).toBeTruthy();
    expect(within(dialog).getByText(CATALOGUE_TEXTS.photosRequired)).toBeTruthy();
    expect(store.api.requests.filter((request) => request.method === 'PATCH')).toHaveLength(0);
  });

  it('uploads a PDF with a name, renames and deletes a document, each at once and said in the dialog', async () => {
    const { store, user } = renderDialog();
    let documents = [...DRILL.documents];
    store.api
      .on('GET', '/api/items/:id', () => ({ body: { ...DRILL, documents } }))
      .on('POST', '/api/items/:id/documents', ({ query }) => {
        const added = { _id: 'doc-2', name: query.get('name')!, url: '/api/documents/doc-2', size: 2_400_000 };
        documents = [...documents, added];
        return { status: 201, body: added };
      })
      .on('PATCH', '/api/items/:id/documents/:documentId', ({ body }, { documentId }) => {
        documents = documents.map((doc) => (doc._id === documentId ? { ...doc, name: (body as { name: string }).name } : doc));
        return { body: { modifiedCount: 1 } };
      })
      .on('DELETE', '/api/items/:id/documents/:documentId', (_, { documentId }) => {
        documents = documents.filter((doc) => doc._id !== documentId);
        return { body: { deletedCount: 1 } };
      });
    const upload = await screen.findByRole('form', { name: 'Add a document' });

    // A file that is not a PDF is refused before it is sent.
    const file = within(upload).getByLabelText(/^PDF file/);
    await user.type(within(upload).getByLabelText(/^Document name/), 'Safety sheet');
    // As a person may: past the chooser's "PDF only" filter.
    await userEvent.setup({ applyAccept: false }).upload(file, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(within(upload).getByRole('alert').textContent).toBe(CATALOGUE_TEXTS.documentNotPdf);
    await user.upload(file, new File(['%PDF-1.7'], 'safety.pdf', { type: 'application/pdf' }));
    await user.click(within(upload).getByRole('button', { name: 'Upload document' }));
    expect(await screen.findByRole('link', { name: 'Safety sheet' })).toBeTruthy();
    expect(screen.getByText('PDF, 2.3 MB')).toBeTruthy();
    const [sent] = store.api.requestsTo('POST', '/api/items/tool-drill/documents');
    expect(sent!.query.get('name')).toBe('Safety sheet');
    expect(sent!.headers.get('content-type')).toBe('application/pdf');
    expect(screen.getByRole('status').textContent).toBe('Safety sheet added');

    await user.click(screen.getByRole('button', { name: 'Rename Datasheet' }));
    const name = screen.getByLabelText<HTMLInputElement>('New name for Datasheet');
    expect(document.activeElement).toBe(name);
    await user.clear(name);
    await user.type(name, 'Datasheet 2026');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByRole('link', { name: 'Datasheet 2026' })).toBeTruthy();
    expect(store.api.requestsTo('PATCH', '/api/items/tool-drill/documents/doc-1').map((request) => request.body)).toEqual([{ name: 'Datasheet 2026' }]);
    // Saving a document saved no change to the tool itself.
    expect(store.api.requestsTo('PATCH', '/api/items/tool-drill')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Safety sheet' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete the document Safety sheet?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Safety sheet' })).toBeNull());
    expect(store.api.requestsTo('DELETE', '/api/items/tool-drill/documents/doc-2')).toHaveLength(1);
    expect(screen.getByRole('status').textContent).toBe('Safety sheet deleted');
  });
});

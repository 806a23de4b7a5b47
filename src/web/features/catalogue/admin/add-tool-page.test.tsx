import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TOASTS, VALIDATION } from '../../../../shared/messages';
import { CATALOGUE_TEXTS } from '../../../../shared/messages/catalogue';
import type { Category } from '../../../../shared/schemas/catalogue';
import { fakeStore, type FakePerson } from '../../../../../tests/support/web/fake-store';
import '../../../../../tests/support/web/happy-dom-select';
import { renderPage } from '../../../../../tests/support/web/render';
import { paths } from '../../../config/paths';
import AddToolPage from './add-tool-page';

const ADMIN: FakePerson = { id: 'user-ada', email: 'ada@example.com', name: 'Ada Admin', role: 'admin' };
const HAND = '3d6a4adc-4bc3-43f4-8a5b-2238f5eec649';
const categories: Category[] = [{ _id: HAND, slug: 'hand-tools', name: 'Hand tools', parentId: null, position: 0, toolCount: 0 }];

function renderAddTool() {
  const store = fakeStore({ signedIn: ADMIN });
  store.api
    .on('GET', '/api/categories', () => ({ body: categories }))
    .on('GET', '/api/settings', () => ({ body: { lowStockThreshold: 5 } }))
    .on('POST', '/api/items', () => ({ status: 201, body: { insertedId: 'tool-new' } }))
    .on('GET', '/api/stats', () => ({ body: {} }))
    .on('GET', '/api/audit', () => ({ body: [] }));
  // Keys without a pause between them: the form is long, and the test types a lot.
  const user = userEvent.setup({ delay: null });
  renderPage(<AddToolPage />, { path: paths.addTool });
  return { store, user, form: () => screen.getByRole('form', { name: 'Add Product' }) };
}

describe('Add Product', () => {
  it('asks for a category and a photo, and numbers the tool itself when the SKU is left empty', async () => {
    const { store, user, form } = renderAddTool();
    await user.type(within(form()).getByLabelText('Name'), 'Bench Vise');
    await user.type(within(form()).getByLabelText('Price'), '24.5');
    await user.type(within(form()).getByLabelText('Description'), 'Holds the work.');
    await user.type(within(form()).getByLabelText('Min. quantity'), '1');
    await user.type(within(form()).getByLabelText('Available quantity'), '4');
    await user.click(within(form()).getByRole('button', { name: 'Add Product' }));
    expect(await within(form()).findByText(CATALOGUE_TEXTS.categoryRequired, { selector: '[role=alert]' })).toBeTruthy();
    expect(within(form()).getByText(CATALOGUE_TEXTS.photosRequired)).toBeTruthy();
    expect(store.api.requestsTo('POST', '/api/items')).toHaveLength(0);

    // A link that is not https is refused before it joins the photos.
    const link = within(form()).getByLabelText('Add a photo by its link');
    await user.type(link, 'http://example.com/vise.png{Enter}');
    expect(within(form()).getByText(VALIDATION.productImageInvalid)).toBeTruthy();
    await user.clear(link);
    await user.type(link, 'https://example.com/vise.png{Enter}');
    await user.type(link, 'https://example.com/vise-open.png');
    await user.click(within(form()).getByRole('button', { name: 'Add link' }));
    expect(within(form()).getAllByRole('img').map((image) => image.getAttribute('alt'))).toEqual(['Photo 1 (main)', 'Photo 2']);
    await user.selectOptions(within(form()).getByLabelText('Category'), 'Hand tools');
    await user.click(within(form()).getByRole('button', { name: 'Add Product' }));

    expect(await screen.findByText(TOASTS.productAdded)).toBeTruthy();
    expect(store.api.requestsTo('POST', '/api/items').map((request) => request.body)).toEqual([
      {
        name: 'Bench Vise',
        price: 24.5,
        image: 'https://example.com/vise.png',
        photos: ['https://example.com/vise.png', 'https://example.com/vise-open.png'],
        description: 'Holds the work.',
        minQty: 1,
        availableQty: 4,
        lowStockThreshold: null,
        categoryId: HAND,
        specs: [],
        // Left as it starts: the standard rate (decision 048).
        taxClass: 'standard',
      },
    ]);
    // The form is empty again, but the category stays chosen for the next tool.
    await waitFor(() => expect(within(form()).getByLabelText<HTMLInputElement>('Name').value).toBe(''));
    expect(within(form()).queryAllByRole('img')).toHaveLength(0);
    expect(within(form()).getByLabelText<HTMLSelectElement>('Category').value).toBe(HAND);
  });

  it('offers the tax classes, starting at standard, and sends the one chosen', async () => {
    const { store, user, form } = renderAddTool();
    const taxClass = within(form()).getByLabelText<HTMLSelectElement>('Tax class');
    expect(Array.from(taxClass.options).map((option) => [option.value, option.textContent])).toEqual([
      ['standard', 'Standard'],
      ['reduced', 'Reduced rate'],
      ['exempt', 'Tax exempt'],
    ]);
    expect(taxClass.value).toBe('standard');
    // The hint says where a reduced or exempt tool's tax comes from, read with the select.
    expect(
      within(form()).getByRole('combobox', { name: 'Tax class', description: 'Reduced rate: the reduced rate set in Tax rates, else the standard one. Tax exempt: no tax.' }),
    ).toBe(taxClass);

    await user.type(within(form()).getByLabelText('Name'), 'First Aid Kit');
    await user.type(within(form()).getByLabelText('Price'), '19');
    await user.selectOptions(taxClass, 'Reduced rate');
    await user.type(within(form()).getByLabelText('Description'), 'For the workshop.');
    await user.type(within(form()).getByLabelText('Min. quantity'), '1');
    await user.type(within(form()).getByLabelText('Available quantity'), '10');
    await user.type(within(form()).getByLabelText('Add a photo by its link'), 'https://example.com/kit.png{Enter}');
    await user.selectOptions(within(form()).getByLabelText('Category'), 'Hand tools');
    await user.click(within(form()).getByRole('button', { name: 'Add Product' }));

    expect(await screen.findByText(TOASTS.productAdded)).toBeTruthy();
    expect(store.api.requestsTo('POST', '/api/items').map((request) => (request.body as { taxClass?: string }).taxClass)).toEqual(['reduced']);
    // The next tool starts at standard again.
    await waitFor(() => expect(within(form()).getByLabelText<HTMLSelectElement>('Tax class').value).toBe('standard'));
  });
});

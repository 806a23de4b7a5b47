import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_TEXTS } from '../../../../shared/messages/catalogue';
import type { Category } from '../../../../shared/schemas/catalogue';
import { apiError } from '../../../../../tests/support/web/fake-api';
import { fakeStore, type FakePerson } from '../../../../../tests/support/web/fake-store';
import { renderPage } from '../../../../../tests/support/web/render';
import { paths } from '../../../config/paths';
import CategoriesPage from './categories-page';

const ADMIN: FakePerson = { id: 'user-ada', email: 'ada@example.com', name: 'Ada Admin', role: 'admin' };

const POWER = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';
const DRILLS = '2c5f39cb-3ab2-42e3-994a-1127e4ddb538';
const HAND = '3d6a4adc-4bc3-43f4-8a5b-2238f5eec649';
const MEASURING = '4e7b5bed-5cd4-44a5-9b6c-3349a6ffd75a';

const category = (fields: Pick<Category, '_id' | 'name' | 'toolCount'> & Partial<Category>): Category => ({
  slug: fields.name.toLowerCase().replace(/\s+/g, '-'),
  parentId: null,
  position: 0,
  ...fields,
});

/**
 * An admin's store with four categories (Power tools › Drills, Hand tools, Measuring), answering
 * the categories' calls as the API does: a category with subcategories is not deleted, one holding
 * tools only with `moveTo`, whose tools then move there.
 */
function categoriesStore() {
  const store = fakeStore({ signedIn: ADMIN });
  const state = {
    categories: [
      category({ _id: POWER, name: 'Power tools', toolCount: 5, position: 0 }),
      category({ _id: DRILLS, name: 'Drills', toolCount: 3, parentId: POWER, position: 0 }),
      category({ _id: HAND, name: 'Hand tools', toolCount: 2, position: 1 }),
      category({ _id: MEASURING, name: 'Measuring', toolCount: 0, position: 2 }),
    ],
    /** Tools the list does not know of yet (added since it was read). */
    unseenTools: new Map<string, number>(),
  };
  const ownTools = (id: string) => {
    const own = state.categories.find((one) => one._id === id)!;
    const children = state.categories.filter((one) => one.parentId === id);
    return own.toolCount - children.reduce((sum, child) => sum + child.toolCount, 0) + (state.unseenTools.get(id) ?? 0);
  };
  store.api
    .on('GET', '/api/categories', () => ({ body: state.categories }))
    .on('DELETE', '/api/categories/:id', ({ query, headers }, { id }) => {
      if (!headers.get('authorization')?.startsWith('Bearer ')) return apiError(401, 'Sign in first');
      const doomed = state.categories.find((one) => one._id === id);
      if (!doomed) return apiError(404, CATALOGUE_TEXTS.categoryNotFound, 'CATEGORY_NOT_FOUND');
      if (state.categories.some((one) => one.parentId === id)) return apiError(409, CATALOGUE_TEXTS.categoryHasSubcategories, 'CATEGORY_HAS_SUBCATEGORIES');
      const held = ownTools(id!);
      const moveTo = query.get('moveTo');
      if (held > 0 && !moveTo) {
        const refusal = apiError(409, CATALOGUE_TEXTS.categoryNotEmpty(held), 'CATEGORY_NOT_EMPTY') as { body: Record<string, unknown> };
        return { ...refusal, status: 409, body: { ...refusal.body, toolCount: held } };
      }
      // Its tools count in their new category and its parent, no longer in its own parent.
      const target = state.categories.find((one) => one._id === moveTo);
      const gains = (one: Category) => (held > 0 && (one._id === target?._id || one._id === target?.parentId) ? held : 0);
      const loses = (one: Category) => (one._id === doomed.parentId ? doomed.toolCount : 0);
      state.categories = state.categories.filter((one) => one._id !== id).map((one) => ({ ...one, toolCount: one.toolCount + gains(one) - loses(one) }));
      return { body: { deletedCount: 1 } };
    })
    // Every admin change refreshes the Overview's figures and the Activity log too.
    .on('GET', '/api/stats', () => ({ body: {} }))
    .on('GET', '/api/audit', () => ({ body: [] }));
  return { ...store, categoriesState: state };
}

const rowOf = (name: string) => {
  const row = screen.queryAllByTestId('category-row').find((candidate) => within(candidate).queryByRole('rowheader')?.textContent?.includes(name));
  if (!row) throw new Error(`no row of ${name}`);
  return row;
};
const rowNames = () => screen.queryAllByTestId('category-row').map((row) => within(row).getByRole('rowheader').textContent);

function renderCategories() {
  const store = categoriesStore();
  const user = userEvent.setup();
  renderPage(<CategoriesPage />, { path: paths.categories });
  return { store, user };
}

describe('the Categories page', () => {
  it('lists the categories as a tree, each subcategory under its parent, with their tool counts', async () => {
    renderCategories();
    await waitFor(() => expect(rowNames()).toEqual(['Power tools', '↳ Drills, in Power tools', 'Hand tools', 'Measuring']));
    expect(within(rowOf('Power tools')).getByText('5')).toBeTruthy();
    expect(within(rowOf('Drills')).getByText('3')).toBeTruthy();
    // The first of its siblings cannot move up, the last not down.
    expect(screen.getByRole('button', { name: 'Move Power tools up' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Move Measuring down' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Move Power tools › Drills down' })).toHaveProperty('disabled', true);
  });

  it('asks where the tools of a category go before deleting it, and moves them there', async () => {
    const { store, user } = renderCategories();
    await user.click(await screen.findByRole('button', { name: 'Delete Power tools › Drills' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete the category Power tools › Drills?' });
    expect(within(dialog).getByText(/It holds 3 tools/)).toBeTruthy();

    // A category must be chosen; the one being deleted is not among them.
    const moveTo = within(dialog).getByLabelText<HTMLSelectElement>('Move its tools to');
    expect(Array.from(moveTo.options).map((option) => option.textContent)).toEqual(['Choose a category', 'Power tools', 'Hand tools', 'Measuring']);
    await user.click(within(dialog).getByRole('button', { name: 'Move the tools and delete' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(CATALOGUE_TEXTS.categoryRequired);
    expect(moveTo.getAttribute('aria-invalid')).toBe('true');
    expect(store.api.requests.filter((request) => request.method === 'DELETE')).toHaveLength(0);

    await user.selectOptions(moveTo, 'Hand tools');
    await user.click(within(dialog).getByRole('button', { name: 'Move the tools and delete' }));
    expect(await screen.findByText('Category Drills deleted; its 3 tools moved to Hand tools')).toBeTruthy();
    const [deleted, ...more] = store.api.requestsTo('DELETE', `/api/categories/${DRILLS}`);
    expect(more).toHaveLength(0);
    expect(deleted!.query.get('moveTo')).toBe(HAND);
    await waitFor(() => expect(rowNames()).toEqual(['Power tools', 'Hand tools', 'Measuring']));
    expect(within(rowOf('Hand tools')).getByText('5')).toBeTruthy();
  });

  it("shows the server's refusal to delete a category that has subcategories", async () => {
    const { store, user } = renderCategories();
    await user.click(await screen.findByRole('button', { name: 'Delete Power tools' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete the category Power tools?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(CATALOGUE_TEXTS.categoryHasSubcategories)).toBeTruthy();
    expect(store.api.requestsTo('DELETE', `/api/categories/${POWER}`)[0]!.query.has('moveTo')).toBe(false);
    expect(rowNames()).toContain('Power tools');
  });

  it('deletes an empty category at once, and asks where the tools go when it turns out to hold some', async () => {
    const { store, user } = renderCategories();
    store.categoriesState.unseenTools.set(MEASURING, 1);
    await user.click(await screen.findByRole('button', { name: 'Delete Measuring' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete the category Measuring?' })).getByRole('button', { name: 'Delete' }));

    // The list said it was empty; the server says it holds a tool: the move question comes instead.
    const dialog = await waitFor(() => screen.getByRole('dialog', { name: 'Delete the category Measuring?' }));
    await waitFor(() => expect(within(dialog).getByText(/It holds 1 tool\./)).toBeTruthy());
    expect(within(dialog).getByRole('alert').textContent).toBe(CATALOGUE_TEXTS.categoryNotEmpty(1));
    await user.selectOptions(within(dialog).getByLabelText('Move its tools to'), 'Hand tools');
    await user.click(within(dialog).getByRole('button', { name: 'Move the tools and delete' }));
    expect(await screen.findByText('Category Measuring deleted; its tool moved to Hand tools')).toBeTruthy();
    expect(store.api.requestsTo('DELETE', `/api/categories/${MEASURING}`).map((request) => request.query.get('moveTo'))).toEqual([null, HAND]);
    await waitFor(() => expect(rowNames()).toEqual(['Power tools', '↳ Drills, in Power tools', 'Hand tools']));
  });
});

import { useRef, useState } from 'react';
import type { Category } from '../../../../shared/schemas/catalogue';
import { ApiRequestError, isApiError } from '../../../lib/api-client';
import { ConfirmModal } from '../../../components/confirm-modal';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { Loading } from '../../../components/loading';
import { notify } from '../../../lib/toast';
import { useCategories } from '../api/get-categories';
import { useDeleteCategory } from './api/delete-category';
import { useUpdateCategory } from './api/update-category';
import { CATEGORY_TEXTS } from './catalogue-admin-texts';
import { categoryTree, type CategoryNode } from './category-tree';
import { AddCategoryForm } from './components/add-category-form';
import { firstEnabled, useFocusAfterRender } from './use-focus-after-render';
import { DeleteCategoryDialog } from './components/delete-category-dialog';
import { EditCategoryDialog } from './components/edit-category-dialog';

/** How a category is named in buttons and messages: a subcategory with its parent, as two may share a name. */
const fullName = (node: CategoryNode) => (node.parentName ? `${node.parentName} › ${node.name}` : node.name);

type Deleting = { node: CategoryNode; toolCount: number; problem: string | null };

/**
 * The catalogue's categories (issue 24): two levels, each top-level category followed by its
 * subcategories, with the tools each lists. Admins add, rename, move (up, down, under another
 * parent) and delete them; a category that holds tools is deleted by moving them to another.
 */
export default function CategoriesPage() {
  const categories = useCategories();
  const update = useUpdateCategory();
  const remove = useDeleteCategory();
  const [editing, setEditing] = useState<CategoryNode | null>(null);
  const [confirming, setConfirming] = useState<CategoryNode | null>(null);
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  // Each move's own, so the same words twice still make the render that moves the focus.
  const [announcement, setAnnouncement] = useState({ text: '', count: 0 });
  const heading = useRef<HTMLHeadingElement>(null);
  const table = useRef<HTMLDivElement>(null);
  // After a move the row sits elsewhere and React may have moved its button: focus follows it.
  const focusAfterRender = useFocusAfterRender();
  const nodes = categories.data ? categoryTree(categories.data) : [];

  const move = async (node: CategoryNode, direction: 'up' | 'down') => {
    const siblings = nodes.filter((other) => other.parentId === node.parentId && other.depth === node.depth);
    const target = siblings[node.index + (direction === 'up' ? -1 : 1)];
    if (!target) return;
    try {
      await update.mutateAsync({ id: node._id, patch: { position: target.position } });
      focusAfterRender(() =>
        firstEnabled(
          [direction, direction === 'up' ? 'down' : 'up'].map((which) =>
            table.current?.querySelector<HTMLButtonElement>(`[data-category="${node._id}"][data-move="${which}"]`),
          ),
        ),
      );
      setAnnouncement((before) => ({ text: `${fullName(node)} moved ${direction}`, count: before.count + 1 }));
    } catch (error) {
      notify.failure(error);
    }
  };

  /** Delete: a category holding tools (and no subcategories, which the server refuses anyway) asks where they go. */
  const askToDelete = (node: CategoryNode) => {
    if (node.toolCount > 0 && node.children.length === 0) setDeleting({ node, toolCount: node.toolCount, problem: null });
    else setConfirming(node);
  };

  const afterDelete = () => {
    setConfirming(null);
    setDeleting(null);
    // Its row is gone: focus goes back to the page rather than nowhere.
    heading.current?.focus();
  };

  const deletePlainly = async () => {
    const node = confirming;
    if (!node) return;
    try {
      await remove.mutateAsync({ id: node._id });
      notify.success(CATEGORY_TEXTS.deleted(node.name));
      afterDelete();
    } catch (error) {
      setConfirming(null);
      // It gained tools since the list was read: ask where they go instead.
      if (isApiError(error, 'CATEGORY_NOT_EMPTY')) {
        const toolCount = typeof error.body?.toolCount === 'number' ? error.body.toolCount : node.toolCount;
        setDeleting({ node, toolCount, problem: error.message });
        return;
      }
      notify.failure(error);
    }
  };

  const deleteMovingTools = async (moveTo: string) => {
    if (!deleting) return;
    const { node, toolCount } = deleting;
    const target = nodes.find((other) => other._id === moveTo);
    try {
      await remove.mutateAsync({ id: node._id, moveTo });
      notify.success(CATEGORY_TEXTS.deletedAndMoved(node.name, toolCount, target ? fullName(target) : ''));
      afterDelete();
    } catch (error) {
      // Toasts sit below the dialog: a refusal (4xx, in the server's words) it can do something
      // about is said in it; the category gone meanwhile is not.
      if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500 && !isApiError(error, 'CATEGORY_NOT_FOUND')) {
        setDeleting({ ...deleting, problem: error.message });
        return;
      }
      setDeleting(null);
      notify.failure(error);
    }
  };

  const columns: DataTableColumn<CategoryNode>[] = [
    {
      header: 'Name',
      primary: true,
      rowHeader: true,
      className: 'min-w-40 font-medium',
      cell: (node) =>
        node.depth === 1 ? (
          <span className="ps-6">
            <span aria-hidden="true">↳ </span>
            {node.name}
            <span className="sr-only">{`, in ${node.parentName ?? ''}`}</span>
          </span>
        ) : (
          node.name
        ),
    },
    { header: 'Address', className: 'text-sm', cell: (node) => node.slug },
    { header: 'Tools', cell: (node) => node.toolCount },
    {
      header: 'Actions',
      cell: (node) => (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-sm btn-outline"
            data-category={node._id}
            data-move="up"
            disabled={node.index === 0 || update.isPending}
            aria-label={`Move ${fullName(node)} up`}
            onClick={() => void move(node, 'up')}
          >
            Up
          </button>
          <button
            type="button"
            className="btn btn-sm btn-outline"
            data-category={node._id}
            data-move="down"
            disabled={node.index === node.siblings - 1 || update.isPending}
            aria-label={`Move ${fullName(node)} down`}
            onClick={() => void move(node, 'down')}
          >
            Down
          </button>
          <button type="button" className="btn btn-sm btn-outline" aria-label={`Edit ${fullName(node)}`} onClick={() => setEditing(node)}>
            Edit
          </button>
          <button type="button" className="btn btn-sm btn-outline btn-error" aria-label={`Delete ${fullName(node)}`} onClick={() => askToDelete(node)}>
            Delete
          </button>
        </div>
      ),
    },
  ];

  return (
    <section aria-labelledby="categories-title" className="space-y-6">
      <h2 id="categories-title" ref={heading} tabIndex={-1} className="text-3xl font-bold outline-none">
        Categories
      </h2>
      {categories.data ? <AddCategoryForm categories={categories.data} /> : null}
      {categories.isPending ? <Loading label="Loading the categories" /> : null}
      {categories.isError ? (
        <div role="alert" className="alert alert-error">
          <span>The categories could not be loaded.</span>
          <button type="button" className="btn btn-sm" onClick={() => void categories.refetch()}>
            Try again
          </button>
        </div>
      ) : null}
      {categories.data ? (
        <div ref={table}>
          <DataTable
            aria-labelledby="categories-title"
            rows={nodes}
            getRowKey={(node) => node._id}
            rowTestId="category-row"
            stackBelow="md"
            emptyText={CATEGORY_TEXTS.empty}
            columns={columns}
            busy={categories.isFetching && !categories.isPending}
          />
          {nodes.length > 0 ? <p className="mt-2 text-sm text-base-content/80">{CATEGORY_TEXTS.countsNote}</p> : null}
        </div>
      ) : null}
      <p className="sr-only" aria-live="polite">
        {announcement.text}
      </p>
      <EditCategoryDialog category={editing} categories={categories.data ?? noCategories} onClose={() => setEditing(null)} />
      <ConfirmModal
        open={confirming !== null}
        message={CATEGORY_TEXTS.confirmDelete(confirming ? fullName(confirming) : '')}
        busy={remove.isPending}
        onConfirm={() => void deletePlainly()}
        onCancel={() => setConfirming(null)}
      />
      <DeleteCategoryDialog
        category={deleting ? { _id: deleting.node._id, name: fullName(deleting.node), toolCount: deleting.toolCount } : null}
        categories={categories.data ?? noCategories}
        busy={remove.isPending}
        problem={deleting?.problem ?? null}
        onConfirm={(moveTo) => void deleteMovingTools(moveTo)}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}

const noCategories: Category[] = [];

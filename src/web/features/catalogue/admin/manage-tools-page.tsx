import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { SEARCH_QUERY_MAX } from '../../../../shared/catalogue-search';
import { PREVIEW } from '../../../../shared/constants';
import { CONFIRM, EMPTY_TEXT, TOASTS } from '../../../../shared/messages';
import type { Category, Tool } from '../../../../shared/schemas/catalogue';
import { formatUsd, preview } from '../../../../shared/text';
import { ConfirmModal } from '../../../components/confirm-modal';
import type { DataTableColumn } from '../../../components/data-table';
import { PagedTable } from '../../../components/paged-table';
import { usePageParam } from '../../../lib/paging';
import { TAX_CLASS_LABELS } from '../../../lib/tax-class-labels';
import { notify } from '../../../lib/toast';
import { useConfirmedMutation } from '../../../lib/use-confirmed-mutation';
import { useCategories } from '../api/get-categories';
import { useDeleteTool } from './api/delete-tool';
import { useLowStockMarks } from './api/get-low-stock-marks';
import { TOOLS_PAGE_SIZE, useToolsPage } from './api/get-tools';
import { CatalogueTransfer } from './components/catalogue-transfer';
import { EditToolDialog } from './components/edit-tool-dialog';
import { ListSearchForm } from '../../../components/list-search-form';

/**
 * The stock, marked when it is at or below the tool's low-stock mark, as the Overview's Low stock
 * list counts it: in words and colour both, so the mark is not colour alone.
 */
function Available({ tool, mark }: { tool: Tool; mark: number | undefined }) {
  if (mark === undefined || tool.availableQty > mark) return <>{tool.availableQty}</>;
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
      {tool.availableQty}
      <span className="badge badge-warning badge-sm whitespace-nowrap">{`Low stock (mark ${mark})`}</span>
    </span>
  );
}

/** The table's columns; a tool names its category by id, the list of categories by name. */
function toolColumns(categoryName: (id: string) => string, lowStockMark: (id: string) => number | undefined): DataTableColumn<Tool>[] {
  return [
    {
      header: 'Image',
      cell: (tool) => (
        <img src={tool.image} alt={tool.name} width="64" height="48" loading="lazy" className="h-12 w-16 rounded bg-base-200 object-contain" />
      ),
    },
    { header: 'Name', primary: true, rowHeader: true, className: 'min-w-32 font-medium', cell: (tool) => tool.name },
    { header: 'SKU', className: 'whitespace-nowrap', cell: (tool) => tool.sku },
    { header: 'Category', className: 'min-w-28', cell: (tool) => categoryName(tool.categoryId) },
    { header: 'Price', className: 'whitespace-nowrap', cell: (tool) => formatUsd(tool.price) },
    // Which rate the tool pays (decision 048): the owner checks a whole page of it at a glance.
    { header: 'Tax class', className: 'whitespace-nowrap', cell: (tool) => TAX_CLASS_LABELS[tool.taxClass] },
    { header: 'Description', className: 'min-w-48', cell: (tool) => preview(tool.description, PREVIEW.manageTools, '...') },
    { header: 'Min. quantity', cell: (tool) => tool.minQty },
    { header: 'Available', className: 'min-w-24', cell: (tool) => <Available tool={tool} mark={lowStockMark(tool._id)} /> },
  ];
}

/** Each category's name as the table shows it: a subcategory after its parent's ("Power tools › Drills"). */
function categoryNames(categories: readonly Category[] | undefined): (id: string) => string {
  const byId = new Map((categories ?? []).map((category) => [category._id, category]));
  return (id) => {
    const category = byId.get(id);
    if (!category) return '';
    const parent = category.parentId ? byId.get(category.parentId) : undefined;
    return parent ? `${parent.name} › ${category.name}` : category.name;
  };
}

/** The search in the address (?q=), as the API takes it. */
function useToolSearch(): [string, (q: string) => void] {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim().slice(0, SEARCH_QUERY_MAX).trim();
  const setQ = (next: string) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next) updated.set('q', next);
        else updated.delete('q');
        // A new search starts at its first page.
        updated.delete('page');
        return updated;
      },
      { preventScrollReset: true },
    );
  return [q, setQ];
}

export default function ManageToolsPage() {
  const [page, setPage] = usePageParam();
  const [q, setQ] = useToolSearch();
  const tools = useToolsPage(page, q);
  const deleteTool = useDeleteTool();
  const removal = useConfirmedMutation({
    mutate: (tool: Tool) => deleteTool.mutateAsync(tool._id),
    success: TOASTS.productDeleted,
    onFailure: () => notify.error(TOASTS.tryAgain),
  });
  const [editing, setEditing] = useState<Tool | null>(null);
  const categories = useCategories();
  const marks = useLowStockMarks(tools.data?.items.map((tool) => tool._id) ?? []);
  const columns = toolColumns(categoryNames(categories.data), (id) => marks.get(id));

  return (
    <section aria-labelledby="manage-tools-title">
      <h2 id="manage-tools-title" className="text-3xl font-bold">Manage Tools</h2>
      <CatalogueTransfer className="mt-4" />
      <ListSearchForm
        name="Tools"
        label="Search tools"
        hint="Words of a tool's name or description, or their beginnings (multim finds Digital Multimeter)"
        value={q}
        maxLength={SEARCH_QUERY_MAX}
        onSearch={setQ}
        className="mt-6 w-full max-w-xl"
      />
      <p className="sr-only" aria-live="polite">
        {q && tools.data && !tools.isPlaceholderData ? `${tools.data.total} ${tools.data.total === 1 ? 'tool' : 'tools'} found` : ''}
      </p>
      <PagedTable
        query={tools}
        loadingLabel="Loading tools"
        failedText="The tools could not be loaded."
        aria-labelledby="manage-tools-title"
        getRowKey={(tool) => tool._id}
        rowTestId="tool-row"
        stackBelow="lg"
        emptyText={q ? EMPTY_TEXT.manageToolsNoMatch : EMPTY_TEXT.manageTools}
        columns={[
          ...columns,
          {
            header: 'Actions',
            cell: (tool) => (
              <div className="flex flex-wrap gap-2">
                <button type="button" className="btn btn-sm btn-outline" onClick={() => setEditing(tool)} aria-label={`Edit ${tool.name}`}>
                  Edit
                </button>
                <button
                  type="button"
                  className="btn btn-sm btn-outline btn-error"
                  onClick={() => removal.ask(tool)}
                  aria-label={`Delete ${tool.name}`}
                >
                  Delete
                </button>
              </div>
            ),
          },
        ]}
        page={page}
        pageSize={TOOLS_PAGE_SIZE}
        onPageChange={setPage}
      />
      <EditToolDialog tool={editing} onClose={() => setEditing(null)} />
      <ConfirmModal
        open={removal.target !== null}
        message={CONFIRM.deleteProduct}
        busy={deleteTool.isPending}
        onConfirm={() => void removal.confirm()}
        onCancel={removal.cancel}
      />
    </section>
  );
}

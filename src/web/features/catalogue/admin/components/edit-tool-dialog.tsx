import { zodResolver } from '@hookform/resolvers/zod';
import { useIsMutating, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { TOASTS } from '../../../../../shared/messages';
import { productPatchSchema, type ProductCreate, type ProductForm } from '../../../../../shared/schemas/products';
import type { Tool, ToolDetail } from '../../../../../shared/schemas/catalogue';
import { ApiRequestError, isApiError } from '../../../../lib/api-client';
import { notify } from '../../../../lib/toast';
import { useCategories } from '../../api/get-categories';
import { toolDetailQueryOptions, useToolDetail } from '../api/get-tool-detail';
import { uploadImageMutationKey } from '../api/upload-image';
import { useUpdateTool } from '../api/update-tool';
import { productEditFormSchema, productFormField, productPatch, toProductForm, type EditedTool } from '../product-patch';
import { applyServerFieldErrors } from '../../../../lib/server-field-errors';
import { DocumentsSection } from './documents-section';
import { ProductFields } from './product-fields';
import { useModalDialog } from '../../../../components/use-modal-dialog';
import { Loading } from '../../../../components/loading';
import { useToolLowStock } from '../api/get-tool-low-stock';
import { SubmitButton } from '../../../../components/submit-button';

interface EditToolDialogProps {
  /** The tool being edited; null while the dialog is closed. */
  tool: Tool | null;
  onClose: () => void;
}

/**
 * The edit dialog of Manage Tools, on the native <dialog> like ConfirmModal: opened as a modal,
 * the page behind is inert (focus stays inside), Escape closes it, and the browser gives focus
 * back to the Edit button afterwards.
 */
export function EditToolDialog({ tool, onClose }: EditToolDialogProps) {
  const titleId = useId();
  const open = tool !== null;
  const dialog = useModalDialog(open);

  // The tool's own low-stock mark is the admin's to see, not the catalogue's: read apart. The
  // tool's detail (specifications, photos, documents) and the categories (the select must hold
  // the tool's before the form sets it) are read before the form starts too.
  const lowStock = useToolLowStock(tool?._id ?? null);
  const detail = useToolDetail(tool?._id ?? null);
  const categories = useCategories();
  const failed = lowStock.isError || detail.isError || categories.isError;

  return (
    <dialog ref={dialog} className="modal" aria-labelledby={titleId} onClose={() => open && onClose()}>
      {/* A new tool remounts the form, so it starts from that tool's values. */}
      {tool && lowStock.data && detail.data && detail.isFetchedAfterMount && categories.data ? (
        <EditToolForm key={tool._id} tool={detail.data} lowStock={lowStock.data} titleId={titleId} onDone={onClose} />
      ) : tool ? (
        <div className="modal-box">
          <h2 id={titleId} className="text-lg font-bold">Edit {tool.name}</h2>
          {failed ? <p role="alert" className="alert alert-error mt-4 text-sm">{TOASTS.tryAgain}</p> : <Loading label="Loading the tool" />}
          <div className="modal-action">
            <button type="button" className="btn" onClick={onClose}>Cancel</button>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}

interface EditToolFormProps {
  /** The tool as the dialog read it (the form starts from it as it was when the dialog opened). */
  tool: ToolDetail;
  lowStock: { lowStockThreshold: number | null; storeThreshold: number };
  titleId: string;
  onDone: () => void;
}

function EditToolForm({ tool, lowStock, titleId, onDone }: EditToolFormProps) {
  const queryClient = useQueryClient();
  const formId = useId();
  const updateTool = useUpdateTool();
  const uploading = useIsMutating({ mutationKey: uploadImageMutationKey }) > 0;
  // What the admin started from. After a stock conflict its stock becomes the current one, so
  // saving again is checked against what the admin has now been shown.
  const [started] = useState(tool);
  const [seen, setSeen] = useState<EditedTool>(tool);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<ProductForm, unknown, ProductCreate>({
    resolver: zodResolver(productEditFormSchema(started)),
    defaultValues: toProductForm(started, lowStock.lowStockThreshold),
  });

  const onSubmit = form.handleSubmit(async (values) => {
    const patch = productPatch(seen, values);
    const threshold = values.lowStockThreshold ?? null;
    if (threshold !== lowStock.lowStockThreshold) patch.lowStockThreshold = threshold;
    if (Object.keys(patch).length === 0) {
      onDone();
      return;
    }
    // The body's own rules (the API's schema), said under the fields instead of as a 400.
    const checked = productPatchSchema.safeParse(patch);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const field = productFormField(issue.path.join('.'));
        if (field) form.setError(field, { type: 'validate', message: issue.message }, { shouldFocus: true });
        else setProblem(issue.message);
      }
      return;
    }
    setProblem(null);
    try {
      await updateTool.mutateAsync({ id: tool._id, patch: checked.data });
      notify.success(TOASTS.productUpdated);
      onDone();
    } catch (error) {
      if (applyServerFieldErrors(error, productFormField, form.setError)) return;
      if (isApiError(error, 'STOCK_CHANGED_MEANWHILE')) {
        setProblem(error.message);
        const current = await queryClient.fetchQuery({ ...toolDetailQueryOptions(tool._id), staleTime: 0 }).catch(() => null);
        if (current) setSeen((before) => ({ ...before, availableQty: current.availableQty }));
        return;
      }
      // Toasts sit below a modal dialog, so the dialog says it itself: any refusal (4xx) in the
      // server's words, whatever its code; a 5xx or no answer says nothing worth showing.
      setProblem(error instanceof ApiRequestError && error.status >= 400 && error.status < 500 ? error.message : TOASTS.tryAgain);
    }
  });

  // The fields scroll inside the dialog and Save/Cancel stay in view at its foot, on a phone and on
  // a 1366×900 laptop alike. The documents are saved by calls of their own, so they sit below the
  // tool's form (a form cannot hold another), in the same scrolling area.
  return (
    <div className="modal-box flex max-h-[calc(100dvh-2rem)] max-w-2xl flex-col p-0">
      <h2 id={titleId} className="px-4 pt-4 text-lg font-bold sm:px-6 sm:pt-6">
        Edit {tool.name}
      </h2>
      <div className="mt-4 min-h-0 flex-1 space-y-6 overflow-y-auto px-4 pb-4 sm:px-6">
        <form id={formId} onSubmit={onSubmit} noValidate aria-labelledby={titleId} className="space-y-4">
          <ProductFields form={form} storeThreshold={lowStock.storeThreshold} />
          {seen.availableQty !== started.availableQty ? (
            <p className="text-sm">
              In stock now: <strong>{seen.availableQty}</strong>
            </p>
          ) : null}
          {problem ? (
            <p role="alert" className="alert alert-error text-sm">
              {problem}
            </p>
          ) : null}
        </form>
        <DocumentsSection toolId={tool._id} />
      </div>
      <div className="modal-action mt-0 flex-wrap border-t border-base-300 bg-base-100 px-4 py-3 sm:px-6">
        <button type="button" className="btn" onClick={onDone}>
          Cancel
        </button>
        <SubmitButton busy={updateTool.isPending} disabled={uploading} form={formId} width="auto">
          Save changes
        </SubmitButton>
      </div>
    </div>
  );
}

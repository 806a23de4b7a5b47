import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { Category } from '../../../../../shared/schemas/catalogue';
import { categoryDeleteQuerySchema, categoryIdField } from '../../../../../shared/schemas/catalogue-structure';
import { useModalDialog } from '../../../../components/use-modal-dialog';
import { CATEGORY_TEXTS } from '../catalogue-admin-texts';
import { categoryTree, optionLabel } from '../category-tree';
import { SubmitButton } from '../../../../components/submit-button';

/** The delete's question: where the tools go, which must be chosen. */
const moveToSchema = categoryDeleteQuerySchema.extend({ moveTo: categoryIdField });
type MoveTo = z.output<typeof moveToSchema>;

interface DeleteCategoryDialogProps {
  /** The category to delete, with the tools it holds now; null while the dialog is closed. */
  category: (Pick<Category, '_id' | 'name'> & { toolCount: number }) | null;
  categories: readonly Category[];
  busy: boolean;
  /** A server's refusal to say in the dialog (toasts sit below it). */
  problem: string | null;
  onConfirm: (moveTo: string) => void;
  onCancel: () => void;
}

/**
 * Deleting a category that holds tools: the confirmation asks which category they move to (any
 * other one), and the server moves them and deletes it in one transaction.
 */
export function DeleteCategoryDialog({ category, categories, busy, problem, onConfirm, onCancel }: DeleteCategoryDialogProps) {
  const titleId = useId();
  const open = category !== null;
  const dialog = useModalDialog(open);
  return (
    <dialog ref={dialog} className="modal" aria-labelledby={titleId} onCancel={onCancel} onClose={() => open && onCancel()}>
      {category ? (
        <MoveToForm key={category._id} category={category} categories={categories} busy={busy} problem={problem} titleId={titleId} onConfirm={onConfirm} onCancel={onCancel} />
      ) : null}
    </dialog>
  );
}

function MoveToForm({
  category,
  categories,
  busy,
  problem,
  titleId,
  onConfirm,
  onCancel,
}: Omit<DeleteCategoryDialogProps, 'category'> & { category: NonNullable<DeleteCategoryDialogProps['category']>; titleId: string }) {
  const selectId = useId();
  const errorId = `${selectId}-error`;
  const form = useForm<z.input<typeof moveToSchema>, unknown, MoveTo>({ resolver: zodResolver(moveToSchema), defaultValues: { moveTo: '' } });
  const error = form.formState.errors.moveTo;
  const targets = categoryTree(categories).filter((node) => node._id !== category._id);

  return (
    <form className="modal-box space-y-4" noValidate onSubmit={form.handleSubmit(({ moveTo }) => onConfirm(moveTo))}>
      <h2 id={titleId} className="text-lg font-bold wrap-break-word">
        {CATEGORY_TEXTS.confirmDelete(category.name)}
      </h2>
      <p>{CATEGORY_TEXTS.holdsTools(category.toolCount)}</p>
      <div className="form-control w-full">
        <label htmlFor={selectId} className="mb-1 block text-sm font-medium">
          {CATEGORY_TEXTS.moveToLabel}
        </label>
        <select
          id={selectId}
          className={`select w-full ${error ? 'select-error' : ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...form.register('moveTo')}
        >
          <option value="">Choose a category</option>
          {targets.map((node) => (
            <option key={node._id} value={node._id}>
              {optionLabel(node)}
            </option>
          ))}
        </select>
        {error?.message ? (
          <p id={errorId} role="alert" className="mt-1 text-sm text-error">
            {error.message}
          </p>
        ) : null}
      </div>
      {problem ? (
        <p role="alert" className="alert alert-error text-sm">
          {problem}
        </p>
      ) : null}
      <div className="modal-action">
        <button type="button" className="btn" onClick={onCancel} autoFocus>
          Cancel
        </button>
        <SubmitButton busy={busy} tone="danger" width="auto">
          Move the tools and delete
        </SubmitButton>
      </div>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { Category } from '../../../../../shared/schemas/catalogue';
import { CATALOGUE_LIMITS, categoryCreateSchema, type CategoryCreate, type CategoryPatch } from '../../../../../shared/schemas/catalogue-structure';
import { TextField } from '../../../../components/form-field';
import { useModalDialog } from '../../../../components/use-modal-dialog';
import { failureMessage } from '../../../../lib/request-failure';
import { notify } from '../../../../lib/toast';
import { useUpdateCategory } from '../api/update-category';
import { CATEGORY_TEXTS } from '../catalogue-admin-texts';
import type { CategoryNode } from '../category-tree';
import { blankAsUndefined } from '../product-patch';
import { applyServerFieldErrors } from '../../../../lib/server-field-errors';
import { parentFromSelect } from './add-category-form';
import { CategoryParentOptions } from './category-parent-options';
import { SubmitButton } from '../../../../components/submit-button';

interface EditCategoryDialogProps {
  /** The category being edited; null while the dialog is closed. */
  category: CategoryNode | null;
  categories: readonly Category[];
  onClose: () => void;
}

/** Rename a category, give it another address, or move it under another parent (or to the top level). */
export function EditCategoryDialog({ category, categories, onClose }: EditCategoryDialogProps) {
  const titleId = useId();
  const open = category !== null;
  const dialog = useModalDialog(open);
  return (
    <dialog ref={dialog} className="modal" aria-labelledby={titleId} onClose={() => open && onClose()}>
      {/* A new category remounts the form, so it starts from that category's values. */}
      {category ? <EditCategoryForm key={category._id} category={category} categories={categories} titleId={titleId} onDone={onClose} /> : null}
    </dialog>
  );
}

type CategoryForm = z.input<typeof categoryCreateSchema>;

/** Only what changed: a PATCH without a new name keeps the address unless one is given. */
export function categoryPatch(category: Category, values: CategoryCreate): CategoryPatch {
  const patch: CategoryPatch = {};
  if (values.name !== category.name) patch.name = values.name;
  if (values.slug !== undefined && values.slug !== category.slug) patch.slug = values.slug;
  const parentId = values.parentId ?? null;
  if (parentId !== category.parentId) patch.parentId = parentId;
  return patch;
}

function EditCategoryForm({ category, categories, titleId, onDone }: { category: CategoryNode; categories: readonly Category[]; titleId: string; onDone: () => void }) {
  const parentSelectId = useId();
  const parentHintId = `${parentSelectId}-hint`;
  const update = useUpdateCategory();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<CategoryForm, unknown, CategoryCreate>({
    resolver: zodResolver(categoryCreateSchema),
    defaultValues: { name: category.name, slug: category.slug, parentId: category.parentId },
  });
  const { errors } = form.formState;
  // A category with subcategories stays top-level (two levels at most).
  const staysTopLevel = category.children.length > 0;

  const onSubmit = form.handleSubmit(async (values) => {
    const patch = categoryPatch(category, values);
    if (Object.keys(patch).length === 0) {
      onDone();
      return;
    }
    setProblem(null);
    try {
      await update.mutateAsync({ id: category._id, patch });
      notify.success(CATEGORY_TEXTS.saved(values.name));
      onDone();
    } catch (error) {
      // Toasts sit below a modal dialog, so the dialog says it itself.
      if (!applyServerFieldErrors(error, ['name', 'slug', 'parentId'], form.setError)) setProblem(failureMessage(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={titleId} className="modal-box max-h-[90dvh] space-y-4 overflow-y-auto">
      <h2 id={titleId} className="text-lg font-bold wrap-break-word">{`Edit ${category.name}`}</h2>
      <TextField label="Name" autoComplete="off" maxLength={CATALOGUE_LIMITS.categoryNameMax} registration={form.register('name')} error={errors.name} />
      <div>
        <TextField
          label="Address (?category=…)"
          autoComplete="off"
          spellCheck={false}
          registration={form.register('slug', { setValueAs: blankAsUndefined })}
          error={errors.slug}
        />
        <p className="mt-1 text-sm text-base-content/80">A new name makes a new address unless you change it here; the old one keeps working.</p>
      </div>
      <div className="form-control w-full">
        <label htmlFor={parentSelectId} className="mb-1 block text-sm font-medium">
          Parent
        </label>
        <select
          id={parentSelectId}
          className={`select w-full ${errors.parentId ? 'select-error' : ''}`}
          disabled={staysTopLevel}
          aria-invalid={errors.parentId ? true : undefined}
          aria-describedby={staysTopLevel ? parentHintId : undefined}
          {...form.register('parentId', { setValueAs: parentFromSelect })}
        >
          <CategoryParentOptions categories={categories} self={category._id} />
        </select>
        {staysTopLevel ? (
          <p id={parentHintId} className="mt-1 text-sm text-base-content/80">
            {CATEGORY_TEXTS.hasSubcategories}
          </p>
        ) : null}
        {errors.parentId?.message ? (
          <p role="alert" className="mt-1 text-sm text-error">
            {errors.parentId.message}
          </p>
        ) : null}
      </div>
      {problem ? (
        <p role="alert" className="alert alert-error text-sm">
          {problem}
        </p>
      ) : null}
      <div className="modal-action">
        <button type="button" className="btn" onClick={onDone}>
          Cancel
        </button>
        <SubmitButton busy={update.isPending} width="auto">
          Save
        </SubmitButton>
      </div>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { Category } from '../../../../../shared/schemas/catalogue';
import { CATALOGUE_LIMITS, categoryCreateSchema, type CategoryCreate } from '../../../../../shared/schemas/catalogue-structure';
import { TextField } from '../../../../components/form-field';
import { notify } from '../../../../lib/toast';
import { useCreateCategory } from '../api/create-category';
import { CATEGORY_TEXTS } from '../catalogue-admin-texts';
import { applyServerFieldErrors } from '../../../../lib/server-field-errors';
import { CategoryParentOptions } from './category-parent-options';
import { SubmitButton } from '../../../../components/submit-button';

type CategoryForm = z.input<typeof categoryCreateSchema>;

/** '' (the "none" option) is a top-level category. */
export const parentFromSelect = (value: unknown) => (value === '' || value === undefined ? null : value);

/** Adds a category, top-level or under a top-level one; it goes last among its siblings. */
export function AddCategoryForm({ categories }: { categories: readonly Category[] }) {
  const titleId = useId();
  const parentId = useId();
  const create = useCreateCategory();
  const form = useForm<CategoryForm, unknown, CategoryCreate>({
    resolver: zodResolver(categoryCreateSchema),
    defaultValues: { name: '', parentId: null },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (category) => {
    try {
      await create.mutateAsync({ name: category.name, parentId: category.parentId ?? null });
      notify.success(CATEGORY_TEXTS.added(category.name));
      // The parent stays chosen: subcategories are often added one after another.
      form.reset({ name: '', parentId: category.parentId ?? null });
    } catch (error) {
      applyServerFieldErrors(error, ['name', 'parentId'], form.setError);
      notify.failure(error);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={titleId} className="card space-y-4 bg-base-100 p-4 shadow-sm ring-1 ring-base-300 sm:p-6">
      <h3 id={titleId} className="text-lg font-semibold">
        Add a category
      </h3>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <TextField label="Name" autoComplete="off" maxLength={CATALOGUE_LIMITS.categoryNameMax} registration={form.register('name')} error={errors.name} />
        <div className="form-control w-full">
          <label htmlFor={parentId} className="mb-1 block text-sm font-medium">
            Parent
          </label>
          <select
            id={parentId}
            className={`select w-full ${errors.parentId ? 'select-error' : ''}`}
            aria-invalid={errors.parentId ? true : undefined}
            {...form.register('parentId', { setValueAs: parentFromSelect })}
          >
            <CategoryParentOptions categories={categories} />
          </select>
          {errors.parentId?.message ? (
            <p role="alert" className="mt-1 text-sm text-error">
              {errors.parentId.message}
            </p>
          ) : null}
        </div>
      </div>
      <SubmitButton busy={create.isPending} width="auto" className="self-start">
        Add category
      </SubmitButton>
    </form>
  );
}

import { useId } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useCategories } from '../../api/get-categories';
import { PRODUCT_FORM_TEXTS } from '../catalogue-admin-texts';
import { categoryTree, optionLabel } from '../category-tree';

interface CategorySelectProps {
  registration: UseFormRegisterReturn;
  error?: FieldError | undefined;
}

/**
 * The category of a tool: every category, each subcategory indented under its parent. Nothing is
 * chosen at first when adding, so the admin decides rather than accepts the first one.
 */
export function CategorySelect({ registration, error }: CategorySelectProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const categories = useCategories();
  const nodes = categories.data ? categoryTree(categories.data) : [];
  return (
    <div className="form-control w-full">
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        Category
      </label>
      <select
        id={id}
        className={`select w-full ${error ? 'select-error' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        aria-busy={categories.isPending || undefined}
        {...registration}
      >
        <option value="">{categories.isPending ? 'Loading the categories…' : PRODUCT_FORM_TEXTS.chooseCategory}</option>
        {nodes.map((node) => (
          <option key={node._id} value={node._id}>
            {optionLabel(node)}
          </option>
        ))}
      </select>
      {categories.isError ? (
        <p role="alert" className="mt-1 text-sm text-error">
          The categories could not be loaded.{' '}
          <button type="button" className="link" onClick={() => void categories.refetch()}>
            Try again
          </button>
        </p>
      ) : null}
      {error?.message ? (
        <p id={errorId} role="alert" className="mt-1 text-sm text-error">
          {error.message}
        </p>
      ) : null}
    </div>
  );
}

import { useId } from 'react';
import { useWatch, type FieldError, type UseFormReturn } from 'react-hook-form';
import { LIMITS } from '../../../../../shared/constants';
import type { ProductForm } from '../../../../../shared/schemas/products';
import { CATALOGUE_LIMITS } from '../../../../../shared/schemas/catalogue-structure';
import { TAX_CLASSES } from '../../../../../shared/tax';
import { TextAreaField, TextField } from '../../../../components/form-field';
import { TAX_CLASS_LABELS } from '../../../../lib/tax-class-labels';
import { PRODUCT_FORM_TEXTS } from '../catalogue-admin-texts';
import { blankAsUndefined } from '../product-patch';
import { CategorySelect } from './category-select';
import { PhotosField } from './photos-field';
import { SpecsEditor } from './specs-editor';

interface ProductFieldsProps<Output> {
  form: UseFormReturn<ProductForm, unknown, Output>;
  /** Change it to clear the photo chooser's own state (after the form was reset). */
  photosKey?: number;
  /** Adding a tool: SKU and address may be left empty (the store makes them). */
  adding?: boolean;
  /** The store's low-stock mark, shown as what an empty mark of the tool's own means; no field without it. */
  storeThreshold?: number | undefined;
}

/** A field's hint, read with it while it has no error (TextField then points at the error instead). */
const describedBy = (error: FieldError | undefined, hintId: string | undefined) => (error || !hintId ? {} : { 'aria-describedby': hintId });

/** The fields of a tool, shared by Add Product and the Manage Tools edit dialog. */
export function ProductFields<Output>({ form, photosKey = 0, adding = false, storeThreshold }: ProductFieldsProps<Output>) {
  const {
    control,
    register,
    formState: { errors },
  } = form;
  const description = useWatch({ control, name: 'description' }) ?? '';
  const length = Array.from(description).length;
  const skuHintId = useId();
  const slugHintId = useId();
  const taxClassId = useId();

  return (
    <>
      <TextField label="Name" autoComplete="off" registration={register('name')} error={errors.name} />
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <TextField
            label="SKU"
            autoComplete="off"
            spellCheck={false}
            maxLength={CATALOGUE_LIMITS.skuMax}
            registration={register('sku', { setValueAs: blankAsUndefined })}
            error={errors.sku}
            {...describedBy(errors.sku, adding ? skuHintId : undefined)}
          />
          {adding ? (
            <p id={skuHintId} className="mt-1 text-sm text-base-content/80">
              {PRODUCT_FORM_TEXTS.skuAddHint}
            </p>
          ) : null}
        </div>
        <div>
          <TextField
            label="Page address (/tools/…)"
            autoComplete="off"
            spellCheck={false}
            registration={register('slug', { setValueAs: blankAsUndefined })}
            error={errors.slug}
            {...describedBy(errors.slug, slugHintId)}
          />
          <p id={slugHintId} className="mt-1 text-sm text-base-content/80">
            {adding ? PRODUCT_FORM_TEXTS.slugAddHint : PRODUCT_FORM_TEXTS.slugEditHint}
          </p>
        </div>
      </div>
      <CategorySelect registration={register('categoryId', { setValueAs: blankAsUndefined })} error={errors.categoryId} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Price"
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0"
          registration={register('price', { valueAsNumber: true })}
          error={errors.price}
        />
        <div className="form-control w-full">
          <label htmlFor={taxClassId} className="mb-1 block text-sm font-medium">
            Tax class
          </label>
          <select
            id={taxClassId}
            className={`select w-full ${errors.taxClass ? 'select-error' : ''}`}
            aria-invalid={errors.taxClass ? true : undefined}
            aria-describedby={errors.taxClass ? `${taxClassId}-error` : `${taxClassId}-hint`}
            {...register('taxClass')}
          >
            {TAX_CLASSES.map((taxClass) => (
              <option key={taxClass} value={taxClass}>
                {TAX_CLASS_LABELS[taxClass]}
              </option>
            ))}
          </select>
          {errors.taxClass?.message ? (
            <p id={`${taxClassId}-error`} role="alert" className="mt-1 text-sm text-error">
              {errors.taxClass.message}
            </p>
          ) : (
            <p id={`${taxClassId}-hint`} className="mt-1 text-sm text-base-content/80">
              {PRODUCT_FORM_TEXTS.taxClassHint}
            </p>
          )}
        </div>
      </div>
      <PhotosField key={photosKey} form={form} />
      <div>
        <TextAreaField label="Description" rows={4} registration={register('description')} error={errors.description} />
        <p className={`mt-1 text-right text-sm ${length > LIMITS.productDescriptionMax ? 'text-error' : 'text-base-content/80'}`}>
          {length}/{LIMITS.productDescriptionMax}
        </p>
      </div>
      <SpecsEditor form={form} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Min. quantity"
          type="number"
          inputMode="numeric"
          step="1"
          min="1"
          registration={register('minQty', { valueAsNumber: true })}
          error={errors.minQty}
        />
        <TextField
          label="Available quantity"
          type="number"
          inputMode="numeric"
          step="1"
          min="0"
          registration={register('availableQty', { valueAsNumber: true })}
          error={errors.availableQty}
        />
      </div>
      {storeThreshold !== undefined ? (
        <TextField
          label={`Low stock at (empty: the store's ${storeThreshold})`}
          type="number"
          inputMode="numeric"
          step="1"
          min="0"
          registration={register('lowStockThreshold', { setValueAs: (value: unknown) => (value === '' || value === null ? null : Number(value)) })}
          error={errors.lowStockThreshold}
        />
      ) : null}
    </>
  );
}

import { useWatch, type UseFormReturn } from 'react-hook-form';
import { LIMITS } from '../../../../shared/constants';
import type { ProductForm } from '../../../../shared/schemas/admin';
import { TextAreaField, TextField } from '../../../components/form-field';
import { ImageField } from './image-field';

interface ProductFieldsProps<Output> {
  form: UseFormReturn<ProductForm, unknown, Output>;
  /** Change it to clear the photo chooser (after the form was reset). */
  imageKey?: number;
  /** When editing: the tool's image as saved, shown even if it is one of the store's own files. */
  currentImage?: string;
  /** The store's low-stock mark, shown as what an empty mark of the tool's own means; no field without it. */
  storeThreshold?: number | undefined;
}

/** The fields of a tool, shared by Add Product and the Manage Tools edit dialog. */
export function ProductFields<Output>({ form, imageKey = 0, currentImage, storeThreshold }: ProductFieldsProps<Output>) {
  const {
    control,
    register,
    setValue,
    formState: { errors },
  } = form;
  const description = useWatch({ control, name: 'description' }) ?? '';
  const image = useWatch({ control, name: 'image' }) ?? '';
  const length = Array.from(description).length;

  return (
    <>
      <TextField label="Name" autoComplete="off" registration={register('name')} error={errors.name} />
      <TextField
        label="Price"
        type="number"
        inputMode="decimal"
        step="0.01"
        min="0"
        registration={register('price', { valueAsNumber: true })}
        error={errors.price}
      />
      <ImageField
        key={imageKey}
        registration={register('image')}
        error={errors.image}
        value={image}
        currentImage={currentImage}
        onUploaded={(url) => setValue('image', url, { shouldDirty: true, shouldValidate: true })}
      />
      <div>
        <TextAreaField label="Description" rows={4} registration={register('description')} error={errors.description} />
        <p className={`mt-1 text-right text-sm ${length > LIMITS.productDescriptionMax ? 'text-error' : 'text-base-content/80'}`}>
          {length}/{LIMITS.productDescriptionMax}
        </p>
      </div>
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

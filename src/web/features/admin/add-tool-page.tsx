import { zodResolver } from '@hookform/resolvers/zod';
import { useIsMutating } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, type DefaultValues } from 'react-hook-form';
import { TOASTS } from '../../../shared/messages';
import { productCreateSchema, type ProductCreate, type ProductForm } from '../../../shared/schemas/admin';
import { SubmitButton } from '../../components/submit-button';
import { notify } from '../../lib/toast';
import { useCreateTool } from './api/create-tool';
import { uploadImageMutationKey } from './api/upload-image';
import { ProductFields } from './components/product-fields';
import { PRODUCT_FIELD_NAMES } from './product-patch';
import { applyServerFieldErrors } from './server-field-errors';

// Number fields start empty rather than at 0, so the admin has to choose each one.
const emptyProduct: DefaultValues<ProductForm> = {
  name: '',
  price: undefined,
  image: '',
  description: '',
  minQty: undefined,
  availableQty: undefined,
};

export default function AddToolPage() {
  const createTool = useCreateTool();
  const uploading = useIsMutating({ mutationKey: uploadImageMutationKey }) > 0;
  // A new key remounts the photo chooser, which clears the chosen file and its preview.
  const [imageKey, setImageKey] = useState(0);
  const form = useForm<ProductForm, unknown, ProductCreate>({
    resolver: zodResolver(productCreateSchema),
    defaultValues: emptyProduct,
  });

  const onSubmit = form.handleSubmit(async (tool) => {
    try {
      await createTool.mutateAsync(tool);
      notify.success(TOASTS.productAdded);
      // Without values, reset() also resets the <form> element itself: reset(emptyProduct) would
      // leave a typed price in its input, because an undefined default keeps what the input shows.
      form.reset();
      setImageKey((key) => key + 1);
    } catch (error) {
      applyServerFieldErrors(error, PRODUCT_FIELD_NAMES, form.setError);
      notify.error(TOASTS.tryAgain);
    }
  });

  return (
    <section aria-labelledby="add-tool-title" className="max-w-2xl">
      <h2 id="add-tool-title" className="text-3xl font-bold">Add Product</h2>
      <form
        onSubmit={onSubmit}
        noValidate
        aria-labelledby="add-tool-title"
        className="card mt-6 space-y-4 bg-base-100 p-4 shadow-sm ring-1 ring-base-300 sm:p-6"
      >
        <ProductFields form={form} imageKey={imageKey} />
        <SubmitButton busy={createTool.isPending} disabled={uploading}>
          Add Product
        </SubmitButton>
      </form>
    </section>
  );
}

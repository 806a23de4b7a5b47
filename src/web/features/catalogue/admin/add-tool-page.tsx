import { zodResolver } from '@hookform/resolvers/zod';
import { useIsMutating } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, type DefaultValues } from 'react-hook-form';
import { Link } from 'react-router';
import { TOASTS } from '../../../../shared/messages';
import type { ProductCreate, ProductForm } from '../../../../shared/schemas/products';
import { SubmitButton } from '../../../components/submit-button';
import { notify } from '../../../lib/toast';
import { paths } from '../../../config/paths';
import { useCreateTool } from './api/create-tool';
import { useStoreSettings } from '../../admin/api/store-settings';
import { uploadImageMutationKey } from './api/upload-image';
import { ProductFields } from './components/product-fields';
import { productAddFormSchema, productFormField } from './product-patch';
import { applyServerFieldErrors } from '../../../lib/server-field-errors';

// Number fields start empty rather than at 0, so the admin has to choose each one.
const emptyProduct: DefaultValues<ProductForm> = {
  name: '',
  sku: undefined,
  slug: undefined,
  categoryId: undefined,
  price: undefined,
  // Most tools pay the standard rate: the admin changes it for the few that do not.
  taxClass: 'standard',
  image: '',
  photos: [],
  description: '',
  specs: [],
  minQty: undefined,
  availableQty: undefined,
  lowStockThreshold: null,
};

export default function AddToolPage() {
  const createTool = useCreateTool();
  const uploading = useIsMutating({ mutationKey: uploadImageMutationKey }) > 0;
  // A new key remounts the photos' chooser, which clears its messages and the link being typed.
  const [photosKey, setPhotosKey] = useState(0);
  // The tool just added, named at the top of the page with a link to it (the form was scrolled to its end).
  const [added, setAdded] = useState<{ id: string; name: string } | null>(null);
  const settings = useStoreSettings();
  const form = useForm<ProductForm, unknown, ProductCreate>({
    resolver: zodResolver(productAddFormSchema),
    defaultValues: emptyProduct,
  });

  const onSubmit = form.handleSubmit(async (tool) => {
    try {
      const { insertedId } = await createTool.mutateAsync(tool);
      notify.success(TOASTS.productAdded);
      setAdded({ id: insertedId, name: tool.name });
      window.scrollTo({ top: 0, behavior: 'smooth' });
      // Without values, reset() also resets the <form> element itself: reset(emptyProduct) would
      // leave a typed price in its input, because an undefined default keeps what the input shows.
      form.reset();
      // The next tool often goes into the same category: it stays chosen.
      form.setValue('categoryId', tool.categoryId);
      setPhotosKey((key) => key + 1);
    } catch (error) {
      applyServerFieldErrors(error, productFormField, form.setError);
      notify.failure(error);
    }
  });

  return (
    <section aria-labelledby="add-tool-title" className="max-w-2xl">
      <h2 id="add-tool-title" className="text-3xl font-bold">Add Product</h2>
      {added ? (
        <div role="status" className="alert alert-success mt-6 flex flex-wrap justify-between gap-2">
          <span>{`${added.name} is in the catalogue.`}</span>
          <span className="flex gap-3">
            <Link to={paths.purchase(added.id)} className="link font-semibold">See it in the store</Link>
            <Link to={paths.manageTools} className="link">Manage Tools</Link>
          </span>
        </div>
      ) : null}
      <form
        onSubmit={onSubmit}
        noValidate
        aria-labelledby="add-tool-title"
        className="card mt-6 space-y-4 bg-base-100 p-4 shadow-sm ring-1 ring-base-300 sm:p-6"
      >
        <ProductFields form={form} adding photosKey={photosKey} storeThreshold={settings.data?.lowStockThreshold} />
        <SubmitButton busy={createTool.isPending} disabled={uploading}>
          Add Product
        </SubmitButton>
      </form>
    </section>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { API_ERRORS, TOASTS } from '../../../shared/messages';
import { purchaseFormSchema, type PurchaseForm } from '../../../shared/schemas/orders';
import { formatUsd } from '../../../shared/text';
import { paths } from '../../config/paths';
import { TextField } from '../../components/form-field';
import { Loading } from '../../components/loading';
import { QuantityStepper } from '../../components/quantity-stepper';
import { useSession } from '../../lib/auth-client';
import { notify } from '../../lib/toast';
import { useProfile } from '../accounts/api/get-profile';
import { useItem } from '../catalogue/api/get-item';
import { usePlaceOrder } from '../orders/api/place-order';
import { SubmitButton } from '../../components/submit-button';

export default function PurchasePage() {
  const { id = '' } = useParams();
  const tool = useItem(id);
  const { data: session } = useSession();
  const email = session?.user.email ?? '';
  const profile = useProfile(email);
  const placeOrder = usePlaceOrder();
  const navigate = useNavigate();

  // The same rules as the server, with this tool's limits, so mistakes show before sending.
  const schema = useMemo(() => {
    const min = tool.data?.minQty ?? 1;
    const available = tool.data?.availableQty ?? Number.MAX_SAFE_INTEGER;
    return purchaseFormSchema.extend({
      quantity: purchaseFormSchema.shape.quantity
        .min(min, { error: API_ERRORS.belowMinimum(min) })
        .max(available, { error: API_ERRORS.notEnoughStock(available) }),
    }) satisfies z.ZodType<PurchaseForm>;
  }, [tool.data]);

  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PurchaseForm>({ resolver: zodResolver(schema), defaultValues: { quantity: 1, address: '', phone: '' } });

  // Fill the form once, when the tool and the profile first arrive; later refetches (the stock
  // changes as others buy) must not overwrite what the buyer has typed.
  const filled = useRef({ tool: '', profile: false });
  useEffect(() => {
    if (!tool.data || filled.current.tool === tool.data._id) return;
    filled.current.tool = tool.data._id;
    reset((current) => ({ ...current, quantity: tool.data.minQty }));
  }, [tool.data, reset]);
  useEffect(() => {
    if (!profile.data || filled.current.profile) return;
    filled.current.profile = true;
    // Offer the saved details, without overwriting anything the buyer typed first.
    reset((current) => ({
      ...current,
      address: current.address || profile.data.address,
      phone: current.phone || profile.data.phone,
    }));
  }, [profile.data, reset]);

  if (tool.isPending) return <Loading label="Loading the tool" />;
  if (tool.isError || !tool.data) {
    return (
      <section className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-3xl font-bold">Tool not found</h1>
        <p className="mt-4">This tool is no longer in our catalogue.</p>
        <Link to={paths.ourTools} className="btn btn-primary mt-8">Browse tools</Link>
      </section>
    );
  }
  const item = tool.data;
  const soldOut = item.availableQty < item.minQty;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await placeOrder.mutateAsync({ toolId: item._id, ...schema.parse(values) });
      notify.success(TOASTS.orderPlaced);
      navigate(paths.myOrders);
    } catch (error) {
      notify.failure(error);
      void tool.refetch();
    }
  });

  return (
    <section className="mx-auto grid max-w-6xl gap-10 px-4 py-12 lg:grid-cols-2">
      <div>
        <img src={item.image} alt={item.name} width="400" height="300" className="w-full rounded-box bg-base-200" />
      </div>
      <div>
        <h1 className="text-3xl font-bold">{item.name}</h1>
        <p className="mt-4 text-base-content/80">{item.description}</p>
        <p className="mt-4 text-2xl font-semibold text-primary">{formatUsd(item.price)} <span className="text-base font-normal text-base-content/80">per unit</span></p>
        <dl className="mt-4 grid grid-cols-2 gap-2 text-sm">
          <dt className="font-medium">Minimum Quantity:</dt>
          <dd>{item.minQty}</dd>
          <dt className="font-medium">Available Quantity:</dt>
          <dd>{item.availableQty}</dd>
        </dl>
        {soldOut ? (
          <p role="status" className="alert alert-warning mt-6">This tool is out of stock for now.</p>
        ) : (
          <form onSubmit={onSubmit} noValidate className="mt-6 space-y-4" aria-label="Purchase form">
            <div>
              <label htmlFor="purchase-quantity" className="mb-1 block text-sm font-medium">Quantity</label>
              <Controller
                control={control}
                name="quantity"
                render={({ field }) => (
                  <QuantityStepper
                    id="purchase-quantity"
                    value={field.value}
                    start={item.minQty}
                    max={item.availableQty}
                    onChange={field.onChange}
                    invalid={Boolean(errors.quantity)}
                    describedBy={errors.quantity ? 'purchase-quantity-error' : undefined}
                  />
                )}
              />
              {errors.quantity?.message ? (
                <p id="purchase-quantity-error" role="alert" className="mt-1 text-sm text-error">{errors.quantity.message}</p>
              ) : null}
            </div>
            <TextField label="Delivery address" autoComplete="street-address" registration={register('address')} error={errors.address} />
            <TextField label="Phone" type="tel" autoComplete="tel" registration={register('phone')} error={errors.phone} />
            <p className="text-sm text-base-content/80">Delivery is free. You pay on the next step.</p>
            <SubmitButton busy={isSubmitting}>Purchase</SubmitButton>
          </form>
        )}
      </div>
    </section>
  );
}

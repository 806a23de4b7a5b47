import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import type { Tool } from '../../../shared';
import { quantityRefusal, quantityRefusalText } from '../../../shared/buying';
import { TOASTS } from '../../../shared/messages';
import type { Profile } from '../../../shared/schemas/accounts';
import { purchaseFormSchema, type PurchaseForm as PurchaseFormValues } from '../../../shared/schemas/orders';
import { formatLineTotal } from '../../../shared/text';
import { paths } from '../../config/paths';
import { TextField } from '../../components/form-field';
import { QuantityStepper } from '../../components/quantity-stepper';
import { SubmitButton } from '../../components/submit-button';
import { TermsAcceptance } from '../../components/terms-acceptance';
import { useCart } from '../../lib/cart/use-cart';
import { notify } from '../../lib/toast';
import { usePlaceOrder } from '../orders/api/place-order';
import { useTaxConfig } from '../orders/api/get-tax-config';
import { DestinationFields } from '../../components/destination-fields';

interface PurchaseFormProps {
  /** Known before the form mounts, so the quantity starts at this tool's minimum. */
  item: Tool;
  /** The buyer's saved details; may arrive after the buyer has started typing. */
  profile: Pick<Profile, 'address' | 'phone'> | undefined;
  /** Called when the order is refused, so the page can show the tool's current stock. */
  onFailure: () => void;
  /** False while the buyer's address awaits confirmation (the page says so above): Purchase waits too. */
  canOrder?: boolean;
}

const PREFILLED_FIELDS = ['address', 'phone'] as const;

/**
 * The purchase form of one tool. It is never `reset` after mounting: `reset` drops react-hook-form's
 * field registry until the next render, and a keystroke in that gap is lost and then wiped from the
 * input. So the defaults are final at mount, and the saved address and phone are offered with
 * `setValue`, only into fields the buyer has left alone.
 */
export function PurchaseForm({ item, profile, onFailure, canOrder = true }: PurchaseFormProps) {
  const placeOrder = usePlaceOrder();
  const navigate = useNavigate();

  // The server's quantity rule (shared/buying.ts), with this tool's limits, so mistakes show before sending.
  const { minQty, availableQty } = item;
  const schema = useMemo(
    () =>
      purchaseFormSchema.extend({
        quantity: purchaseFormSchema.shape.quantity.superRefine((quantity, context) => {
          const refusal = quantityRefusal({ minQty, availableQty }, quantity);
          if (refusal) context.addIssue({ code: 'custom', message: quantityRefusalText(refusal) });
        }),
      }) satisfies z.ZodType<PurchaseFormValues>,
    [minQty, availableQty],
  );

  const {
    control,
    register,
    handleSubmit,
    getValues,
    getFieldState,
    setValue,
    trigger,
    resetField,
    formState: { errors, isSubmitting },
  } = useForm<PurchaseFormValues>({
    resolver: zodResolver(schema),
    defaultValues: { quantity: item.minQty, address: '', phone: '' },
  });

  // Offer the saved details once, when the profile first arrives. Later refetches, and anything the
  // buyer typed (even while the profile was on its way), are left alone.
  const prefilled = useRef(false);
  useEffect(() => {
    if (!profile || prefilled.current) return;
    prefilled.current = true;
    for (const name of PREFILLED_FIELDS) {
      const saved = profile[name];
      if (!saved || getValues(name) !== '' || getFieldState(name).isDirty) continue;
      // Revalidate only to clear a "required" message shown before the profile arrived.
      setValue(name, saved, { shouldDirty: false, shouldValidate: getFieldState(name).invalid });
    }
  }, [profile, getValues, getFieldState, setValue]);

  const quantity = useWatch({ control, name: 'quantity' });
  const [country, region] = useWatch({ control, name: ['country', 'region'] });

  // The destination: the seller's country until the buyer picks another (DestinationFields).
  const taxConfig = useTaxConfig();
  const clearRegion = useCallback(() => resetField('region', { defaultValue: null }), [resetField]);

  // 'Add to cart' needs only a quantity the form would accept; the delivery details come at checkout.
  const cart = useCart();
  const [adding, setAdding] = useState(false);
  const addToCart = async () => {
    if (!(await trigger('quantity'))) return;
    setAdding(true);
    try {
      await cart.add(item._id, getValues('quantity'));
      notify.success(`Added to your cart: ${getValues('quantity')} × ${item.name}`);
    } catch (error) {
      notify.failure(error);
    } finally {
      setAdding(false);
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { region: chosenRegion, ...rest } = schema.parse(values);
      // No region is sent as none at all, as the spec's payload has it.
      await placeOrder.mutateAsync({ toolId: item._id, ...rest, ...(chosenRegion ? { region: chosenRegion } : {}) });
      notify.success(TOASTS.orderPlaced);
      navigate(paths.myOrders);
    } catch (error) {
      notify.failure(error);
      onFailure();
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="mt-6 space-y-4" aria-label="Purchase form">
      <div>
        <label htmlFor="purchase-quantity" className="mb-1 block text-sm font-medium">Quantity</label>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
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
          {/* What the order will cost, as the stepper moves (an <output> is announced politely).
              Only a whole quantity has a total; the server works out the one that is charged. */}
          <output htmlFor="purchase-quantity" data-testid="running-total" className="font-semibold tabular-nums">
            {Number.isInteger(quantity) && quantity > 0 ? formatLineTotal(quantity, item.price) : null}
          </output>
        </div>
        {errors.quantity?.message ? (
          <p id="purchase-quantity-error" role="alert" className="mt-1 text-sm text-error">{errors.quantity.message}</p>
        ) : null}
      </div>
      <TextField label="Delivery address" autoComplete="street-address" registration={register('address')} error={errors.address} />
      {taxConfig.data ? (
        <DestinationFields
          config={taxConfig.data}
          country={country}
          region={region}
          registerCountry={register('country')}
          registerRegion={register('region')}
          errors={errors}
          clearRegion={clearRegion}
        />
      ) : null}
      <TextField label="Phone" type="tel" autoComplete="tel" registration={register('phone')} error={errors.phone} />
      <p className="text-sm text-base-content/80">Delivery is free. You pay on the next step{taxConfig.data?.pricesIncludeTax ? '' : ', with any tax for your destination'}.</p>
      <TermsAcceptance />
      <SubmitButton busy={isSubmitting} disabled={!canOrder}>Purchase</SubmitButton>
      {cart.owner === 'customer' ? (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <button type="button" className="btn btn-outline btn-primary flex-1" onClick={() => void addToCart()} disabled={adding} aria-busy={adding || undefined}>
            Add to cart
          </button>
          <Link to={paths.cart} className="link">View cart</Link>
        </div>
      ) : null}
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { TOASTS } from '../../../../shared/messages';
import { deliveryFormSchema, type DeliveryForm } from '../../../../shared/schemas/orders';
import type { CartLine } from '../../../../shared';
import { paths } from '../../../config/paths';
import { TextField } from '../../../components/form-field';
import { SubmitButton } from '../../../components/submit-button';
import { TermsAcceptance } from '../../../components/terms-acceptance';
import { notify } from '../../../lib/toast';
import { useSession } from '../../../lib/session-query';
import { useProfile } from '../../accounts/api/get-profile';
import { usePlaceCartOrder } from '../api/place-cart-order';
import { useTaxConfig } from '../../orders/api/get-tax-config';
import { DestinationFields } from '../../../components/destination-fields';

/** Where the order goes, as the tax sees it (decision 048). */
export interface Destination {
  country: string | undefined;
  region: string | null | undefined;
}

interface CartCheckoutFormProps {
  lines: CartLine[];
  /** A line cannot be ordered as it is (shown on the line): the order waits until it is fixed. */
  blocked: boolean;
  /** Told when the buyer changes the country or region, so the summary can show the tax. */
  onDestination?: (destination: Destination) => void;
}

const PREFILLED_FIELDS = ['address', 'phone'] as const;

/**
 * Where to deliver the cart, and one order of all of it. Then straight to paying for that order:
 * one order, one payment, one set of mails.
 */
export function CartCheckoutForm({ lines, blocked, onDestination }: CartCheckoutFormProps) {
  const { data: session } = useSession();
  const profile = useProfile(session?.user.email ?? '');
  const placeOrder = usePlaceCartOrder();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    getValues,
    getFieldState,
    setValue,
    resetField,
    control,
    formState: { errors, isSubmitting },
  } = useForm<DeliveryForm>({ resolver: zodResolver(deliveryFormSchema), defaultValues: { address: '', phone: '' } });

  // The destination: the seller's country until the buyer picks another (DestinationFields).
  const taxConfig = useTaxConfig();
  const [country, region] = useWatch({ control, name: ['country', 'region'] });
  useEffect(() => onDestination?.({ country, region }), [country, region, onDestination]);
  const clearRegion = useCallback(() => resetField('region', { defaultValue: null }), [resetField]);

  // The saved address and phone are offered once, into fields the buyer has left alone.
  const prefilled = useRef(false);
  useEffect(() => {
    if (!profile.data || prefilled.current) return;
    prefilled.current = true;
    for (const name of PREFILLED_FIELDS) {
      const saved = profile.data[name];
      if (saved && getValues(name) === '' && !getFieldState(name).isDirty) setValue(name, saved, { shouldDirty: false });
    }
  }, [profile.data, getValues, getFieldState, setValue]);

  const onSubmit = handleSubmit(async (delivery) => {
    try {
      // Only what an order line takes: a customer's cart lines also carry the SKU the server answered.
      const ordered = lines.map(({ toolId, quantity }) => ({ toolId, quantity }));
      const { region: chosenRegion, ...rest } = deliveryFormSchema.parse(delivery);
      const { insertedId } = await placeOrder.mutateAsync({ lines: ordered, ...rest, ...(chosenRegion ? { region: chosenRegion } : {}) });
      notify.success(TOASTS.orderPlaced);
      navigate(paths.checkOut(insertedId));
    } catch (error) {
      notify.failure(error);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Delivery and order">
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
      <p className="text-sm text-base-content/80">Delivery is free. You pay for the whole order on the next step.</p>
      <TermsAcceptance />
      <SubmitButton busy={isSubmitting} disabled={blocked || lines.length === 0}>
        Place order
      </SubmitButton>
    </form>
  );
}

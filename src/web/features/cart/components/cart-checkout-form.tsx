import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
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

interface CartCheckoutFormProps {
  lines: CartLine[];
  /** A line cannot be ordered as it is (shown on the line): the order waits until it is fixed. */
  blocked: boolean;
}

const PREFILLED_FIELDS = ['address', 'phone'] as const;

/**
 * Where to deliver the cart, and one order of all of it. Then straight to paying for that order:
 * one order, one payment, one set of mails.
 */
export function CartCheckoutForm({ lines, blocked }: CartCheckoutFormProps) {
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
    formState: { errors, isSubmitting },
  } = useForm<DeliveryForm>({ resolver: zodResolver(deliveryFormSchema), defaultValues: { address: '', phone: '' } });

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
      const { insertedId } = await placeOrder.mutateAsync({ lines: ordered, ...deliveryFormSchema.parse(delivery) });
      notify.success(TOASTS.orderPlaced);
      navigate(paths.checkOut(insertedId));
    } catch (error) {
      notify.failure(error);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Delivery and order">
      <TextField label="Delivery address" autoComplete="street-address" registration={register('address')} error={errors.address} />
      <TextField label="Phone" type="tel" autoComplete="tel" registration={register('phone')} error={errors.phone} />
      <p className="text-sm text-base-content/80">Delivery is free. You pay for the whole order on the next step.</p>
      <TermsAcceptance />
      <SubmitButton busy={isSubmitting} disabled={blocked || lines.length === 0}>
        Place order
      </SubmitButton>
    </form>
  );
}

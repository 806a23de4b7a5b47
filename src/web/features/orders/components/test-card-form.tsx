import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { testCardSchema, type TestCardInput } from '../../../../shared/schemas/orders';
import { TextField } from '../../../components/form-field';
import { SubmitButton } from '../../../components/submit-button';

interface TestCardFormProps {
  disabled: boolean;
  paying: boolean;
  onPay: (card: TestCardInput) => void;
}

/** The card form of the built-in test-mode processor: number, expiry (MM/YY) and CVC. */
export function TestCardForm({ disabled, paying, onPay }: TestCardFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TestCardInput>({ resolver: zodResolver(testCardSchema), defaultValues: { number: '', expiry: '', cvc: '' } });

  return (
    <form onSubmit={handleSubmit((card) => onPay(card))} noValidate className="space-y-4" aria-label="Card payment form">
      <p className="rounded-box bg-info/10 p-3 text-sm">
        Test mode: pay with card 4242 4242 4242 4242, any future expiry date and any three-digit CVC. No real card is charged.
      </p>
      <TextField
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        registration={register('number')}
        error={errors.number}
      />
      <div className="grid grid-cols-2 gap-4">
        <TextField label="Expiry (MM/YY)" autoComplete="cc-exp" placeholder="MM/YY" registration={register('expiry')} error={errors.expiry} />
        <TextField label="CVC" inputMode="numeric" autoComplete="cc-csc" placeholder="123" registration={register('cvc')} error={errors.cvc} />
      </div>
      <SubmitButton busy={paying} disabled={disabled}>Pay</SubmitButton>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { testCardSchema, type TestCardInput } from '../../../../shared/schemas/orders';
import { SubmitButton } from '../../../components/submit-button';
import { formatCardNumber, formatExpiry } from '../card-formats';
import { CardField } from './card-field';

/** The security code: three digits (four on American Express cards), nothing to lay out. */
const cvcDigits = (digits: string) => digits.slice(0, 4);

interface TestCardFormProps {
  disabled: boolean;
  paying: boolean;
  onPay: (card: TestCardInput) => void;
  /** The processor declined the card: shown under the card number, which takes the focus (and so comes into view). */
  declined?: { message: string; at: number } | null;
}

/** The card form of the built-in test-mode processor: number, expiry (MM/YY) and CVC. */
export function TestCardForm({ disabled, paying, onPay, declined = null }: TestCardFormProps) {
  const {
    control,
    handleSubmit,
    setError,
  } = useForm<TestCardInput>({ resolver: zodResolver(testCardSchema), defaultValues: { number: '', expiry: '', cvc: '' } });

  // A decline is about the card: said at its number field, read out (role=alert) and scrolled to,
  // so a phone's keyboard or the screen's edge does not hide it.
  useEffect(() => {
    if (declined) setError('number', { type: 'declined', message: declined.message }, { shouldFocus: true });
  }, [declined, setError]);

  return (
    <form onSubmit={handleSubmit((card) => onPay(card))} noValidate className="space-y-4" aria-label="Card payment form">
      <div role="note" className="rounded-box border border-warning bg-warning/15 p-3 text-sm" data-testid="test-mode-notice">
        <p className="font-semibold">Test mode – no real charges</p>
        <p>Pay with card 4242 4242 4242 4242, any future expiry date and any three-digit CVC. No real card is charged.</p>
      </div>
      <CardField control={control} name="number" label="Card number" autoComplete="cc-number" placeholder="1234 1234 1234 1234" format={formatCardNumber} />
      <div className="grid grid-cols-2 gap-4">
        <CardField control={control} name="expiry" label="Expiry (MM/YY)" autoComplete="cc-exp" placeholder="MM / YY" format={formatExpiry} />
        <CardField control={control} name="cvc" label="CVC" autoComplete="cc-csc" placeholder="123" format={cvcDigits} />
      </div>
      <SubmitButton busy={paying} disabled={disabled}>Pay</SubmitButton>
    </form>
  );
}

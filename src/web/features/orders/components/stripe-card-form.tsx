import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useEffect, useState, type FormEvent } from 'react';
import { SubmitButton } from '../../../components/submit-button';

/**
 * Stripe Elements for the checkout page when Stripe is the payment provider. The checkout page
 * imports this module lazily, so Stripe.js (from js.stripe.com) is fetched only by Stripe stores
 * and only on that page. Card details go from the browser straight to Stripe; the server learns
 * the outcome by retrieving the intent itself (and from Stripe's webhook).
 */
export interface StripeCardFormProps {
  publishableKey: string;
  clientSecret: string;
  billingDetails: { name: string; email: string; phone: string };
  onSucceeded(intentId: string): void;
  onError(message: string): void;
  disabled?: boolean;
}

// One Stripe.js instance per publishable key, kept across renders and remounts.
const stripePromises = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let promise = stripePromises.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey);
    stripePromises.set(publishableKey, promise);
  }
  return promise;
}

const FAILED = 'The payment could not be completed. Please try again.';

export function StripeCardForm(props: StripeCardFormProps) {
  return (
    // Elements cannot change its client secret once mounted: a new intent gets new Elements.
    <Elements key={props.clientSecret} stripe={stripeFor(props.publishableKey)} options={{ clientSecret: props.clientSecret }}>
      <PaymentForm {...props} />
    </Elements>
  );
}

function PaymentForm({ clientSecret, billingDetails, onSucceeded, onError, disabled = false }: StripeCardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [paying, setPaying] = useState(false);
  const [succeeded, setSucceeded] = useState(false);

  // Back from a redirect-based payment method, or the intent was already paid: report it once.
  useEffect(() => {
    if (!stripe) return;
    let cancelled = false;
    stripe
      .retrievePaymentIntent(clientSecret)
      .then(({ paymentIntent }) => {
        if (cancelled || paymentIntent?.status !== 'succeeded') return;
        setSucceeded(true);
        onSucceeded(paymentIntent.id);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
    // onSucceeded is deliberately left out: a parent's new callback must not report twice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stripe, clientSecret]);

  async function pay(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!stripe || !elements || paying || succeeded) return;
    setPaying(true);
    try {
      const result = await stripe.confirmPayment({
        elements,
        redirect: 'if_required',
        confirmParams: {
          // Only redirect-based payment methods (not cards) leave the page; they come back here.
          return_url: window.location.href,
          payment_method_data: { billing_details: billingDetails },
        },
      });
      if (result.error) {
        onError(result.error.message ?? FAILED);
      } else if (result.paymentIntent.status === 'succeeded') {
        setSucceeded(true);
        onSucceeded(result.paymentIntent.id);
      } else if (result.paymentIntent.status === 'processing') {
        onError('Your payment is processing. This page will show it as paid once the bank confirms it.');
      } else {
        onError(FAILED);
      }
    } catch {
      onError(FAILED);
    } finally {
      setPaying(false);
    }
  }

  return (
    <form onSubmit={(event) => void pay(event)} className="space-y-4" aria-label="Card payment form">
      <PaymentElement options={{ layout: 'tabs' }} />
      <SubmitButton busy={paying} disabled={disabled || succeeded || !stripe || !elements}>Pay</SubmitButton>
    </form>
  );
}

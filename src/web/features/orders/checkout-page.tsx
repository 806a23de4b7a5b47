import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { API_ERRORS, TOASTS } from '../../../shared/messages';
import type { TestCardInput } from '../../../shared/schemas/orders';
import { OrderLines } from './components/order-lines';
import { paths } from '../../config/paths';
import { Loading } from '../../components/loading';
import { ApiRequestError, isApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session-query';
import { ordersQueryKey } from './api/get-my-orders';
import { useOrder } from './api/get-order';
import { confirmTestPayment, reportPayment, usePaymentConfig, usePaymentIntent } from './api/payment';
import { TestCardForm } from './components/test-card-form';

// Stripe's code is fetched only by stores that use Stripe, and only on this page.
const StripeCardForm = lazy(() => import('./components/stripe-card-form').then((m) => ({ default: m.StripeCardForm })));

const errorText = (error: unknown) =>
  error instanceof ApiRequestError ? error.message : 'The payment could not be completed. Please try again.';

export default function CheckoutPage() {
  const { id = '' } = useParams();
  const { data: session } = useSession();
  const order = useOrder(id);
  const config = usePaymentConfig();
  const payable = Boolean(order.data && !order.data.paid && order.data.status === null);
  const intent = usePaymentIntent(id, payable);
  const queryClient = useQueryClient();
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [declined, setDeclined] = useState<{ message: string; at: number } | null>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);
  // Any other refusal (sold out meanwhile, expired) is said under the form: brought into view.
  useEffect(() => {
    if (error) errorRef.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [error]);
  const [paidWith, setPaidWith] = useState<string | null>(null);

  if (order.isPending || config.isPending) return <Loading label="Loading your order" />;
  if (order.isError || !order.data) {
    return (
      <section>
        <h2 className="text-3xl font-bold">Order not found</h2>
        <Link to={paths.myOrders} className="btn btn-primary mt-6">Back to My Orders</Link>
      </section>
    );
  }
  const current = order.data;
  const billingDetails = { name: session?.user.name ?? current.name, email: session?.user.email ?? current.email, phone: current.phone };
  const transactionId = paidWith ?? (current.paid ? current.transactionId : null);

  /** The provider took the money: the server checks that with the provider and marks the order paid. */
  const settle = async (intentId: string) => {
    await reportPayment(current._id, intentId);
    setPaidWith(intentId);
    await queryClient.invalidateQueries({ queryKey: ordersQueryKey });
  };

  const payWithTestCard = async (card: TestCardInput) => {
    if (!intent.data || paying || transactionId) return;
    setError(null);
    setDeclined(null);
    setPaying(true);
    try {
      const { paymentIntent } = await confirmTestPayment(intent.data.clientSecret, card, billingDetails);
      await settle(paymentIntent.id);
    } catch (failure) {
      if (isApiError(failure, 'CARD_DECLINED', 'PAYMENT_NOT_COMPLETED')) setDeclined({ message: failure.message, at: Date.now() });
      else setError(errorText(failure));
    } finally {
      setPaying(false);
    }
  };

  return (
    <section aria-labelledby="checkout-title" className="max-w-3xl">
      <h2 id="checkout-title" className="text-3xl font-bold">Checkout</h2>
      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <div className="card bg-base-100 p-6 shadow-sm ring-1 ring-base-300">
          <h3 className="text-lg font-semibold">Order summary</h3>
          <OrderLines order={current} listLabel="Tools in this order" lineTestId="checkout-line" totalTestId="order-total" />
          <p className="mt-4 text-sm text-base-content/80">Delivering to {current.address} ({current.phone})</p>
        </div>

        <div className="card bg-base-100 p-6 shadow-sm ring-1 ring-base-300">
          {transactionId ? (
            <div role="status">
              <p className="text-lg font-semibold text-success">{TOASTS.paymentSucceeded}</p>
              <p className="mt-2 text-sm">
                Your transaction id:
              </p>
              {/* One token someone may copy or read out: never broken across lines (it scrolls on a narrow phone). */}
              <p className="overflow-x-auto">
                <code className="font-mono text-sm whitespace-nowrap" data-testid="transaction-id">{transactionId}</code>
              </p>
              <div className="mt-6 flex flex-wrap gap-2">
                <Link to={paths.orderPage(current._id)} className="btn btn-primary">See the order and its invoice</Link>
                <Link to={paths.myOrders} className="btn btn-outline">Back to My Orders</Link>
              </div>
            </div>
          ) : current.status === 'expired' ? (
            <p role="alert" className="text-error">{API_ERRORS.orderExpired}</p>
          ) : intent.isError ? (
            <p role="alert" className="text-error">{errorText(intent.error)}</p>
          ) : !intent.data ? (
            <Loading label="Preparing the payment" />
          ) : config.data?.provider === 'stripe' ? (
            <Suspense fallback={<Loading label="Loading the card form" />}>
              <StripeCardForm
                publishableKey={config.data.publishableKey}
                clientSecret={intent.data.clientSecret}
                billingDetails={billingDetails}
                onSucceeded={(intentId) => void settle(intentId).catch((failure: unknown) => setError(errorText(failure)))}
                onError={setError}
              />
            </Suspense>
          ) : (
            <TestCardForm disabled={Boolean(transactionId)} paying={paying} declined={declined} onPay={(card) => void payWithTestCard(card)} />
          )}
          {error && !transactionId ? (
            <p ref={errorRef} role="alert" className="mt-4 text-sm font-medium text-error" data-testid="payment-error">{error}</p>
          ) : null}
        </div>
      </div>
    </section>
  );
}

import { useQueries, useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { dollarsToCents, quantityProblem, type Tool } from '../../../shared';
import { estimateTax } from './estimate-tax';
import { useTaxConfig } from '../orders/api/get-tax-config';
import { TaxRows } from '../../components/tax-rows';
import { paths } from '../../config/paths';
import { Loading } from '../../components/loading';
import { isApiError } from '../../lib/api-client';
import type { LoginState } from '../../lib/login-state';
import { notify } from '../../lib/toast';
import { itemQueryOptions } from '../catalogue/api/get-item';
import { useCart } from '../../lib/cart/use-cart';
import { CartCheckoutForm, type Destination } from './components/cart-checkout-form';
import { CartLineItem } from './components/cart-line-item';
import { CART_HEAD } from '../../../shared/page-heads';
import { useDocumentHead } from '../../lib/document-head';
import { useSession } from '../../lib/session-query';
import { profileQueryOptions } from '../accounts/api/get-profile';

/** The tool of each line as the catalogue has it now: the tool, null when it is gone (TOOL_NOT_FOUND), undefined while loading. */
function useLineTools(toolIds: string[]): Array<Tool | null | undefined> {
  return useQueries({
    queries: toolIds.map((id) => ({ ...itemQueryOptions(id), retry: (count: number, error: Error) => !isApiError(error, 'TOOL_NOT_FOUND') && count < 2 })),
    combine: (results) =>
      results.map((result) => (result.data ? result.data : isApiError(result.error, 'TOOL_NOT_FOUND') ? null : undefined)),
  });
}

export default function CartPage() {
  useDocumentHead(CART_HEAD);
  const cart = useCart();
  const tools = useLineTools(cart.lines.map((line) => line.toolId));
  const failed = useCallback((error: unknown) => notify.failure(error), []);
  const setQuantity = useCallback((toolId: string, quantity: number) => void cart.set(toolId, quantity).catch(failed), [cart, failed]);

  const priced = cart.lines.map((line, i) => ({ unitCents: tools[i] ? dollarsToCents(tools[i].price) : 0, quantity: line.quantity, taxClass: tools[i]?.taxClass ?? 'standard' }));
  // The tax for the destination chosen (the seller's country until then), each line at its tool's class's rate,
  // worked out as the server will (shared/tax.ts), with the reverse charge for a business with an EU VAT number on its profile.
  const taxConfig = useTaxConfig();
  const { data: session } = useSession();
  const buyerEmail = cart.owner === 'customer' ? (session?.user.email ?? '') : '';
  const profile = useQuery({ ...profileQueryOptions(buyerEmail), enabled: buyerEmail !== '' });
  const [destination, setDestination] = useState<Destination>({ country: undefined, region: undefined });
  const estimate = estimateTax(priced, taxConfig.data, destination, profile.data?.taxId ?? null);
  const blocked = cart.lines.some((line, i) => tools[i] === undefined || tools[i] === null || quantityProblem(tools[i], line.quantity) !== null);

  return (
    <section aria-labelledby="cart-title" className="mx-auto max-w-5xl px-4 py-10">
      <h1 id="cart-title" className="text-3xl font-bold">Your cart</h1>
      {cart.owner === 'admin' ? <AdminNotice /> : null}
      {cart.isLoading || cart.owner === 'pending' ? <Loading label="Loading your cart" /> : null}
      {cart.loadFailed ? (
        <div role="alert" className="alert alert-error mt-6">
          <span>Your cart could not be loaded.</span>
          <button type="button" className="btn btn-sm" onClick={cart.reload}>Try again</button>
        </div>
      ) : null}
      {!cart.isLoading && !cart.loadFailed && (cart.owner === 'visitor' || cart.owner === 'customer') && cart.lines.length === 0 ? <EmptyCart /> : null}
      {cart.lines.length > 0 ? (
        <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <ul className="grid content-start gap-3" aria-label="Tools in your cart">
            {cart.lines.map((line, i) => (
              <CartLineItem
                key={line.toolId}
                line={line}
                tool={tools[i]}
                onQuantity={(quantity) => setQuantity(line.toolId, quantity)}
                onRemove={() => void cart.remove(line.toolId).catch(failed)}
              />
            ))}
          </ul>
          <aside aria-labelledby="cart-summary-title" className="card h-fit bg-base-100 p-6 shadow-sm ring-1 ring-base-300">
            <h2 id="cart-summary-title" className="text-lg font-semibold">Order summary</h2>
            <dl className="mt-4 grid grid-cols-2 gap-y-2 text-sm">
              <dt>Tools</dt>
              <dd className="text-right">{cart.lines.length}</dd>
            </dl>
            <TaxRows {...estimate} totalTestId="cart-total" />
            <div className="mt-6">
              {cart.owner === 'customer' ? (
                <CartCheckoutForm lines={cart.lines} blocked={blocked} onDestination={setDestination} />
              ) : (
                <Link to={paths.login} state={{ from: paths.cart } satisfies LoginState} className="btn btn-primary w-full">
                  Sign in to order
                </Link>
              )}
            </div>
          </aside>
        </div>
      ) : null}
    </section>
  );
}

function EmptyCart() {
  return (
    <div className="mt-6 rounded-box p-8 text-center ring-1 ring-base-300">
      <p>Your cart is empty.</p>
      <Link to={paths.ourTools} className="btn btn-primary mt-4">Browse our tools</Link>
    </div>
  );
}

function AdminNotice() {
  return <p className="alert mt-6">Admin accounts do not buy, so they have no cart. Sign in with a customer account to order.</p>;
}

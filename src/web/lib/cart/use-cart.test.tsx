import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { API_ERRORS, LIMITS } from '../../../shared';
import { apiError } from '../../../../tests/support/web/fake-api';
import { CUSTOMER, fakeStore } from '../../../../tests/support/web/fake-store';
import { renderPage } from '../../../../tests/support/web/render';
import { CartLink } from '../../components/cart-link';
import { failureMessage } from '../request-failure';
import { localCart } from './local-cart';
import { useCart } from './use-cart';
import { useCartSync } from './use-cart-sync';

/** The navbar's cart link and what the cart holds, as the root layout and the cart page see it. */
function Cart() {
  useCartSync();
  const cart = useCart();
  const [refusal, setRefusal] = useState<string | null>(null);
  const send = (change: Promise<void>) => change.catch((error: unknown) => setRefusal(failureMessage(error)));
  return (
    <>
      <CartLink />
      <p data-testid="owner">{cart.owner}</p>
      {refusal ? <p role="alert">{refusal}</p> : null}
      <ul aria-label="Lines">
        {cart.lines.map((line) => (
          <li key={line.toolId}>{`${line.toolId} × ${line.quantity}`}</li>
        ))}
      </ul>
      <button type="button" onClick={() => void send(cart.add('tool-a', 2))}>Add 2 of tool-a</button>
      <button type="button" onClick={() => void send(cart.set('tool-a', 5))}>Set tool-a to 5</button>
      <button type="button" onClick={() => void send(cart.remove('tool-a'))}>Remove tool-a</button>
    </>
  );
}

const lines = () => screen.getByRole('list', { name: 'Lines' }).textContent;
const cartLink = () => screen.getByTestId('cart-link').getAttribute('aria-label');

beforeEach(() => {
  localCart.clear();
});

describe("a visitor's cart", () => {
  it('is kept in this browser: added to, set and removed without asking the server', async () => {
    const store = fakeStore({ signedIn: null });
    const user = userEvent.setup();
    renderPage(<Cart />);
    await waitFor(() => expect(screen.getByTestId('owner').textContent).toBe('visitor'));
    expect(cartLink()).toBe('Cart, empty');

    await user.click(screen.getByRole('button', { name: 'Add 2 of tool-a' }));
    await user.click(screen.getByRole('button', { name: 'Add 2 of tool-a' }));
    expect(lines()).toBe('tool-a × 4');
    expect(cartLink()).toBe('Cart, 1 tool');
    await user.click(screen.getByRole('button', { name: 'Set tool-a to 5' }));
    expect(localCart.lines()).toEqual([{ toolId: 'tool-a', quantity: 5 }]);
    await user.click(screen.getByRole('button', { name: 'Remove tool-a' }));
    expect(cartLink()).toBe('Cart, empty');
    expect(store.api.requests.filter((request) => request.path.startsWith('/api/cart'))).toEqual([]);
  });

  it(`says the cart is full rather than drop a ${LIMITS.orderLinesMax + 1}st tool`, async () => {
    fakeStore({ signedIn: null });
    for (let i = 0; i < LIMITS.orderLinesMax; i += 1) localCart.add(`tool-${i}`, 1);
    const user = userEvent.setup();
    renderPage(<Cart />);
    await user.click(await screen.findByRole('button', { name: 'Add 2 of tool-a' }));
    expect((await screen.findByRole('alert')).textContent).toBe(API_ERRORS.cartFull);
  });
});

describe('signing in with a cart', () => {
  it("joins the visitor's cart to the customer's own on the server, keeping the larger quantity, then empties this browser's", async () => {
    const store = fakeStore({ signedIn: CUSTOMER });
    store.state.cart = [
      { toolId: 'tool-a', quantity: 5 },
      { toolId: 'tool-z', quantity: 1 },
    ];
    localCart.add('tool-a', 2);
    localCart.add('tool-b', 3);
    renderPage(<Cart />);

    await waitFor(() => expect(lines()).toBe('tool-a × 5tool-z × 1tool-b × 3'));
    expect(cartLink()).toBe('Cart, 3 tools');
    expect(store.api.requestsTo('POST', '/api/cart/merge').map((request) => request.body)).toEqual([
      {
        lines: [
          { toolId: 'tool-a', quantity: 2 },
          { toolId: 'tool-b', quantity: 3 },
        ],
      },
    ]);
    expect(localCart.lines()).toEqual([]);
  });

  it("keeps this browser's cart when the merge is refused, to try again on the next page", async () => {
    const store = fakeStore({ signedIn: CUSTOMER });
    store.api.on('POST', '/api/cart/merge', () => apiError(503, 'The store is busy. Please try again in a moment.'));
    localCart.add('tool-b', 3);
    renderPage(<Cart />);

    await waitFor(() => expect(store.api.requestsTo('POST', '/api/cart/merge')).toHaveLength(1));
    expect(localCart.lines()).toEqual([{ toolId: 'tool-b', quantity: 3 }]);
  });

  it('gives an admin no cart: nothing is merged and the navbar shows no cart', async () => {
    const store = fakeStore({ signedIn: { id: 'user-ada', email: 'ada@example.com', name: 'Ada Admin', role: 'admin' } });
    localCart.add('tool-b', 3);
    renderPage(<Cart />);
    await waitFor(() => expect(screen.getByTestId('owner').textContent).toBe('admin'));
    expect(screen.queryByTestId('cart-link')).toBeNull();
    expect(lines()).toBe('');
    expect(store.api.requestsTo('POST', '/api/cart/merge')).toHaveLength(0);
  });
});

describe("a customer's cart", () => {
  it('is the one on the server: every change is sent and its answer shown', async () => {
    const store = fakeStore({ signedIn: CUSTOMER });
    const user = userEvent.setup();
    renderPage(<Cart />);
    await waitFor(() => expect(screen.getByTestId('owner').textContent).toBe('customer'));

    await user.click(screen.getByRole('button', { name: 'Add 2 of tool-a' }));
    await waitFor(() => expect(lines()).toBe('tool-a × 2'));
    await user.click(screen.getByRole('button', { name: 'Set tool-a to 5' }));
    await waitFor(() => expect(lines()).toBe('tool-a × 5'));
    await user.click(screen.getByRole('button', { name: 'Remove tool-a' }));
    await waitFor(() => expect(lines()).toBe(''));

    const changes = store.api.requests.filter((request) => request.path.startsWith('/api/cart/')).map((request) => `${request.method} ${request.path}`);
    expect(changes).toEqual(['POST /api/cart/lines', 'PUT /api/cart/lines/tool-a', 'DELETE /api/cart/lines/tool-a']);
    expect(localCart.lines()).toEqual([]);
  });
});

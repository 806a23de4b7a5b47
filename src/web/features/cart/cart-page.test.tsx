import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { API_ERRORS, formatUsd, IDEMPOTENCY_KEY_HEADER, VALIDATION } from '../../../shared';
import { CUSTOMER, fakeStore, fakeTool } from '../../../../tests/support/web/fake-store';
import { apiError } from '../../../../tests/support/web/fake-api';
import { renderPage } from '../../../../tests/support/web/render';
import { paths } from '../../config/paths';
import { localCart } from '../../lib/cart/local-cart';
import CartPage from './cart-page';

const DRILL = fakeTool({ _id: 'tool-drill', name: 'Cordless Drill', sku: 'TM-DRL-18V', price: 39.99, minQty: 1, availableQty: 20 });
const BITS = fakeTool({ _id: 'tool-bits', name: 'Drill Bits', price: 0.1, minQty: 5, availableQty: 500 });
const METER = fakeTool({ _id: 'tool-meter', name: 'Multimeter', price: 19.99, minQty: 1, availableQty: 2 });

const renderCart = () => renderPage(<CartPage />, { path: paths.cart });
/** The line of the tool called `name`, once its tool has loaded. */
function lineOf(name: string): HTMLElement {
  const line = screen.queryAllByTestId('cart-line').find((candidate) => within(candidate).queryByRole('heading', { name }));
  if (!line) throw new Error(`no line of ${name} in the cart`);
  return line;
}
const total = () => screen.getByTestId('cart-total').textContent;

beforeEach(() => {
  localCart.clear();
});

describe('the cart page', () => {
  it("shows a visitor's tools with their SKUs and prices now, each line's total and the order's, worked out in cents", async () => {
    fakeStore({ signedIn: null, tools: [DRILL, BITS] });
    localCart.add(DRILL._id, 11);
    localCart.add(BITS._id, 7);
    renderCart();

    await waitFor(() => expect(within(lineOf('Cordless Drill')).getByTestId('cart-line-total').textContent).toBe('$439.89'));
    expect(within(lineOf('Drill Bits')).getByTestId('cart-line-total').textContent).toBe('$0.70');
    expect(within(lineOf('Drill Bits')).getByText(`${formatUsd(0.1)} each · minimum 5 · 500 available`)).toBeTruthy();
    expect(within(lineOf('Cordless Drill')).getByTestId('cart-line-sku').textContent).toBe('SKU TM-DRL-18V');
    expect(total()).toBe('$440.59');
    expect(screen.getByRole('link', { name: 'Sign in to order' }).getAttribute('href')).toBe(paths.login);
  });

  it("saves a visitor's new quantity in this browser once the stepper rests, and the totals follow", async () => {
    fakeStore({ signedIn: null, tools: [DRILL] });
    localCart.add(DRILL._id, 2);
    const user = userEvent.setup();
    renderCart();
    const line = await waitFor(() => lineOf('Cordless Drill'));
    await waitFor(() => expect(total()).toBe('$79.98'));

    await user.click(within(line).getByRole('button', { name: 'Increase quantity' }));
    await user.click(within(line).getByRole('button', { name: 'Increase quantity' }));
    expect(within(line).getByTestId('cart-line-total').textContent).toBe('$159.96');
    await waitFor(() => expect(localCart.lines()).toEqual([{ toolId: DRILL._id, quantity: 4 }]));
    expect(total()).toBe('$159.96');
  });

  it("sends a customer's typed quantity as one change, removes a line, and says when the cart is empty", async () => {
    const store = fakeStore({ signedIn: CUSTOMER, tools: [DRILL] });
    store.state.cart = [{ toolId: DRILL._id, quantity: 3 }];
    const user = userEvent.setup();
    renderCart();
    const line = await waitFor(() => lineOf('Cordless Drill'));

    const input = within(line).getByLabelText('Quantity of Cordless Drill');
    await user.clear(input);
    await user.type(input, '12');
    await waitFor(() => expect(store.state.cart).toEqual([{ toolId: DRILL._id, quantity: 12 }]));
    expect(store.api.requestsTo('PUT', `/api/cart/lines/${DRILL._id}`).map((request) => request.body)).toEqual([{ quantity: 12 }]);
    await waitFor(() => expect(total()).toBe('$479.88'));

    await user.click(within(line).getByRole('button', { name: 'Remove Cordless Drill from the cart' }));
    expect(await screen.findByText('Your cart is empty.')).toBeTruthy();
    expect(store.state.cart).toEqual([]);
  });

  it('holds the order back while a line asks for more than there is, or its tool is no longer sold', async () => {
    const store = fakeStore({ signedIn: CUSTOMER, tools: [METER] });
    store.state.cart = [
      { toolId: METER._id, quantity: 3 },
      { toolId: 'tool-gone', quantity: 1 },
    ];
    // The API's answer for a tool that is gone: the page reads its code, TOOL_NOT_FOUND.
    store.api.on('GET', '/api/items/tool-gone', () => apiError(404, API_ERRORS.toolNotFound, 'TOOL_NOT_FOUND'));
    renderCart();

    expect((await screen.findAllByTestId('cart-line-problem')).map((problem) => problem.textContent)).toEqual([
      API_ERRORS.notEnoughStockOf('Multimeter', 2),
      'This tool is no longer sold: remove it to order the rest',
    ]);
    expect(screen.getByRole('heading', { name: 'A tool no longer sold' })).toBeTruthy();
    // Only the line whose tool is still sold has a SKU to show.
    expect(screen.getAllByTestId('cart-line-sku').map((sku) => sku.textContent)).toEqual([`SKU ${METER.sku}`]);
    expect(screen.getByRole('button', { name: 'Place order' })).toHaveProperty('disabled', true);
    // The line of the tool that is gone counts for nothing in the total.
    expect(total()).toBe('$59.97');
  });

  it("orders a customer's whole cart at the saved address, once, then goes on to pay for it", async () => {
    const store = fakeStore({ signedIn: CUSTOMER, tools: [DRILL, BITS], saved: { address: '1 Main St', phone: '' } });
    store.state.cart = [
      { toolId: DRILL._id, quantity: 2 },
      { toolId: BITS._id, quantity: 10 },
    ];
    store.api.on('POST', '/api/orders', () => ({ status: 201, body: { insertedId: 'order-7' } }));
    const user = userEvent.setup();
    renderCart();

    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Delivery address').value).toBe('1 Main St'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place order' })).toHaveProperty('disabled', false));
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText(VALIDATION.phoneRequired)).toBeTruthy();
    expect(store.api.requestsTo('POST', '/api/orders')).toHaveLength(0);

    await user.type(screen.getByLabelText('Phone'), '555-0100');
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect((await screen.findByTestId('elsewhere')).textContent).toBe(paths.checkOut('order-7'));
    const [order, ...more] = store.api.requestsTo('POST', '/api/orders');
    expect(more).toHaveLength(0);
    expect(order!.body).toEqual({ lines: store.state.cart, address: '1 Main St', phone: '555-0100', country: 'US' });
    expect(order!.headers.get(IDEMPOTENCY_KEY_HEADER)).toBeTruthy();
  });

  it('tells an admin that admin accounts have no cart', async () => {
    fakeStore({ signedIn: { id: 'user-ada', email: 'ada@example.com', name: 'Ada Admin', role: 'admin' } });
    renderCart();
    expect(await screen.findByText(/Admin accounts do not buy, so they have no cart/)).toBeTruthy();
  });

  it("says a customer's cart could not be loaded, never that it is empty, and shows it on Try again", async () => {
    const store = fakeStore({ signedIn: CUSTOMER, tools: [DRILL] });
    store.state.cart.push({ toolId: DRILL._id, quantity: 2 });
    let down = true;
    store.api.on('GET', '/api/cart', () =>
      down ? apiError(500, API_ERRORS.internal) : { body: { lines: [{ toolId: DRILL._id, quantity: 2, sku: DRILL.sku ?? '' }] } },
    );
    renderCart();
    const alert = await screen.findByText('Your cart could not be loaded.', {}, { timeout: 5000 });
    expect(screen.queryByText('Your cart is empty.')).toBeNull();
    down = false;
    await userEvent.setup().click(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(lineOf('Cordless Drill')).toBeTruthy());
    expect(screen.queryByText('Your cart could not be loaded.')).toBeNull();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { API_ERRORS, formatUsd, TOASTS } from '../../../shared';
import { apiError } from '../../../../tests/support/web/fake-api';
import { CUSTOMER, fakeStore, fakeTool } from '../../../../tests/support/web/fake-store';
import { renderPage } from '../../../../tests/support/web/render';
import { paths } from '../../config/paths';
import { localCart } from '../../lib/cart/local-cart';
import CartPage from './cart-page';

/** The cart's lines: the stepper's bounds, each line's problems, links, and changes the store refuses. */

const BITS = fakeTool({ _id: 'tool-bits', name: 'Drill Bits', price: 0.25, minQty: 5, availableQty: 40 });
const CLAMP = fakeTool({ _id: 'tool-clamp', name: 'Bar Clamp', price: 12, minQty: 2, availableQty: 4 });
const GONE = fakeTool({ _id: 'tool-gone-soon', name: 'Old Vise', price: 30, availableQty: 0 });

const renderCart = () => ({ user: userEvent.setup(), ...renderPage(<CartPage />, { path: paths.cart }) });
function lineOf(name: string): HTMLElement {
  const line = screen.queryAllByTestId('cart-line').find((candidate) => within(candidate).queryByRole('heading', { name }));
  if (!line) throw new Error(`no line of ${name} in the cart`);
  return line;
}
const placeOrder = () => screen.getByRole('button', { name: 'Place order' });

beforeEach(() => {
  localCart.clear();
});

describe("the cart's lines", () => {
  it("keep the stepper within the tool's minimum and what is available", async () => {
    fakeStore({ signedIn: null, tools: [CLAMP] });
    localCart.add(CLAMP._id, 3);
    const { user } = renderCart();
    const line = await waitFor(() => lineOf('Bar Clamp'));
    const less = within(line).getByRole('button', { name: 'Decrease quantity' });
    const more = within(line).getByRole('button', { name: 'Increase quantity' });

    await user.click(less);
    expect(within(line).getByLabelText<HTMLInputElement>('Quantity of Bar Clamp').value).toBe('2');
    expect(less).toHaveProperty('disabled', true);
    await user.click(more);
    await user.click(more);
    expect(within(line).getByLabelText<HTMLInputElement>('Quantity of Bar Clamp').value).toBe('4');
    expect(more).toHaveProperty('disabled', true);
    expect(within(line).getByTestId('cart-line-total').textContent).toBe(formatUsd(48));
    await waitFor(() => expect(localCart.lines()).toEqual([{ toolId: CLAMP._id, quantity: 4 }]));
  });

  it("hold the order back while a line is under its tool's minimum, until it is raised", async () => {
    const store = fakeStore({ signedIn: CUSTOMER, tools: [BITS] });
    store.state.cart = [{ toolId: BITS._id, quantity: 2 }];
    const { user } = renderCart();
    const line = await waitFor(() => lineOf('Drill Bits'));

    expect((await within(line).findByTestId('cart-line-problem')).textContent).toBe(API_ERRORS.belowMinimumOf('Drill Bits', 5));
    expect(within(line).getByLabelText('Quantity of Drill Bits').getAttribute('aria-invalid')).toBe('true');
    expect(placeOrder()).toHaveProperty('disabled', true);

    const quantity = within(line).getByLabelText('Quantity of Drill Bits');
    await user.clear(quantity);
    await user.type(quantity, '5');
    await waitFor(() => expect(within(line).queryByTestId('cart-line-problem')).toBeNull());
    await waitFor(() => expect(store.state.cart).toEqual([{ toolId: BITS._id, quantity: 5 }]));
    await waitFor(() => expect(placeOrder()).toHaveProperty('disabled', false));
  });

  it('say a tool that has sold out is out of stock', async () => {
    fakeStore({ signedIn: null, tools: [GONE] });
    localCart.add(GONE._id, 1);
    renderCart();
    const line = await waitFor(() => lineOf('Old Vise'));
    expect((await within(line).findByTestId('cart-line-problem')).textContent).toBe(API_ERRORS.notEnoughStockOf('Old Vise', 0));
  });

  it("link each tool to its purchase page, and count the cart's tools in the summary", async () => {
    fakeStore({ signedIn: null, tools: [BITS, CLAMP] });
    localCart.add(BITS._id, 10);
    localCart.add(CLAMP._id, 2);
    const { user } = renderCart();
    const summary = await screen.findByRole('complementary', { name: 'Order summary' });
    expect(within(summary).getByText('Tools').nextElementSibling?.textContent).toBe('2');
    await waitFor(() => expect(screen.getByTestId('cart-total').textContent).toBe(formatUsd(26.5)));

    await user.click(await within(lineOf('Bar Clamp')).findByRole('link', { name: 'Bar Clamp' }));
    expect((await screen.findByTestId('elsewhere')).textContent).toBe(paths.purchase(CLAMP._id));
  });

  it("say in a toast why the store refused a customer's change, and keep the cart as the store has it", async () => {
    const store = fakeStore({ signedIn: CUSTOMER, tools: [BITS, CLAMP] });
    store.state.cart = [
      { toolId: BITS._id, quantity: 10 },
      { toolId: CLAMP._id, quantity: 2 },
    ];
    store.api.on('DELETE', '/api/cart/lines/:toolId', () => apiError(503, 'Service Unavailable'));
    const { user } = renderCart();
    const line = await waitFor(() => lineOf('Bar Clamp'));
    await user.click(within(line).getByRole('button', { name: 'Remove Bar Clamp from the cart' }));

    expect(await screen.findByText(TOASTS.storeBusy)).toBeTruthy();
    expect(lineOf('Bar Clamp')).toBeTruthy();
    expect(store.state.cart).toHaveLength(2);
  });

  it('lead a visitor to sign in from the cart, with the cart as where to come back to', async () => {
    fakeStore({ signedIn: null, tools: [CLAMP] });
    localCart.add(CLAMP._id, 2);
    const { user, router } = renderCart();
    expect(screen.queryByRole('button', { name: 'Place order' })).toBeNull();

    await user.click(await screen.findByRole('link', { name: 'Sign in to order' }));
    expect((await screen.findByTestId('elsewhere')).textContent).toBe(paths.login);
    // What the login page reads to send the person back (login-page.test.tsx follows it).
    expect(router.state.location.state).toEqual({ from: paths.cart });
  });

  it('say when a visitor has emptied the cart, and lead back to the tools', async () => {
    fakeStore({ signedIn: null, tools: [CLAMP] });
    localCart.add(CLAMP._id, 2);
    const { user } = renderCart();
    await user.click(await screen.findByRole('button', { name: 'Remove Bar Clamp from the cart' }));
    expect(await screen.findByText('Your cart is empty.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse our tools' }).getAttribute('href')).toBe(paths.ourTools);
    expect(localCart.lines()).toEqual([]);
    expect(screen.queryByRole('complementary', { name: 'Order summary' })).toBeNull();
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { API_ERRORS, IDEMPOTENCY_KEY_HEADER, TOASTS, VALIDATION, formatLineTotal } from '../../../shared';
import { apiError } from '../../../../tests/support/web/fake-api';
import { CUSTOMER, fakeStore, fakeTool } from '../../../../tests/support/web/fake-store';
import { renderPage } from '../../../../tests/support/web/render';
import { paths } from '../../config/paths';
import { PurchaseForm } from './purchase-form';

const DRILL = fakeTool({ _id: 'tool-drill', name: 'Cordless Drill', price: 39.99, minQty: 3, availableQty: 5 });

/** The purchase form of the drill, for a signed-in customer, on its purchase page. */
function renderForm({ profile, onFailure = () => undefined }: { profile?: { address: string; phone: string }; onFailure?: () => void } = {}) {
  const store = fakeStore({ signedIn: CUSTOMER, tools: [DRILL] });
  const user = userEvent.setup();
  const view = renderPage(<PurchaseForm item={DRILL} profile={profile} onFailure={onFailure} />, { path: paths.purchase(DRILL._id) });
  return { store, user, ...view };
}

const quantity = () => screen.getByLabelText<HTMLInputElement>('Quantity');
const plus = () => screen.getByRole('button', { name: 'Increase quantity' });
const minus = () => screen.getByRole('button', { name: 'Decrease quantity' });

async function typeQuantity(user: ReturnType<typeof userEvent.setup>, value: string) {
  await user.clear(quantity());
  await user.type(quantity(), value);
}

describe('the purchase form', () => {
  it("starts at the tool's minimum: minus is off there, plus is off at the available quantity, and the total follows", async () => {
    const { user } = renderForm();
    expect(quantity().value).toBe('3');
    expect(minus()).toHaveProperty('disabled', true);
    expect(screen.getByTestId('running-total').textContent).toBe(formatLineTotal(3, 39.99));

    await user.click(plus());
    await user.click(plus());
    expect(quantity().value).toBe('5');
    expect(plus()).toHaveProperty('disabled', true);
    expect(minus()).toHaveProperty('disabled', false);
    expect(screen.getByTestId('running-total').textContent).toBe('5 × $39.99 = $199.95');
  });

  it('refuses less than the minimum and more than is available, with the words the server would use', async () => {
    const { user, store } = renderForm({ profile: { address: '1 Main St', phone: '555-0100' } });
    await typeQuantity(user, '2');
    await user.click(screen.getByRole('button', { name: 'Purchase' }));
    expect(await screen.findByText(API_ERRORS.belowMinimum(3))).toHaveProperty('id', 'purchase-quantity-error');

    await typeQuantity(user, '6');
    await user.click(screen.getByRole('button', { name: 'Purchase' }));
    expect(await screen.findByText(API_ERRORS.notEnoughStock(5))).toBeTruthy();
    expect(quantity().getAttribute('aria-invalid')).toBe('true');
    expect(store.api.requestsTo('POST', '/api/order')).toHaveLength(0);
  });

  it('asks for the delivery address and the phone number', async () => {
    const { user, store } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Purchase' }));
    expect(await screen.findByText(VALIDATION.addressRequired)).toBeTruthy();
    expect(screen.getByText(VALIDATION.phoneRequired)).toBeTruthy();
    expect(store.api.requestsTo('POST', '/api/order')).toHaveLength(0);
  });

  it('offers the saved address and phone, and orders the quantity chosen, once, then shows My Orders', async () => {
    const { user, store } = renderForm({ profile: { address: '1 Main St', phone: '555-0100' } });
    store.api.on('POST', '/api/order', () => ({ status: 201, body: { insertedId: 'order-1' } }));
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Delivery address').value).toBe('1 Main St'));
    expect(screen.getByLabelText<HTMLInputElement>('Phone').value).toBe('555-0100');

    await user.click(plus());
    await user.click(screen.getByRole('button', { name: 'Purchase' }));
    expect(await screen.findByText(TOASTS.orderPlaced)).toBeTruthy();
    expect((await screen.findByTestId('elsewhere')).textContent).toBe(paths.myOrders);
    const [order, ...more] = store.api.requestsTo('POST', '/api/order');
    expect(more).toHaveLength(0);
    expect(order!.body).toEqual({ toolId: DRILL._id, quantity: 4, address: '1 Main St', phone: '555-0100', country: 'US' });
    expect(order!.headers.get(IDEMPOTENCY_KEY_HEADER)).toMatch(/\S{16,}/);
  });

  it("says why an order was refused, and lets the page show the tool's stock now", async () => {
    const onFailure = vi.fn();
    const { user, store } = renderForm({ profile: { address: '1 Main St', phone: '555-0100' }, onFailure });
    store.api.on('POST', '/api/order', () => apiError(409, API_ERRORS.notEnoughStock(2), 'NOT_ENOUGH_STOCK'));
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Phone').value).toBe('555-0100'));
    await user.click(screen.getByRole('button', { name: 'Purchase' }));
    expect(await screen.findByText(API_ERRORS.notEnoughStock(2))).toBeTruthy();
    expect(onFailure).toHaveBeenCalledOnce();
    expect(screen.queryByTestId('elsewhere')).toBeNull();
  });

  it("adds the chosen quantity to the customer's cart, without an address or an order", async () => {
    const { user, store } = renderForm();
    const addToCart = await screen.findByRole('button', { name: 'Add to cart' });
    await user.click(plus());
    await user.click(addToCart);
    expect(await screen.findByText('Added to your cart: 4 × Cordless Drill')).toBeTruthy();
    expect(store.api.requestsTo('POST', '/api/cart/lines').map((request) => request.body)).toEqual([{ toolId: DRILL._id, quantity: 4 }]);
    expect(store.state.cart).toEqual([{ toolId: DRILL._id, quantity: 4 }]);
    expect(store.api.requestsTo('POST', '/api/order')).toHaveLength(0);
    expect(screen.queryByText(VALIDATION.addressRequired)).toBeNull();
  });

  it('adds nothing to the cart when the quantity would be refused, and says why', async () => {
    const { user, store } = renderForm();
    const addToCart = await screen.findByRole('button', { name: 'Add to cart' });
    await typeQuantity(user, '9');
    await user.click(addToCart);
    expect(await screen.findByText(API_ERRORS.notEnoughStock(5))).toBeTruthy();
    expect(store.api.requestsTo('POST', '/api/cart/lines')).toHaveLength(0);
  });

  it('says that placing the order accepts the terms, with a link that opens them in a new tab', () => {
    renderForm();
    const line = screen.getByTestId('terms-acceptance');
    expect(line.textContent).toBe('By placing this order you accept our Terms and Conditions (opens in a new tab).');
    const link = screen.getByRole('link', { name: /Terms and Conditions/ });
    expect(link.getAttribute('href')).toBe(paths.terms);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });
});

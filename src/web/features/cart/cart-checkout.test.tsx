import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { API_ERRORS, IDEMPOTENCY_KEY_HEADER, LIMITS, TOASTS, VALIDATION } from '../../../shared';
import type { Tool } from '../../../shared';
import type { Profile } from '../../../shared/schemas/accounts';
import { apiError, NO_ANSWER, type FakeAnswer } from '../../../../tests/support/web/fake-api';
import { CUSTOMER, FAKE_TAX_CONFIG, fakeStore, fakeTool } from '../../../../tests/support/web/fake-store';
import { renderPage } from '../../../../tests/support/web/render';
import { paths } from '../../config/paths';
import CartPage from './cart-page';

/**
 * The cart's order: a signed-in customer's delivery details and one order of the whole cart
 * (POST /api/orders), then on to paying for it. cart-page.test.tsx has the order that goes through.
 */

const DRILL = fakeTool({ _id: 'tool-drill', name: 'Cordless Drill', sku: 'TM-DRL-18V', price: 39.99, minQty: 1, availableQty: 20 });
const SAW = fakeTool({ _id: 'tool-saw', name: 'Hand Saw', sku: 'HS-22', price: 15.5, minQty: 1, availableQty: 8 });

function renderCustomerCart({ saved = { address: '', phone: '' } }: { saved?: { address: string; phone: string } } = {}) {
  const store = fakeStore({ signedIn: CUSTOMER, tools: [DRILL, SAW], saved });
  store.state.cart = [
    { toolId: DRILL._id, quantity: 1 },
    { toolId: SAW._id, quantity: 3 },
  ];
  const user = userEvent.setup();
  renderPage(<CartPage />, { path: paths.cart });
  return { store, user };
}

const placeOrder = () => screen.getByRole('button', { name: 'Place order' });
const orders = (store: ReturnType<typeof fakeStore>) => store.api.requestsTo('POST', '/api/orders');

/** Waits until the cart's lines are in and ordering is possible, then fills what is given and orders. */
async function order(user: ReturnType<typeof userEvent.setup>, { address, phone }: { address?: string; phone?: string } = {}) {
  await waitFor(() => expect(placeOrder()).toHaveProperty('disabled', false));
  if (address !== undefined) {
    await user.clear(screen.getByLabelText('Delivery address'));
    if (address) await user.type(screen.getByLabelText('Delivery address'), address);
  }
  if (phone !== undefined) {
    await user.clear(screen.getByLabelText('Phone'));
    if (phone) await user.type(screen.getByLabelText('Phone'), phone);
  }
  await user.click(placeOrder());
}

describe("ordering a customer's cart", () => {
  it('asks where to deliver, in the words of the spec, and sends nothing until it knows', async () => {
    const { store, user } = renderCustomerCart();
    await order(user);
    expect(await screen.findByText(VALIDATION.addressRequired)).toBeTruthy();
    expect(screen.getByText(VALIDATION.phoneRequired)).toBeTruthy();

    await order(user, { address: 'x'.repeat(LIMITS.addressMax + 1), phone: '555-0100' });
    expect(await screen.findByText(VALIDATION.addressTooLong)).toBeTruthy();
    expect(screen.getByLabelText('Delivery address').getAttribute('aria-invalid')).toBe('true');
    expect(orders(store)).toHaveLength(0);
  });

  it('says the order is placed, and goes on to pay for it', async () => {
    const { store, user } = renderCustomerCart({ saved: { address: '1 Main St', phone: '555-0100' } });
    store.api.on('POST', '/api/orders', () => ({ status: 201, body: { insertedId: 'order-31' } }));
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Phone').value).toBe('555-0100'));
    await order(user);

    expect(await screen.findByText(TOASTS.orderPlaced)).toBeTruthy();
    expect((await screen.findByTestId('elsewhere')).textContent).toBe(paths.checkOut('order-31'));
    // Only what an order line takes: the SKU the cart shows is the server's to fill in.
    expect(orders(store)[0]!.body).toEqual({
      lines: [
        { toolId: DRILL._id, quantity: 1 },
        { toolId: SAW._id, quantity: 3 },
      ],
      address: '1 Main St',
      phone: '555-0100',
      // The destination, the seller's country unless the buyer chose another (decision 048).
      country: 'US',
    });
  });

  it('keeps what the buyer typed when the saved details arrive later, and fills only the field left alone', async () => {
    const store = fakeStore({ signedIn: CUSTOMER, tools: [DRILL] });
    store.state.cart = [{ toolId: DRILL._id, quantity: 1 }];
    let answerProfile: (answer: FakeAnswer) => void = () => undefined;
    store.api.on('GET', '/api/user/:email', () => new Promise<FakeAnswer>((resolve) => (answerProfile = resolve)));
    const user = userEvent.setup();
    renderPage(<CartPage />, { path: paths.cart });

    await user.type(await screen.findByLabelText('Delivery address'), '9 Harbour Road');
    await waitFor(() => expect(store.api.requestsTo('GET', `/api/user/${encodeURIComponent(CUSTOMER.email)}`)).toHaveLength(1));
    const profile: Profile = { _id: CUSTOMER.id, email: CUSTOMER.email, userName: CUSTOMER.name, address: '1 Main St', phone: '555-0100', companyName: null, taxId: null, role: 'customer', photoURL: null };
    answerProfile({ body: profile });

    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Phone').value).toBe('555-0100'));
    expect(screen.getByLabelText<HTMLInputElement>('Delivery address').value).toBe('9 Harbour Road');
  });

  it("says why the store refused the order, and stays on the cart with the button ready", async () => {
    const { store, user } = renderCustomerCart();
    store.api.on('POST', '/api/orders', () => apiError(409, API_ERRORS.notEnoughStockOf('Hand Saw', 2), 'NOT_ENOUGH_STOCK'));
    await order(user, { address: '1 Main St', phone: '555-0100' });

    expect(await screen.findByText(API_ERRORS.notEnoughStockOf('Hand Saw', 2))).toBeTruthy();
    expect(screen.queryByTestId('elsewhere')).toBeNull();
    await waitFor(() => expect(placeOrder()).toHaveProperty('disabled', false));
    expect(screen.getByLabelText<HTMLInputElement>('Delivery address').value).toBe('1 Main St');
  });

  it('says when the customer has too many unpaid orders', async () => {
    const { store, user } = renderCustomerCart();
    store.api.on('POST', '/api/orders', () => apiError(409, API_ERRORS.tooManyUnpaidOrders(5), 'TOO_MANY_UNPAID_ORDERS'));
    await order(user, { address: '1 Main St', phone: '555-0100' });
    expect(await screen.findByText(API_ERRORS.tooManyUnpaidOrders(5))).toBeTruthy();
  });

  it('says the store is busy; a second press is a new request, with a key of its own', async () => {
    const { store, user } = renderCustomerCart();
    store.api.on('POST', '/api/orders', () => apiError(503, 'Service Unavailable'));
    await order(user, { address: '1 Main St', phone: '555-0100' });
    expect(await screen.findByText(TOASTS.storeBusy)).toBeTruthy();

    store.api.on('POST', '/api/orders', () => ({ status: 201, body: { insertedId: 'order-32' } }));
    await order(user);
    expect((await screen.findByTestId('elsewhere')).textContent).toBe(paths.checkOut('order-32'));
    const [refused, placed] = orders(store);
    expect(orders(store)).toHaveLength(2);
    expect(placed!.headers.get(IDEMPOTENCY_KEY_HEADER)).not.toBe(refused!.headers.get(IDEMPOTENCY_KEY_HEADER));
  });

  it('sends the order again with the same key when the connection drops, so there is one order', async () => {
    const { store, user } = renderCustomerCart();
    let tries = 0;
    store.api.on('POST', '/api/orders', () => ((tries += 1) === 1 ? NO_ANSWER : { status: 201, body: { insertedId: 'order-33' } }));
    await order(user, { address: '1 Main St', phone: '555-0100' });

    expect((await screen.findByTestId('elsewhere', {}, { timeout: 4000 })).textContent).toBe(paths.checkOut('order-33'));
    const [first, second] = orders(store);
    expect(orders(store)).toHaveLength(2);
    expect(second!.headers.get(IDEMPOTENCY_KEY_HEADER)).toBe(first!.headers.get(IDEMPOTENCY_KEY_HEADER));
    expect(second!.body).toEqual(first!.body);
  });
});

describe("the cart's tax (decision 048)", () => {
  const CALIFORNIA = {
    ...FAKE_TAX_CONFIG,
    regions: [{ code: 'US-CA', name: 'California' }],
    rates: [{ country: 'US', region: 'US-CA', name: 'CA sales tax', percent: 7.25, taxClass: 'standard' as const }],
  };

  it('asks for the region where rates need it, shows the tax before ordering, and sends the destination', async () => {
    const store = fakeStore({ signedIn: CUSTOMER, tools: [DRILL, SAW], saved: { address: '1 Sunset Blvd', phone: '555-0127' }, taxConfig: CALIFORNIA });
    store.state.cart = [
      { toolId: DRILL._id, quantity: 1 },
      { toolId: SAW._id, quantity: 3 },
    ];
    store.api.on('POST', '/api/orders', () => ({ status: 201, body: { insertedId: 'order-ca' } }));
    const user = userEvent.setup();
    renderPage(<CartPage />, { path: paths.cart });
    // $39.99 + $46.50 = $86.49, no tax until the buyer says they are in California.
    await waitFor(() => expect(screen.getByTestId('cart-total').textContent).toBe('$86.49'));
    expect((screen.getByLabelText('Country') as HTMLSelectElement).value).toBe('US');
    await user.selectOptions(screen.getByLabelText('State or region'), 'US-CA');
    // 39.99 × 7.25 % = 2.899… → 2.90; 46.50 × 7.25 % = 3.37125 → 3.37.
    await waitFor(() => expect(screen.getByTestId('cart-total').textContent).toBe('$92.76'));
    expect(screen.getByText('CA sales tax (7.25%)')).toBeTruthy();
    expect(screen.getByTestId('order-subtotal').textContent).toBe('$86.49');
    await user.click(placeOrder());
    await screen.findByTestId('elsewhere');
    expect(orders(store)[0]!.body).toMatchObject({ country: 'US', region: 'US-CA' });
  });

  it('asks for no region in a country without region rates', async () => {
    const store = fakeStore({ signedIn: CUSTOMER, tools: [DRILL], taxConfig: CALIFORNIA });
    store.state.cart = [{ toolId: DRILL._id, quantity: 1 }];
    const user = userEvent.setup();
    renderPage(<CartPage />, { path: paths.cart });
    await user.selectOptions(await screen.findByLabelText('Country'), 'DE');
    expect(screen.queryByLabelText('State or region')).toBeNull();
  });

  /** A German store (net prices) with a standard and a reduced VAT rate (decision 048, tax classes). */
  const GERMANY = {
    ...FAKE_TAX_CONFIG,
    country: 'DE',
    rates: [
      { country: 'DE', region: null, name: 'VAT', percent: 19, taxClass: 'standard' as const },
      { country: 'DE', region: null, name: 'VAT reduced', percent: 7, taxClass: 'reduced' as const },
    ],
  };
  const FIRST_AID = fakeTool({ _id: 'tool-first-aid', name: 'First Aid Kit', sku: 'FA-1', price: 15.5, taxClass: 'reduced' });
  const MANUAL = fakeTool({ _id: 'tool-manual', name: 'Workshop Manual', sku: 'BK-1', price: 15.5, taxClass: 'exempt' });

  /** The summary's rows as the buyer reads them: each label with its amount. */
  const summaryRows = () =>
    Array.from(screen.getByTestId('tax-rows').querySelectorAll('dt')).map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);

  function renderGermanCart(taxConfig: typeof GERMANY, tools: Tool[]) {
    const store = fakeStore({ signedIn: CUSTOMER, tools, taxConfig });
    store.state.cart = [
      { toolId: tools[0]!._id, quantity: 1 },
      { toolId: tools[1]!._id, quantity: 3 },
    ];
    renderPage(<CartPage />, { path: paths.cart });
  }

  it("taxes each tool at its class's rate: a standard and a reduced tool show two tax lines", async () => {
    renderGermanCart(GERMANY, [DRILL, FIRST_AID]);
    // 39.99 × 19 % = 7.5981 → 7.60; 3 × 15.50 = 46.50 × 7 % = 3.255 → 3.26; 86.49 + 7.60 + 3.26 = 97.35.
    await waitFor(() => expect(screen.getByTestId('cart-total').textContent).toBe('$97.35'));
    expect(summaryRows()).toEqual(['Subtotal: $86.49', 'VAT (19%): $7.60', 'VAT reduced (7%): $3.26', 'Delivery: Free', 'Total: $97.35']);
  });

  it('taxes a reduced tool at the standard rate where no reduced rate is set', async () => {
    renderGermanCart({ ...GERMANY, rates: GERMANY.rates.filter((rate) => rate.taxClass === 'standard') }, [DRILL, FIRST_AID]);
    // 86.49 × 19 %, line by line: 7.60 + 8.835 → 8.84.
    await waitFor(() => expect(screen.getByTestId('cart-total').textContent).toBe('$102.93'));
    expect(summaryRows()).toEqual(['Subtotal: $86.49', 'VAT (19%): $16.44', 'Delivery: Free', 'Total: $102.93']);
  });

  it('adds no tax for an exempt tool', async () => {
    renderGermanCart(GERMANY, [DRILL, MANUAL]);
    // Only the drill is taxed: 86.49 + 7.60.
    await waitFor(() => expect(screen.getByTestId('cart-total').textContent).toBe('$94.09'));
    expect(summaryRows()).toEqual(['Subtotal: $86.49', 'VAT (19%): $7.60', 'Delivery: Free', 'Total: $94.09']);
  });

  it('shows no tax at all for a cart of exempt tools', async () => {
    const store = fakeStore({ signedIn: CUSTOMER, tools: [MANUAL], taxConfig: GERMANY });
    store.state.cart = [{ toolId: MANUAL._id, quantity: 2 }];
    renderPage(<CartPage />, { path: paths.cart });
    await waitFor(() => expect(screen.getByTestId('order-subtotal').textContent).toBe('$31.00'));
    expect(summaryRows()).toEqual(['Subtotal: $31.00', 'Tax: $0.00', 'Delivery: Free', 'Total: $31.00']);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { API_ERRORS, IDEMPOTENCY_KEY_HEADER, TOASTS, VALIDATION, formatUsd } from '../../../shared';
import type { Order } from '../../../shared/schemas/orders';
import { apiError, NO_ANSWER, type FakeAnswer } from '../../../../tests/support/web/fake-api';
import { fakeOrder, fakeOrders, orderLine, TEST_CARD } from '../../../../tests/support/web/fake-orders';
import { CUSTOMER, fakeStore } from '../../../../tests/support/web/fake-store';
import { renderPage } from '../../../../tests/support/web/render';
import { paths, routes } from '../../config/paths';
import { NO_CONNECTION } from '../../lib/request-failure';
import CheckoutPage from './checkout-page';

const ORDER = fakeOrder({
  _id: 'order-7',
  lines: [orderLine('Cordless Drill', { price: 39.99, quantity: 2, sku: 'TM-DRL-18V' }), orderLine('Drill Bits', { price: 0.1, quantity: 5 })],
  address: '12 Elm Street, Springfield',
  phone: '555-0142',
});

function renderCheckout(order: Order = ORDER) {
  const store = fakeStore({ signedIn: CUSTOMER });
  const orders = fakeOrders(store, [order]);
  const user = userEvent.setup();
  renderPage(<CheckoutPage />, { path: routes.checkOut, at: paths.checkOut(order._id) });
  return { store, orders, user };
}

/** Types a card into the test-mode form (once it is ready) and presses Pay. */
async function payWith(user: ReturnType<typeof userEvent.setup>, { number = TEST_CARD.number, expiry = '12/34', cvc = '123' } = {}) {
  const form = await screen.findByRole('form', { name: 'Card payment form' });
  for (const [label, value] of [['Card number', number], ['Expiry (MM/YY)', expiry], ['CVC', cvc]] as const) {
    const field = within(form).getByLabelText(label);
    await user.clear(field);
    if (value) await user.type(field, value);
  }
  await user.click(within(form).getByRole('button', { name: 'Pay' }));
}

/** The panel that says the order is paid, once it does. */
async function paidPanel() {
  await screen.findByText(TOASTS.paymentSucceeded);
  return screen.getByRole('status');
}
const confirms = (store: ReturnType<typeof fakeStore>) => store.api.requestsTo('POST', '/api/test-payments/confirm');
const reports = (store: ReturnType<typeof fakeStore>) => store.api.requestsTo('POST', `/api/orders/${ORDER._id}/payment`);

describe('the checkout page', () => {
  it('sums the order up: each tool with its SKU, quantity and price, the total, and where it goes', async () => {
    renderCheckout();
    const lines = await screen.findByRole('list', { name: 'Tools in this order' });
    expect(within(lines).getAllByTestId('checkout-line').map((line) => line.textContent)).toEqual([
      `Cordless DrillSKU TM-DRL-18V2 × ${formatUsd(39.99)}${formatUsd(79.98)}`,
      `Drill Bits5 × ${formatUsd(0.1)}${formatUsd(0.5)}`,
    ]);
    expect(screen.getByTestId('order-total').textContent).toBe(formatUsd(80.48));
    expect(screen.getByText('Delivering to 12 Elm Street, Springfield (555-0142)')).toBeTruthy();
    expect(within(await screen.findByTestId('test-mode-notice')).getByText('Test mode – no real charges')).toBeTruthy();
  });

  it("pays with a test card: the card and the buyer's details go to the processor, then the payment to the order", async () => {
    const { store, orders, user } = renderCheckout();
    await payWith(user);

    const paid = await paidPanel();
    const [intent] = store.api.requestsTo('POST', '/api/create-payment-intent');
    expect(intent!.body).toEqual({ orderId: ORDER._id });
    expect(intent!.headers.get(IDEMPOTENCY_KEY_HEADER)).toBeTruthy();
    const { clientSecret } = (await waitFor(() => confirms(store)[0]!)).body as { clientSecret: string };
    expect(clientSecret).toMatch(new RegExp(`^pi_${ORDER._id}_secret`));
    expect(confirms(store).map((request) => request.body)).toEqual([
      {
        clientSecret,
        // The number as the processor reads it: digits only.
        card: { number: TEST_CARD.number.replace(/\s/g, ''), expiry: '12/34', cvc: '123' },
        billingDetails: { name: CUSTOMER.name, email: CUSTOMER.email, phone: ORDER.phone },
      },
    ]);
    const transactionId = within(paid).getByTestId('transaction-id').textContent!;
    expect(reports(store).map((request) => request.body)).toEqual([{ transactionId }]);
    expect(orders.orders.get(ORDER._id)).toMatchObject({ paid: true, transactionId });
    expect(screen.queryByRole('form', { name: 'Card payment form' })).toBeNull();
  });

  it('offers the order and My Orders once paid', async () => {
    const { user } = renderCheckout();
    await payWith(user);
    const paid = await paidPanel();
    expect(within(paid).getByRole('link', { name: 'Back to My Orders' }).getAttribute('href')).toBe(paths.myOrders);
    await user.click(within(paid).getByRole('link', { name: 'See the order and its invoice' }));
    expect((await screen.findByTestId('elsewhere')).textContent).toBe(paths.orderPage(ORDER._id));
  });

  it('checks the card before sending it, in the words a card form uses', async () => {
    const { store, user } = renderCheckout();
    await payWith(user, { number: '', expiry: '', cvc: '' });
    expect(await screen.findByText(VALIDATION.cardNumberInvalid)).toBeTruthy();
    expect(screen.getByText(VALIDATION.cardExpiryInvalid)).toBeTruthy();
    expect(screen.getByText(VALIDATION.cardCvcInvalid)).toBeTruthy();

    await payWith(user, { number: '4242 4242 4242 4241', expiry: '13/30', cvc: '12' });
    expect(await screen.findByText(VALIDATION.cardNumberWrong)).toBeTruthy();
    expect(screen.getByText(VALIDATION.cardExpiryInvalid)).toBeTruthy();
    expect(screen.getByLabelText('Card number').getAttribute('aria-invalid')).toBe('true');
    expect(confirms(store)).toHaveLength(0);
  });

  it('says a declined card at its number, which takes the focus; another card then pays', async () => {
    const { store, user } = renderCheckout();
    await payWith(user, { number: TEST_CARD.declined });

    expect(await screen.findByText(TEST_CARD.declinedMessage)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Card number')));
    expect(screen.queryByTestId('payment-error')).toBeNull();
    expect(reports(store)).toHaveLength(0);

    await payWith(user);
    expect(await screen.findByText(TOASTS.paymentSucceeded)).toBeTruthy();
    expect(screen.queryByText(TEST_CARD.declinedMessage)).toBeNull();
    expect(reports(store)).toHaveLength(1);
  });

  it("says under the form why the store refused the payment, and does not call the order paid", async () => {
    const { store, user } = renderCheckout();
    store.api.on('POST', '/api/orders/:id/payment', () => apiError(409, API_ERRORS.paymentRefunded, 'PAYMENT_NOT_SETTLED'));
    await payWith(user);

    expect((await screen.findByTestId('payment-error')).textContent).toBe(API_ERRORS.paymentRefunded);
    expect(screen.queryByText(TOASTS.paymentSucceeded)).toBeNull();
    expect(screen.getByRole('form', { name: 'Card payment form' })).toBeTruthy();
  });

  it('says when the store could not be reached while paying', async () => {
    const { store, user } = renderCheckout();
    store.api.on('POST', '/api/test-payments/confirm', () => NO_ANSWER);
    await payWith(user);
    expect((await screen.findByTestId('payment-error')).textContent).toBe(NO_CONNECTION);
    expect(reports(store)).toHaveLength(0);
  });

  it('takes one payment however often Pay is pressed while it is on its way', async () => {
    const { store, user } = renderCheckout();
    let answerConfirm: (answer: FakeAnswer) => void = () => undefined;
    store.api.on('POST', '/api/test-payments/confirm', () => new Promise<FakeAnswer>((resolve) => (answerConfirm = resolve)));
    await payWith(user);

    const pay = screen.getByRole('button', { name: 'Pay' });
    await waitFor(() => expect(pay).toHaveProperty('disabled', true));
    expect(pay.getAttribute('aria-busy')).toBe('true');
    await user.click(pay);
    answerConfirm({ body: { paymentIntent: { id: 'pi_paid_once', status: 'succeeded' } } });

    expect(await screen.findByText(TOASTS.paymentSucceeded)).toBeTruthy();
    expect(confirms(store)).toHaveLength(1);
    expect(reports(store).map((request) => request.body)).toEqual([{ transactionId: 'pi_paid_once' }]);
  });

  it('shows a paid order as paid, with its transaction id, and asks for no payment', async () => {
    const { store } = renderCheckout({ ...ORDER, paid: true, status: 'pending', transactionId: 'pi_paid_earlier', invoiceNumber: 'INV-000042' });
    const paid = await paidPanel();
    expect(within(paid).getByTestId('transaction-id').textContent).toBe('pi_paid_earlier');
    expect(store.api.requestsTo('POST', '/api/create-payment-intent')).toHaveLength(0);
    expect(screen.queryByRole('form', { name: 'Card payment form' })).toBeNull();
  });

  it('says an expired order can no longer be paid', async () => {
    const { store } = renderCheckout({ ...ORDER, status: 'expired' });
    expect((await screen.findByRole('alert')).textContent).toBe(API_ERRORS.orderExpired);
    expect(store.api.requestsTo('POST', '/api/create-payment-intent')).toHaveLength(0);
    expect(screen.queryByRole('form', { name: 'Card payment form' })).toBeNull();
  });

  it('says why the store will not take a payment for the order (a tool no longer sold)', async () => {
    const store = fakeStore({ signedIn: CUSTOMER });
    fakeOrders(store, [ORDER]);
    store.api.on('POST', '/api/create-payment-intent', () => apiError(409, API_ERRORS.toolNoLongerSold, 'TOOL_NO_LONGER_SOLD'));
    renderPage(<CheckoutPage />, { path: routes.checkOut, at: paths.checkOut(ORDER._id) });

    expect((await screen.findByRole('alert')).textContent).toBe(API_ERRORS.toolNoLongerSold);
    expect(screen.queryByRole('form', { name: 'Card payment form' })).toBeNull();
  });

  it("says when there is no such order (or it is someone else's), with the way back to My Orders", async () => {
    const store = fakeStore({ signedIn: CUSTOMER });
    fakeOrders(store, [{ ...ORDER, email: 'someone-else@example.com' }]);
    renderPage(<CheckoutPage />, { path: routes.checkOut, at: paths.checkOut(ORDER._id) });

    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to My Orders' }).getAttribute('href')).toBe(paths.myOrders);
    expect(store.api.requestsTo('POST', '/api/create-payment-intent')).toHaveLength(0);
  });
});

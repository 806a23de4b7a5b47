import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatUsd } from '../../../../shared';
import type { Order } from '../../../../shared/schemas/orders';
import type { FakeAnswer } from '../../../../../tests/support/web/fake-api';
import { fakeOrder, fakeOrders } from '../../../../../tests/support/web/fake-orders';
import { ADMIN, fakeStore } from '../../../../../tests/support/web/fake-store';
import { renderPage } from '../../../../../tests/support/web/render';
import { paths, routes } from '../../../config/paths';
import AdminOrderPage from './admin-order-page';

const paid = { paid: true, transactionId: 'pi_paid_1', invoiceNumber: 'INV-000200' } as const;
const WAITING = fakeOrder({ _id: 'order-waiting', number: 'TH-100200', ...paid, status: 'pending' });
const SHIPPED = fakeOrder({ _id: 'order-shipped', number: 'TH-100201', ...paid, status: 'shipped', carrier: 'UPS', trackingNumber: '1Z1' });
const REFUNDED = fakeOrder({ _id: 'order-refunded', number: 'TH-100202', ...paid, status: 'refunded' });
const UNPAID = fakeOrder({ _id: 'order-unpaid', number: 'TH-100203' });
const RETURNED = fakeOrder({ _id: 'order-returned', number: 'TH-100204', ...paid, status: 'refunded', shippedAt: new Date().toISOString(), carrier: 'UPS' });

function renderAdminOrder(order: Order) {
  fakeOrders(fakeStore({ signedIn: ADMIN }), [order]);
  renderPage(<AdminOrderPage />, { path: routes.orderPage, at: paths.orderPage(order._id) });
  return userEvent.setup();
}

/** The admin's order page offers a refund by the same rule as the API (shared REFUNDABLE_STATUSES). */
describe("the admin's order page: refunds", () => {
  it('offers to cancel and refund an order waiting to ship, and says it cancels the order', async () => {
    const user = renderAdminOrder(WAITING);
    await user.click(await screen.findByRole('button', { name: 'Cancel and refund' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(`Cancel order TH-100200 and refund ${WAITING.email} the full ${formatUsd(WAITING.total)}?`)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
  });

  it('offers a refund of a shipped order (the goods came back), saying its stock is not put back', async () => {
    const user = renderAdminOrder(SHIPPED);
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        `Refund ${SHIPPED.email} the full ${formatUsd(SHIPPED.total)} for order TH-100201? It has shipped: its tools are not put back in stock.`,
      ),
    ).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Refund' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel and refund' })).toBeNull();
  });

  it.each([
    ['already refunded', REFUNDED],
    ['never paid', UNPAID],
  ])('offers no refund for an order %s', async (_, order) => {
    renderAdminOrder(order);
    expect(await screen.findByTestId('order-page-state')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel and refund' })).toBeNull();
  });

  it.each([
    ['after it shipped was refunded, not cancelled', RETURNED, 'Refunded after shipping'],
    ['before it shipped was cancelled', REFUNDED, 'Cancelled and refunded'],
  ])('says an order refunded %s', async (_, order, sentence) => {
    renderAdminOrder(order);
    expect((await screen.findByTestId('order-page-state')).textContent).toBe(sentence);
  });
});

describe("the admin's order page: the terms", () => {
  it('says which version of the terms the order was placed under', async () => {
    renderAdminOrder(fakeOrder({ _id: 'order-terms', number: 'TH-100205', termsVersion: 4 }));
    expect((await screen.findByTestId('order-terms-version')).textContent).toBe('Placed under version 4 of the terms and conditions.');
  });

  it('says when the store had no terms yet', async () => {
    renderAdminOrder(fakeOrder({ _id: 'order-no-terms', number: 'TH-100206', termsVersion: null }));
    expect((await screen.findByTestId('order-terms-version')).textContent).toBe('Placed before the store had terms and conditions.');
  });
});

/** Issue 27 item 3: a reverse-charge order the owner asked to review waits for the admin to confirm its VAT number. */
describe("the admin's order page: reverse charge", () => {
  it('shows the business buyer and holds the shipment until the VAT number is confirmed', async () => {
    const order = fakeOrder({ _id: 'order-eu', number: 'TH-100210', ...paid, status: 'pending', reverseCharge: true, buyerVatId: 'DE136695976', vatReview: 'to-review', country: 'DE' });
    const store = fakeStore({ signedIn: ADMIN });
    fakeOrders(store, [order]);
    store.api.on('GET', '/api/user/:email', () => ({ body: { _id: 'buyer', email: order.email, userName: order.name, address: order.address, phone: order.phone, companyName: 'Berlin Werkzeug GmbH', taxId: 'DE136695976', role: 'customer', photoURL: null } }));
    let confirmed = 0;
    store.api.on('POST', '/api/orders/:id/confirm-vat-number', () => {
      confirmed += 1;
      order.vatReview = 'confirmed';
      return { body: { modifiedCount: 1 } };
    });
    renderPage(<AdminOrderPage />, { path: routes.orderPage, at: paths.orderPage(order._id) });
    const user = userEvent.setup();

    expect((await screen.findByTestId('order-held-for-review')).textContent).toBe('Reverse charge — VAT number to review');
    expect(screen.queryByRole('button', { name: 'Pending – mark as shipped' })).toBeNull();
    // The buyer's profile is asked for after the order: the card says it is loading until it comes.
    const company = await screen.findByTestId('order-buyer-company');
    await waitFor(() => expect(company.textContent).toBe('Berlin Werkzeug GmbH'));
    expect(screen.getByTestId('order-buyer-tax-id').textContent).toBe('DE136695976');
    expect(screen.getByTestId('order-vat-treatment').textContent).toBe('Reverse charge — VAT number DE136695976');
    expect(screen.getByTestId('order-reverse-charge').textContent).toContain('DE136695976');

    await user.click(screen.getByRole('button', { name: 'Confirm VAT number' }));
    expect(await screen.findByText('VAT number confirmed')).toBeTruthy();
    expect(confirmed).toBe(1);
    expect(await screen.findByRole('button', { name: 'Pending – mark as shipped' })).toBeTruthy();
    expect(screen.getByTestId('order-vat-review').textContent).toBe('VAT number confirmed for reverse charge.');
  });

  it("says the buyer's company is loading until their profile comes, not that there is none", async () => {
    const order = fakeOrder({ _id: 'order-eu-slow', number: 'TH-100211', ...paid, status: 'pending', reverseCharge: true, buyerVatId: 'DE136695976', vatReview: 'confirmed', country: 'DE' });
    const store = fakeStore({ signedIn: ADMIN });
    fakeOrders(store, [order]);
    let answerProfile: (answer: FakeAnswer) => void = () => {};
    store.api.on('GET', '/api/user/:email', () => new Promise<FakeAnswer>((resolve) => (answerProfile = resolve)));
    renderPage(<AdminOrderPage />, { path: routes.orderPage, at: paths.orderPage(order._id) });

    const company = await screen.findByTestId('order-buyer-company');
    await waitFor(() => expect(company.textContent).toBe('Loading…'));
    answerProfile({ body: { _id: 'buyer', email: order.email, userName: order.name, address: order.address, phone: order.phone, companyName: null, taxId: null, role: 'customer', photoURL: null } });
    await waitFor(() => expect(company.textContent).toBe('—'));
    expect(screen.getByTestId('order-buyer-tax-id').textContent).toBe('—');
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API_ERRORS, CONFIRM, TOASTS, formatUsd } from '../../../shared';
import type { Order, OrderEvent } from '../../../shared/schemas/orders';
import { apiError } from '../../../../tests/support/web/fake-api';
import { fakeOrder, fakeOrders, orderLine } from '../../../../tests/support/web/fake-orders';
import { CUSTOMER, fakeStore } from '../../../../tests/support/web/fake-store';
import { renderPage } from '../../../../tests/support/web/render';
import { paths, routes } from '../../config/paths';
import OrderPage from './order-page';

const UNPAID = fakeOrder({
  _id: 'order-unpaid',
  number: 'TH-100042',
  lines: [orderLine('Torque Wrench', { price: 89.5, quantity: 1, sku: 'TW-180' }), orderLine('Socket Set', { price: 45, quantity: 2 })],
  address: '12 Elm Street\nSpringfield',
  phone: '(555) 014-2000',
});

const SHIPPED = fakeOrder({
  _id: 'order-shipped',
  number: 'TH-100043',
  paid: true,
  status: 'shipped',
  transactionId: 'pi_paid_77',
  invoiceNumber: 'INV-000123',
  carrier: 'UPS',
  trackingNumber: '1Z999AA10123456784',
  trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
});

function renderOrder(order: Order, events?: OrderEvent[]) {
  const store = fakeStore({ signedIn: CUSTOMER });
  const fake = fakeOrders(store, [order]);
  if (events) fake.events.set(order._id, events);
  const user = userEvent.setup();
  renderPage(<OrderPage />, { path: routes.orderPage, at: paths.orderPage(order._id) });
  return { store, fake, user };
}

const title = (order: Order) => screen.findByRole('heading', { name: `Order ${order.number}` });
const timeline = () => within(screen.getByTestId('order-timeline')).getAllByRole('listitem').map((item) => item.textContent);
const deleteDialog = () => screen.getByRole('dialog', { name: CONFIRM.deleteOrder });

/** The files the page hands to the browser to save, as a browser would start them: named, from a blob. */
const downloads: Array<{ name: string; href: string }> = [];
const recordDownload = (event: MouseEvent) => {
  const link = (event.target as Element).closest('a[download]');
  if (!(link instanceof HTMLAnchorElement)) return;
  event.preventDefault();
  downloads.push({ name: link.download, href: link.href });
};
beforeEach(() => {
  downloads.length = 0;
  document.addEventListener('click', recordDownload);
});
afterEach(() => document.removeEventListener('click', recordDownload));

describe("a customer's order page", () => {
  it('says what the order is, its state, what was ordered and where it goes', async () => {
    renderOrder(UNPAID);
    await title(UNPAID);
    expect(screen.getByTestId('order-page-state').textContent).toBe('Waiting for payment');
    expect(screen.getByRole('link', { name: '← My Orders' }).getAttribute('href')).toBe(paths.myOrders);

    const ordered = screen.getByRole('region', { name: 'What was ordered: 2 tools' });
    expect(within(ordered).getAllByTestId('order-page-line').map((line) => line.textContent)).toEqual([
      `Torque WrenchSKU TW-1801 × ${formatUsd(89.5)}${formatUsd(89.5)}`,
      `Socket Set2 × ${formatUsd(45)}${formatUsd(90)}`,
    ]);
    expect(within(ordered).getByTestId('order-page-total').textContent).toBe(formatUsd(179.5));

    const delivery = screen.getByRole('region', { name: 'Delivery' });
    expect(within(delivery).getByTestId('order-page-address').textContent).toBe('12 Elm Street\nSpringfield');
    expect(within(delivery).getByRole('link', { name: '(555) 014-2000' }).getAttribute('href')).toBe('tel:5550142000');
    expect(within(delivery).getByRole('link', { name: CUSTOMER.email }).getAttribute('href')).toBe(`mailto:${CUSTOMER.email}`);
    expect(within(delivery).queryByText('Tracking')).toBeNull();
  });

  it('offers to pay and to delete an unpaid order, and no invoice yet', async () => {
    const { user } = renderOrder(UNPAID);
    await title(UNPAID);
    expect(screen.queryByRole('button', { name: 'Download invoice' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Pay' }));
    expect((await screen.findByTestId('elsewhere')).textContent).toBe(paths.checkOut(UNPAID._id));
  });

  it("tells the order's story, oldest first: who did what, with the payment's and the parcel's details", async () => {
    const events: OrderEvent[] = [
      { kind: 'placed', at: '2025-03-01T09:00:00.000Z', actorEmail: CUSTOMER.email, details: null },
      { kind: 'paid', at: '2025-03-01T09:05:00.000Z', actorEmail: CUSTOMER.email, details: { transactionId: 'pi_paid_77' } },
      { kind: 'shipped', at: '2025-03-02T15:00:00.000Z', actorEmail: 'ada@example.com', details: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' } },
    ];
    renderOrder(SHIPPED, events);
    await title(SHIPPED);
    await waitFor(() => expect(screen.getByTestId('order-timeline')).toBeTruthy());
    const [placed, paid, shipped] = timeline();
    expect(placed).toMatch(new RegExp(`^Order placed.* · ${CUSTOMER.email}$`));
    expect(paid).toMatch(/^Paid.*Transaction id pi_paid_77$/);
    expect(shipped).toMatch(/^Shipped.* · ada@example\.comUPS, tracking 1Z999AA10123456784$/);
  });

  it('says when the timeline could not be loaded, beside the rest of the order, and loads it on Try again', async () => {
    const store = fakeStore({ signedIn: CUSTOMER });
    fakeOrders(store, [SHIPPED]);
    let down = true;
    store.api.on('GET', '/api/orders/:id/events', () =>
      down ? apiError(503, TOASTS.storeBusy) : { body: [{ kind: 'placed', at: SHIPPED.createdAt, actorEmail: CUSTOMER.email, details: null }] },
    );
    const user = userEvent.setup();
    renderPage(<OrderPage />, { path: routes.orderPage, at: paths.orderPage(SHIPPED._id) });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The timeline could not be loaded.');
    await title(SHIPPED);
    down = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(timeline()).toHaveLength(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a shipped order with its invoice, carrier and tracking link, and neither Pay nor Delete', async () => {
    renderOrder(SHIPPED);
    await title(SHIPPED);
    expect(screen.getByTestId('order-page-state').textContent).toBe('Shipped');
    expect(screen.getByText('Invoice INV-000123')).toBeTruthy();
    const delivery = screen.getByRole('region', { name: 'Delivery' });
    expect(within(delivery).getByText('UPS')).toBeTruthy();
    const tracking = within(delivery).getByRole('link', { name: '1Z999AA10123456784' });
    expect(tracking.getAttribute('href')).toBe(SHIPPED.trackingUrl);
    expect(tracking.getAttribute('target')).toBe('_blank');
    expect(screen.queryByRole('link', { name: 'Pay' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.getByRole('region', { name: 'What was ordered' })).toBeTruthy();
  });

  it('downloads the invoice with the access token, named after its number', async () => {
    const { store, user } = renderOrder(SHIPPED);
    await title(SHIPPED);
    await user.click(screen.getByRole('button', { name: 'Download invoice' }));

    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]!.name).toBe('INV-000123.pdf');
    expect(downloads[0]!.href).toMatch(/^blob:/);
    const [request] = store.api.requestsTo('GET', `/api/orders/${SHIPPED._id}/invoice.pdf`);
    expect(request!.headers.get('authorization')).toMatch(/^Bearer \S+/);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Download invoice' })).toHaveProperty('disabled', false));
  });

  it('downloads the credit note of a refunded order, named after its number, and offers none before a refund', async () => {
    const refunded = { ...SHIPPED, _id: 'order-refunded', status: 'refunded' as const, refundedAt: '2025-03-03T10:00:00.000Z', creditNoteNumber: 'CN-000007' };
    const { store, user } = renderOrder(refunded);
    await title(refunded);
    await user.click(screen.getByRole('button', { name: 'Download credit note' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]!.name).toBe('CN-000007.pdf');
    const [request] = store.api.requestsTo('GET', `/api/orders/${refunded._id}/credit-note.pdf`);
    expect(request!.headers.get('authorization')).toMatch(/^Bearer \S+/);
  });

  it('downloads the e-invoice (XML) beside the invoice, named after its number', async () => {
    const { store, user } = renderOrder(SHIPPED);
    await title(SHIPPED);
    await user.click(screen.getByRole('button', { name: 'E-invoice (XML)' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]!.name).toBe('INV-000123.xml');
    expect(store.api.requestsTo('GET', `/api/orders/${SHIPPED._id}/invoice.xml`)).toHaveLength(1);
  });

  it('offers no credit note for an order that was not refunded', async () => {
    renderOrder(SHIPPED);
    await title(SHIPPED);
    expect(screen.queryByRole('button', { name: 'Download credit note' })).toBeNull();
  });

  it('says in a toast why the invoice could not be had, and saves nothing', async () => {
    const { store, user } = renderOrder(SHIPPED);
    store.api.on('GET', '/api/orders/:id/invoice.pdf', () => apiError(503, 'Service Unavailable'));
    await title(SHIPPED);
    await user.click(screen.getByRole('button', { name: 'Download invoice' }));
    expect(await screen.findByText(TOASTS.storeBusy)).toBeTruthy();
    expect(downloads).toHaveLength(0);
  });

  it('deletes an unpaid order once confirmed, says so, and goes back to My Orders', async () => {
    const { store, fake, user } = renderOrder(UNPAID);
    await title(UNPAID);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(deleteDialog()).getByRole('button', { name: 'Cancel' }));
    expect(store.api.requestsTo('DELETE', `/api/order/${UNPAID._id}`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(deleteDialog()).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(TOASTS.orderDeleted)).toBeTruthy();
    expect((await screen.findByTestId('elsewhere')).textContent).toBe(paths.myOrders);
    expect(store.api.requestsTo('DELETE', `/api/order/${UNPAID._id}`)).toHaveLength(1);
    expect(fake.orders.has(UNPAID._id)).toBe(false);
  });

  it('says why the store refused to delete the order (paid meanwhile), and stays', async () => {
    const { fake, user } = renderOrder(UNPAID);
    await title(UNPAID);
    fake.orders.set(UNPAID._id, { ...UNPAID, paid: true, status: 'pending' });
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(deleteDialog()).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText(API_ERRORS.paidOrderCannotBeDeleted)).toBeTruthy();
    expect(screen.queryByTestId('elsewhere')).toBeNull();
    expect(fake.orders.has(UNPAID._id)).toBe(true);
  });

  it('shows an expired order as expired, with no Pay, and still lets it be deleted', async () => {
    renderOrder({ ...UNPAID, status: 'expired' }, [
      { kind: 'placed', at: '2025-03-01T09:00:00.000Z', actorEmail: CUSTOMER.email, details: null },
      { kind: 'expired', at: '2025-03-01T11:00:00.000Z', actorEmail: null, details: null },
    ]);
    await title(UNPAID);
    expect(screen.getByTestId('order-page-state').textContent).toBe('Expired unpaid');
    expect(screen.queryByRole('link', { name: 'Pay' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
    await waitFor(() => expect(timeline()).toHaveLength(2));
    expect(timeline()[1]).toMatch(/^Expired.*Not paid in time$/);
    // The store expired it: no one's email beside it.
    expect(timeline()[1]).not.toContain('@');
  });

  it('shows a refunded order as cancelled and refunded, with its refund in the timeline', async () => {
    renderOrder({ ...SHIPPED, status: 'refunded', refundedAt: '2025-03-03T10:00:00.000Z', carrier: null, trackingNumber: null, trackingUrl: null, creditNoteNumber: 'CN-000007' }, [
      { kind: 'placed', at: '2025-03-01T09:00:00.000Z', actorEmail: CUSTOMER.email, details: null },
      { kind: 'refunded', at: '2025-03-03T10:00:00.000Z', actorEmail: 'ada@example.com', details: { refundId: 're_555' } },
    ]);
    await title(SHIPPED);
    expect(screen.getByTestId('order-page-state').textContent).toBe('Cancelled and refunded');
    expect(screen.getByRole('button', { name: 'Download invoice' })).toBeTruthy();
    expect(screen.getByText('Credit note CN-000007')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    await waitFor(() => expect(timeline()).toHaveLength(2));
    expect(timeline()[1]).toMatch(/^Cancelled and refunded.*Refund re_555$/);
  });

  it("says when there is no such order, or it is someone else's, with the way back", async () => {
    const store = fakeStore({ signedIn: CUSTOMER });
    fakeOrders(store, [{ ...UNPAID, email: 'someone-else@example.com' }]);
    renderPage(<OrderPage />, { path: routes.orderPage, at: paths.orderPage(UNPAID._id) });
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to My Orders' }).getAttribute('href')).toBe(paths.myOrders);
    expect(screen.queryByText(UNPAID.number)).toBeNull();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { API_ERRORS, CONFIRM, EMPTY_TEXT, TOASTS, formatUsd } from '../../../shared';
import type { Order } from '../../../shared/schemas/orders';
import { apiError } from '../../../../tests/support/web/fake-api';
import { fakeOrder, fakeOrders, orderLine } from '../../../../tests/support/web/fake-orders';
import { CUSTOMER, fakeStore } from '../../../../tests/support/web/fake-store';
import { renderPage } from '../../../../tests/support/web/render';
import { paths } from '../../config/paths';
import MyOrdersPage from './my-orders-page';

const IN_AN_HOUR = new Date(Date.now() + 3_600_000).toISOString();

/** Unpaid, of one tool, placed most recently. */
const UNPAID = fakeOrder({
  _id: 'order-unpaid',
  number: 'TH-100050',
  lines: [orderLine('Cordless Drill', { price: 39.99, quantity: 2, sku: 'TM-DRL-18V' })],
  createdAt: '2025-03-03T12:00:00.000Z',
  payBy: IN_AN_HOUR,
});
/** Paid, of several tools. */
const PAID = fakeOrder({
  _id: 'order-paid',
  number: 'TH-100049',
  lines: [orderLine('Torque Wrench', { price: 89.5, sku: 'TW-180' }), orderLine('Socket Set', { price: 45, quantity: 2 })],
  createdAt: '2025-03-02T12:00:00.000Z',
  paid: true,
  status: 'pending',
  transactionId: 'pi_3PqR7sLkdIwHu7ix0x1',
  invoiceNumber: 'INV-000007',
});
/** Not paid in time. */
const EXPIRED = fakeOrder({ _id: 'order-expired', number: 'TH-100048', lines: [orderLine('Multimeter', { price: 19.99 })], createdAt: '2025-03-01T12:00:00.000Z', status: 'expired' });

function renderMyOrders(orders: Order[], at: string = paths.myOrders) {
  const store = fakeStore({ signedIn: CUSTOMER });
  const fake = fakeOrders(store, orders);
  const user = userEvent.setup();
  const view = renderPage(<MyOrdersPage />, { path: paths.myOrders, at });
  return { store, fake, user, ...view };
}

const rows = () => screen.getAllByTestId('order-row');
const rowOf = (number: string) => {
  const row = rows().find((candidate) => within(candidate).getByTestId('order-number').textContent === number);
  if (!row) throw new Error(`no row of order ${number}`);
  return row;
};
/** The text of each cell of a row, in column order. */
const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);
const numbersShown = () => rows().map((row) => within(row).getByTestId('order-number').textContent);
const deleteDialog = () => screen.getByRole('dialog', { name: CONFIRM.deleteOrder });

/** `count` unpaid orders, one a day, the newest first once sorted. */
const manyOrders = (count: number) =>
  Array.from({ length: count }, (_, i) =>
    fakeOrder({ _id: `order-${i + 1}`, number: `TH-${200 + i + 1}`, createdAt: new Date(Date.UTC(2025, 0, i + 1, 12)).toISOString(), payBy: IN_AN_HOUR }),
  );

describe('My Orders', () => {
  it("lists the customer's orders, newest first, each linked to its page", async () => {
    const { store, user } = renderMyOrders([EXPIRED, UNPAID, PAID]);
    await screen.findAllByTestId('order-row');
    expect(numbersShown()).toEqual(['TH-100050', 'TH-100049', 'TH-100048']);
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Item', 'Description', 'Price', 'Quantity', 'Total', 'Order date', 'Action']);

    const [request] = store.api.requestsTo('GET', `/api/order/${encodeURIComponent(CUSTOMER.email)}`);
    expect(Object.fromEntries(request!.query)).toEqual({ limit: '10', offset: '0' });
    expect(request!.headers.get('authorization')).toMatch(/^Bearer \S+/);

    await user.click(within(rowOf('TH-100049')).getByRole('link', { name: 'TH-100049' }));
    expect((await screen.findByTestId('elsewhere')).textContent).toBe(paths.orderPage(PAID._id));
  });

  it('shows an order of one tool with its SKU, description, unit price, quantity, total and date', async () => {
    renderMyOrders([UNPAID]);
    const row = (await screen.findAllByTestId('order-row'))[0]!;
    const [item, description, price, quantity, total, date] = cells(row);
    expect(item).toBe('TH-100050Cordless DrillSKU TM-DRL-18V');
    expect(description).toBe(UNPAID.description);
    expect(price).toBe(formatUsd(39.99));
    expect(quantity).toBe('2');
    expect(total).toBe(formatUsd(79.98));
    expect(date).toBe('Mar 3, 2025');
  });

  it('shows an order of several tools as its lines (name × quantity at price), and how many tools rather than a sum of units', async () => {
    renderMyOrders([PAID]);
    const row = (await screen.findAllByTestId('order-row'))[0]!;
    const [item, description, price, quantity, total] = cells(row);
    expect(item).toBe('TH-1000492 tools');
    expect(within(within(row).getByTestId('order-lines')).getAllByRole('listitem').map((line) => line.textContent)).toEqual([
      `Torque Wrench × 1 at ${formatUsd(89.5)} · SKU TW-180`,
      `Socket Set × 2 at ${formatUsd(45)}`,
    ]);
    expect(description).toBe(`Torque Wrench × 1 at ${formatUsd(89.5)} · SKU TW-180Socket Set × 2 at ${formatUsd(45)}`);
    expect(price).toBe('Per line');
    expect(quantity).toBe('2 tools');
    expect(total).toBe(formatUsd(179.5));
  });

  it('offers to pay an unpaid order before its time runs out, or to delete it', async () => {
    const { user } = renderMyOrders([UNPAID]);
    const row = (await screen.findAllByTestId('order-row'))[0]!;
    const payBy = within(row).getByTestId('pay-by');
    expect(payBy.textContent).toMatch(/^Pay by \S/);
    expect(payBy.querySelector('time')?.getAttribute('dateTime')).toBe(IN_AN_HOUR);
    expect(within(row).getByRole('button', { name: 'Delete order for Cordless Drill' })).toBeTruthy();
    await user.click(within(row).getByRole('link', { name: 'Pay' }));
    expect((await screen.findByTestId('elsewhere')).textContent).toBe(paths.checkOut(UNPAID._id));
  });

  it('shows a paid order with its state and transaction id, and nothing to pay or delete', async () => {
    renderMyOrders([PAID]);
    const row = (await screen.findAllByTestId('order-row'))[0]!;
    expect(within(row).getByText('Paid, pending shipment')).toBeTruthy();
    expect(within(row).getByTestId('transaction-id').textContent).toBe(PAID.transactionId);
    expect(within(row).queryByRole('link', { name: 'Pay' })).toBeNull();
    expect(within(row).queryByRole('button', { name: /^Delete/ })).toBeNull();
  });

  it('shows an expired order as expired, with no Pay but a Delete', async () => {
    renderMyOrders([EXPIRED]);
    const row = (await screen.findAllByTestId('order-row'))[0]!;
    expect(within(row).getByText('Expired')).toBeTruthy();
    expect(within(row).queryByRole('link', { name: 'Pay' })).toBeNull();
    expect(within(row).queryByTestId('pay-by')).toBeNull();
    expect(within(row).getByRole('button', { name: 'Delete order for Multimeter' })).toBeTruthy();
  });

  it("says, in the spec's words, when there are no orders, and leads back to the tools", async () => {
    renderMyOrders([fakeOrder({ _id: 'order-of-someone-else', email: 'someone-else@example.com' })]);
    expect(await screen.findByText(EMPTY_TEXT.myOrders)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse our tools' }).getAttribute('href')).toBe(paths.ourTools);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('deletes an unpaid order once confirmed, says so, and the list no longer has it', async () => {
    const { store, user } = renderMyOrders([UNPAID, PAID]);
    await screen.findAllByTestId('order-row');
    await user.click(within(rowOf('TH-100050')).getByRole('button', { name: 'Delete order for Cordless Drill' }));
    expect(deleteDialog().hasAttribute('open')).toBe(true);
    await user.click(within(deleteDialog()).getByRole('button', { name: 'Cancel' }));
    expect(store.api.requestsTo('DELETE', `/api/order/${UNPAID._id}`)).toHaveLength(0);

    await user.click(within(rowOf('TH-100050')).getByRole('button', { name: 'Delete order for Cordless Drill' }));
    await user.click(within(deleteDialog()).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(TOASTS.orderDeleted)).toBeTruthy();
    await waitFor(() => expect(numbersShown()).toEqual(['TH-100049']));
    expect(store.api.requestsTo('DELETE', `/api/order/${UNPAID._id}`)).toHaveLength(1);
  });

  it('says why an order could not be deleted, and keeps it in the list', async () => {
    const { store, user } = renderMyOrders([UNPAID]);
    store.api.on('DELETE', '/api/order/:id', () => apiError(409, API_ERRORS.paidOrderCannotBeDeleted, 'PAID_ORDER_NOT_DELETABLE'));
    await screen.findAllByTestId('order-row');
    await user.click(screen.getByRole('button', { name: 'Delete order for Cordless Drill' }));
    await user.click(within(deleteDialog()).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText(API_ERRORS.paidOrderCannotBeDeleted)).toBeTruthy();
    expect(numbersShown()).toEqual(['TH-100050']);
    // The question is gone: a closed dialog is out of reach.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('pages through many orders ten at a time, keeping the page in the address', async () => {
    const { store, user, router } = renderMyOrders(manyOrders(12));
    await screen.findAllByTestId('order-row');
    expect(rows()).toHaveLength(10);
    expect(numbersShown()[0]).toBe('TH-212');
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pager).getByText('Page 1 of 2')).toBeTruthy();

    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(numbersShown()).toEqual(['TH-202', 'TH-201']));
    expect(router.state.location.search).toBe('?page=2');
    expect(within(pager).getByText('Page 2 of 2')).toBeTruthy();
    const pages = store.api.requestsTo('GET', `/api/order/${encodeURIComponent(CUSTOMER.email)}`).map((request) => request.query.get('offset'));
    expect(pages).toEqual(['0', '10']);

    await user.click(within(pager).getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(rows()).toHaveLength(10));
    expect(router.state.location.search).toBe('');
  });

  it('moves back to the last page there is, for an address past it or once its last order is deleted', async () => {
    const { user, router } = renderMyOrders(manyOrders(11), `${paths.myOrders}?page=5`);
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await waitFor(() => expect(numbersShown()).toEqual(['TH-201']));

    await user.click(screen.getByRole('button', { name: /^Delete order for/ }));
    await user.click(within(deleteDialog()).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(rows()).toHaveLength(10));
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });
});

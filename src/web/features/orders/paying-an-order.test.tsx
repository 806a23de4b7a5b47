import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CONFIRM, EMPTY_TEXT, TOASTS } from '../../../shared';
import { fakeOrder, fakeOrders, orderLine, TEST_CARD } from '../../../../tests/support/web/fake-orders';
import { CUSTOMER, fakeStore } from '../../../../tests/support/web/fake-store';
import { renderRoutes } from '../../../../tests/support/web/render';
import { paths, routes } from '../../config/paths';
import CheckoutPage from './checkout-page';
import MyOrdersPage from './my-orders-page';
import OrderPage from './order-page';

/**
 * The customer's order pages together, as the dashboard links them: My Orders, the checkout and
 * the order's own page. What one of them changes (a payment, a deletion) shows on the others
 * without a reload.
 */

const ORDER = fakeOrder({
  _id: 'order-1',
  number: 'TH-100061',
  lines: [orderLine('Laser Level', { price: 129, quantity: 1, sku: 'LL-360' })],
  payBy: new Date(Date.now() + 3_600_000).toISOString(),
});

function openAt(at: string) {
  const store = fakeStore({ signedIn: CUSTOMER });
  const fake = fakeOrders(store, [ORDER]);
  const user = userEvent.setup();
  const view = renderRoutes(
    [
      { path: routes.myOrders, element: <MyOrdersPage /> },
      { path: routes.checkOut, element: <CheckoutPage /> },
      { path: routes.orderPage, element: <OrderPage /> },
    ],
    { at },
  );
  return { store, fake, user, ...view };
}

async function payWithTestCard(user: ReturnType<typeof userEvent.setup>) {
  const form = await screen.findByRole('form', { name: 'Card payment form' });
  await user.type(within(form).getByLabelText('Card number'), TEST_CARD.number);
  await user.type(within(form).getByLabelText('Expiry (MM/YY)'), '12/34');
  await user.type(within(form).getByLabelText('CVC'), '123');
  await user.click(within(form).getByRole('button', { name: 'Pay' }));
  await screen.findByText(TOASTS.paymentSucceeded);
}

const orderRow = async () => (await screen.findAllByTestId('order-row'))[0]!;

describe("paying for an order, from the customer's pages", () => {
  it('goes from My Orders to the checkout, and back to My Orders showing the order paid', async () => {
    const { user, router } = openAt(paths.myOrders);
    await user.click(within(await orderRow()).getByRole('link', { name: 'Pay' }));
    expect(await screen.findByRole('heading', { name: 'Checkout' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.checkOut(ORDER._id));

    await payWithTestCard(user);
    const transactionId = screen.getByTestId('transaction-id').textContent;
    await user.click(screen.getByRole('link', { name: 'Back to My Orders' }));

    const row = await orderRow();
    await waitFor(() => expect(within(row).getByText('Paid, pending shipment')).toBeTruthy());
    expect(within(row).getByTestId('transaction-id').textContent).toBe(transactionId);
    expect(within(row).queryByRole('link', { name: 'Pay' })).toBeNull();
    expect(within(row).queryByRole('button', { name: /^Delete/ })).toBeNull();
  });

  it("goes from the paid checkout to the order's page: paid, invoiced, and the payment in its timeline", async () => {
    const { user, fake } = openAt(paths.checkOut(ORDER._id));
    await payWithTestCard(user);
    const transactionId = screen.getByTestId('transaction-id').textContent!;
    await user.click(screen.getByRole('link', { name: 'See the order and its invoice' }));

    expect(await screen.findByRole('heading', { name: `Order ${ORDER.number}` })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('order-page-state').textContent).toBe('Paid, waiting to ship'));
    expect(screen.getByText(`Invoice ${fake.orders.get(ORDER._id)!.invoiceNumber}`)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download invoice' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Pay' })).toBeNull();
    const timeline = await screen.findByTestId('order-timeline');
    await waitFor(() => expect(within(timeline).getAllByRole('listitem')).toHaveLength(2));
    expect(within(timeline).getAllByRole('listitem')[1]!.textContent).toContain(`Transaction id ${transactionId}`);
  });

  it("goes from the order's page to pay, and the order's page then shows it paid", async () => {
    const { user } = openAt(paths.orderPage(ORDER._id));
    expect(await screen.findByTestId('order-page-state')).toHaveProperty('textContent', 'Waiting for payment');
    await user.click(screen.getByRole('link', { name: 'Pay' }));
    await payWithTestCard(user);

    await user.click(screen.getByRole('link', { name: 'See the order and its invoice' }));
    await waitFor(() => expect(screen.getByTestId('order-page-state').textContent).toBe('Paid, waiting to ship'));
  });

  it("deletes the order from its page and returns to My Orders, which no longer lists it", async () => {
    const { user, router } = openAt(paths.orderPage(ORDER._id));
    await screen.findByRole('heading', { name: `Order ${ORDER.number}` });
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog', { name: CONFIRM.deleteOrder })).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText(EMPTY_TEXT.myOrders)).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.myOrders);
    expect(await screen.findByText(TOASTS.orderDeleted)).toBeTruthy();
  });

  it('says an order deleted meanwhile is not found, when its page is opened again', async () => {
    const { user, fake, router } = openAt(paths.myOrders);
    const link = within(await orderRow()).getByRole('link', { name: ORDER.number });
    fake.orders.delete(ORDER._id);
    await user.click(link);

    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Pay' })).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Back to My Orders' }));
    expect(router.state.location.pathname).toBe(paths.myOrders);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { API_ERRORS, CONFIRM, SIGNED_OUT_NOTICES, TOASTS } from '../../shared';
import { apiError } from '../../../tests/support/web/fake-api';
import { fakeIdentity } from '../../../tests/support/web/fake-identity';
import { fakeOrder, fakeOrders } from '../../../tests/support/web/fake-orders';
import '../../../tests/support/web/identity-client';
import { ADMIN, CUSTOMER, fakeStore } from '../../../tests/support/web/fake-store';
import { renderRoutes } from '../../../tests/support/web/render';
import { paths } from '../config/paths';
import LoginPage from '../features/auth/login-page';
import MyOrdersPage from '../features/orders/my-orders-page';
import { RequireAdmin, RequireAuth, RequireCustomer } from './guards';

const PASSWORD = 'correct horse battery';

/**
 * The guards as the app nests them (routes.tsx): signed-in pages under RequireAuth, a customer's
 * page under RequireCustomer, an admin's under RequireAdmin; the real login page they send people to.
 */
const guardedRoutes: RouteObject[] = [
  { path: paths.login, element: <LoginPage /> },
  { path: paths.twoFactor, element: <h2>Two-step sign-in page</h2> },
  {
    element: <RequireAuth />,
    children: [
      { path: paths.dashboard, element: <h2>My Profile page</h2> },
      { element: <RequireCustomer />, children: [{ path: paths.myOrders, element: <h2>My Orders page</h2> }] },
      { element: <RequireAdmin />, children: [{ path: paths.manageOrders, element: <h2>Manage Orders page</h2> }] },
    ],
  },
];

const openAt = (at: string) => ({ user: userEvent.setup(), ...renderRoutes(guardedRoutes, { at }) });
const heading = (name: string) => screen.findByRole('heading', { name }, { timeout: 3000 });

describe('the signed-in guard', () => {
  it('checks the sign-in first, then shows the page to someone signed in', async () => {
    fakeStore({ signedIn: CUSTOMER });
    openAt(paths.dashboard);
    expect(screen.getByRole('status').textContent).toBe('Checking your sign-in');
    expect(await heading('My Profile page')).toBeTruthy();
  });

  it('sends a visitor to Login, and back to the same address (query and all) once signed in', async () => {
    const store = fakeStore({ signedIn: null });
    fakeIdentity(store, [{ person: CUSTOMER, password: PASSWORD }]);
    const { user, router } = openAt(`${paths.myOrders}?page=3`);

    expect(await heading('Login')).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.login);
    expect(screen.queryByTestId('signed-out-notice')).toBeNull();

    await user.type(screen.getByLabelText('Email'), CUSTOMER.email);
    await user.type(screen.getByLabelText('Password'), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await heading('My Orders page')).toBeTruthy();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(`${paths.myOrders}?page=3`);
  });

  it('does not send someone to Login when the store is busy: it says so, and Try again shows the page', async () => {
    const store = fakeStore({ signedIn: CUSTOMER });
    store.api.on('GET', '/api/auth/get-session', () => apiError(503, 'Service Unavailable'));
    const { user } = openAt(paths.dashboard);

    const busy = await screen.findByRole('alert');
    expect(within(busy).getByRole('heading', { name: 'Please wait a moment' })).toBeTruthy();
    expect(within(busy).getByTestId('store-busy-message').textContent).toBe(TOASTS.storeBusy);
    expect(screen.queryByRole('heading', { name: 'Login' })).toBeNull();

    // The store answers again, with the session it had all along.
    store.api.on('GET', '/api/auth/get-session', () => ({ body: { session: { id: store.state.session, expiresAt: new Date(Date.now() + 86_400_000).toISOString() }, user: { ...CUSTOMER, emailVerified: true } } }));
    await user.click(within(busy).getByRole('button', { name: 'Try again' }));
    expect(await heading('My Profile page')).toBeTruthy();
  });
});

describe('the customer guard', () => {
  it("shows a customer's page to a customer, once the server has said the role", async () => {
    const store = fakeStore({ signedIn: CUSTOMER });
    openAt(paths.myOrders);
    expect(await heading('My Orders page')).toBeTruthy();
    const [roleCheck] = store.api.requestsTo('GET', `/api/admin/${encodeURIComponent(CUSTOMER.email)}`);
    expect(roleCheck!.headers.get('authorization')).toMatch(/^Bearer \S+/);
  });

  it('signs an admin out and says on the login page that the page is for customers', async () => {
    const store = fakeStore({ signedIn: ADMIN });
    openAt(paths.myOrders);

    expect((await screen.findByTestId('signed-out-notice', {}, { timeout: 3000 })).textContent).toBe(SIGNED_OUT_NOTICES.customersOnly);
    expect(screen.queryByRole('heading', { name: 'My Orders page' })).toBeNull();
    expect(store.api.requestsTo('POST', '/api/auth/sign-out')).toHaveLength(1);
    expect(store.state.person).toBeNull();
  });

  it('keeps the customer signed in when the role check finds the store busy, and says so', async () => {
    const store = fakeStore({ signedIn: CUSTOMER });
    store.api.on('GET', '/api/admin/:email', () => apiError(429, API_ERRORS.tooManyRequests, 'TOO_MANY_REQUESTS'));
    openAt(paths.myOrders);

    expect((await screen.findByTestId('store-busy-message', {}, { timeout: 3000 })).textContent).toBe(TOASTS.storeBusy);
    expect(store.api.requestsTo('POST', '/api/auth/sign-out')).toHaveLength(0);
    expect(store.state.person).toEqual(CUSTOMER);
  });

  it('signs out and offers Login when the session ended on the server (the role check is refused)', async () => {
    const store = fakeStore({ signedIn: CUSTOMER });
    store.api.on('GET', '/api/admin/:email', () => apiError(401, API_ERRORS.signInRequired));
    const { router } = openAt(paths.myOrders);

    expect(await heading('Login')).toBeTruthy();
    // Not the wrong role: no notice, and Login would bring the person back here.
    expect(screen.queryByTestId('signed-out-notice')).toBeNull();
    await waitFor(() => expect(router.state.location.state).toEqual({ from: paths.myOrders }));
    expect(store.api.requestsTo('POST', '/api/auth/sign-out').length).toBeGreaterThan(0);
  });
});

describe('the admin guard', () => {
  it('shows an admin page to an admin where two-step sign-in is optional and off', async () => {
    fakeStore({ signedIn: ADMIN, authOptions: { adminTwoFactor: 'optional' } });
    openAt(paths.manageOrders);
    expect(await heading('Manage Orders page')).toBeTruthy();
  });

  it('signs a customer out and says on the login page that the page is for admins', async () => {
    const store = fakeStore({ signedIn: CUSTOMER });
    openAt(paths.manageOrders);

    expect((await screen.findByTestId('signed-out-notice', {}, { timeout: 3000 })).textContent).toBe(SIGNED_OUT_NOTICES.adminsOnly);
    expect(screen.queryByRole('heading', { name: 'Manage Orders page' })).toBeNull();
    expect(store.state.person).toBeNull();
  });

  it('asks an admin to turn two-step sign-in on first where the store requires it', async () => {
    const store = fakeStore({ signedIn: ADMIN, authOptions: { adminTwoFactor: 'required' } });
    const { user } = openAt(paths.manageOrders);

    const gate = await screen.findByTestId('admin-two-factor-gate', {}, { timeout: 3000 });
    expect(within(gate).getByRole('heading', { name: 'Turn on two-step sign-in first' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Manage Orders page' })).toBeNull();
    // Still signed in: the gate says what to do, it does not sign anyone out.
    expect(store.state.person).toEqual(ADMIN);

    await user.click(within(gate).getByRole('link', { name: 'Set up two-step sign-in' }));
    expect(await heading('Two-step sign-in page')).toBeTruthy();
  });

  it('asks for a code when two-step sign-in is on but this session has not shown one', async () => {
    fakeStore({ signedIn: { ...ADMIN, twoFactorEnabled: true }, secondFactorAt: null });
    openAt(paths.manageOrders);

    const gate = await screen.findByTestId('admin-two-factor-gate', {}, { timeout: 3000 });
    expect(within(gate).getByRole('heading', { name: 'Enter a code from your authenticator app' })).toBeTruthy();
    expect(within(gate).getByRole('link', { name: 'Enter a code' }).getAttribute('href')).toBe(paths.twoFactor);
  });

  it('opens the admin pages to a session that has shown a code, wherever two-step sign-in is required', async () => {
    fakeStore({ signedIn: { ...ADMIN, twoFactorEnabled: true }, secondFactorAt: new Date().toISOString(), authOptions: { adminTwoFactor: 'required' } });
    openAt(paths.manageOrders);
    expect(await heading('Manage Orders page')).toBeTruthy();
    expect(screen.queryByTestId('admin-two-factor-gate')).toBeNull();
  });
});

describe('a session that ends while a guarded page is open', () => {
  it('signs the person out at the first refused call, sends them to Login, and back to the page after signing in', async () => {
    const store = fakeStore({ signedIn: CUSTOMER });
    fakeIdentity(store, [{ person: CUSTOMER, password: PASSWORD }]);
    const order = fakeOrder({ _id: 'order-1', payBy: new Date(Date.now() + 3_600_000).toISOString() });
    const orders = fakeOrders(store, [order]);
    const user = userEvent.setup();
    const { router } = renderRoutes(
      [
        { path: paths.login, element: <LoginPage /> },
        { element: <RequireAuth />, children: [{ element: <RequireCustomer />, children: [{ path: paths.myOrders, element: <MyOrdersPage /> }] }] },
      ],
      { at: paths.myOrders },
    );
    await screen.findAllByTestId('order-row', {}, { timeout: 3000 });

    // Signed out everywhere from another device: this page still shows the orders it had.
    store.endSession();
    await user.click(screen.getByRole('button', { name: `Delete order for ${order.productName}` }));
    await user.click(within(screen.getByRole('dialog', { name: CONFIRM.deleteOrder })).getByRole('button', { name: 'Delete' }));

    expect(await heading('Login')).toBeTruthy();
    expect(await screen.findByText(API_ERRORS.signInRequired)).toBeTruthy();
    expect(orders.orders.has(order._id)).toBe(true);

    await user.type(screen.getByLabelText('Email'), CUSTOMER.email);
    await user.type(screen.getByLabelText('Password'), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await heading('My Orders')).toBeTruthy();
    expect(router.state.location.pathname).toBe(paths.myOrders);
    expect(await screen.findAllByTestId('order-row')).toHaveLength(1);
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SIGNED_OUT_NOTICES, TOASTS, VALIDATION } from '../../../shared';
import { apiError, NO_ANSWER } from '../../../../tests/support/web/fake-api';
import { fakeIdentity } from '../../../../tests/support/web/fake-identity';
import '../../../../tests/support/web/identity-client';
import { CUSTOMER, fakeStore } from '../../../../tests/support/web/fake-store';
import { renderPage, type Arrival } from '../../../../tests/support/web/render';
import { paths } from '../../config/paths';
import { NO_CONNECTION } from '../../lib/request-failure';
import { authErrorMessage } from './auth-error-message';
import LoginPage from './login-page';

const PASSWORD = 'correct horse battery';

/** The store with Casey's account (no two-step sign-in), nobody signed in yet. */
function storeWithCasey(options: Parameters<typeof fakeStore>[0] = {}) {
  const store = fakeStore({ signedIn: null, ...options });
  fakeIdentity(store, [{ person: CUSTOMER, password: PASSWORD }]);
  return store;
}

function renderLogin(arrival: Arrival = {}) {
  const user = userEvent.setup();
  const view = renderPage(<LoginPage />, { path: paths.login, ...arrival });
  return { user, ...view };
}

async function signInWith(user: ReturnType<typeof userEvent.setup>, email: string, password: string) {
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

const tokenRequests = (store: ReturnType<typeof fakeStore>) => store.api.requestsTo('POST', '/api/login');

describe('the login page', () => {
  it('signs in with the email and password, takes an access token for that email, and goes back where the guard came from', async () => {
    const store = storeWithCasey();
    const { user } = renderLogin({ state: { from: `${paths.myOrders}?page=2` } });
    await signInWith(user, 'Casey@Example.com', PASSWORD);

    expect((await screen.findByTestId('elsewhere')).textContent).toBe(paths.myOrders);
    expect(screen.getByTestId('elsewhere-search').textContent).toBe('?page=2');
    // The address is sent as the server keeps it (lower case), with the password as typed.
    expect(store.api.requestsTo('POST', '/api/auth/sign-in/email').map((request) => request.body)).toMatchObject([{ email: CUSTOMER.email, password: PASSWORD }]);
    expect(tokenRequests(store).map((request) => request.body)).toEqual([{ email: CUSTOMER.email }]);
    expect(store.state.person).toEqual(CUSTOMER);
  });

  it('goes home after signing in when nothing says where from, and never to another site', async () => {
    storeWithCasey();
    const { user } = renderLogin({ at: `${paths.login}?from=${encodeURIComponent('//evil.example/phish')}` });
    await signInWith(user, CUSTOMER.email, PASSWORD);
    expect((await screen.findByTestId('elsewhere')).textContent).toBe(paths.home);
  });

  it('follows a ?from= address on this site (as Google sends the person back with)', async () => {
    storeWithCasey();
    const { user } = renderLogin({ at: `${paths.login}?from=${encodeURIComponent(paths.cart)}` });
    await signInWith(user, CUSTOMER.email, PASSWORD);
    expect((await screen.findByTestId('elsewhere')).textContent).toBe(paths.cart);
  });

  it('asks for the email and the password before sending anything, with the words of the spec', async () => {
    const store = storeWithCasey();
    const { user } = renderLogin();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(VALIDATION.emailRequired)).toBeTruthy();
    expect(screen.getByText(VALIDATION.passwordRequired)).toBeTruthy();

    await user.type(screen.getByLabelText('Email'), 'casey-at-example.com');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(VALIDATION.emailInvalid)).toBeTruthy();
    expect(screen.getByText(VALIDATION.passwordTooShort)).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(store.api.requestsTo('POST', '/api/auth/sign-in/email')).toHaveLength(0);
  });

  it('says when the email or password is wrong, and stays signed out', async () => {
    const store = storeWithCasey();
    const { user } = renderLogin();
    await signInWith(user, CUSTOMER.email, 'not the password');

    expect((await screen.findByRole('alert')).textContent).toBe(authErrorMessage({ code: 'INVALID_EMAIL_OR_PASSWORD' }));
    expect(tokenRequests(store)).toHaveLength(0);
    expect(screen.queryByTestId('elsewhere')).toBeNull();

    // Trying again clears the old error and signs in.
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByTestId('elsewhere')).textContent).toBe(paths.home);
  });

  it('says the store is busy rather than that the password is wrong', async () => {
    const store = storeWithCasey();
    store.api.on('POST', '/api/auth/sign-in/email', () => apiError(503, 'Service Unavailable'));
    const { user } = renderLogin();
    await signInWith(user, CUSTOMER.email, PASSWORD);
    expect((await screen.findByRole('alert')).textContent).toBe(TOASTS.storeBusy);
    expect(tokenRequests(store)).toHaveLength(0);
  });

  it('says the store is out of reach when the sign-in itself gets no answer, and asks for no token', async () => {
    const store = storeWithCasey();
    store.api.on('POST', '/api/auth/sign-in/email', () => NO_ANSWER);
    const { user } = renderLogin();
    await signInWith(user, CUSTOMER.email, PASSWORD);
    expect((await screen.findByRole('alert')).textContent).toBe(NO_CONNECTION);
    expect(tokenRequests(store)).toHaveLength(0);
  });

  it('says the store is out of reach when the token cannot be fetched after the password', async () => {
    const store = storeWithCasey();
    store.api.on('POST', '/api/login', () => NO_ANSWER);
    const { user } = renderLogin();
    await signInWith(user, CUSTOMER.email, PASSWORD);
    expect((await screen.findByRole('alert')).textContent).toBe(NO_CONNECTION);
  });

  it("passes on what the store itself says about too many attempts", async () => {
    const store = storeWithCasey();
    const throttled = 'Too many failed sign-in attempts from here. Please wait 15 minutes and try again';
    store.api.on('POST', '/api/auth/sign-in/email', () => ({ status: 429, body: { message: throttled } }));
    const { user } = renderLogin();
    await signInWith(user, CUSTOMER.email, PASSWORD);
    expect((await screen.findByRole('alert')).textContent).toBe(throttled);
  });

  it('stays on the page and says why when the access token cannot be had after a right password', async () => {
    const store = storeWithCasey();
    store.api.on('POST', '/api/login', () => apiError(503, 'Service Unavailable'));
    const { user } = renderLogin();
    await signInWith(user, CUSTOMER.email, PASSWORD);
    expect((await screen.findByRole('alert')).textContent).toBe(TOASTS.storeBusy);
    expect(screen.queryByTestId('elsewhere')).toBeNull();
  });

  it('moves on at once for someone already signed in (back from Google), with a token for their email', async () => {
    const store = fakeStore({ signedIn: CUSTOMER });
    renderLogin({ at: `${paths.login}?google=1&from=${encodeURIComponent(paths.purchase('tool-drill'))}` });
    expect((await screen.findByTestId('elsewhere')).textContent).toBe(paths.purchase('tool-drill'));
    expect(tokenRequests(store).map((request) => request.body)).toEqual([{ email: CUSTOMER.email }]);
  });

  it("says why a role guard signed the person out, without calling it the form's error", async () => {
    storeWithCasey();
    renderLogin({ state: { signedOut: 'adminsOnly' } });
    expect((await screen.findByTestId('signed-out-notice')).textContent).toBe(SIGNED_OUT_NOTICES.adminsOnly);
    expect(screen.getByRole('status').textContent).toBe(SIGNED_OUT_NOTICES.adminsOnly);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows what went wrong when Google sends the person back with an error', async () => {
    storeWithCasey();
    renderLogin({ at: `${paths.login}?error=access_denied` });
    expect((await screen.findByRole('alert')).textContent).toBe(authErrorMessage({ code: 'access_denied' }));
  });

  it('links to Sign Up (keeping where to go afterwards) and to Forgot Password?', async () => {
    storeWithCasey();
    const { user } = renderLogin({ state: { from: paths.cart } });
    expect(screen.getByRole('link', { name: 'Forgot Password?' }).getAttribute('href')).toBe(paths.forgotPassword);
    const signUp = screen.getByRole('link', { name: 'Sign Up' });
    expect(signUp.getAttribute('href')).toBe(paths.registration);
    await user.click(signUp);
    expect((await screen.findByTestId('elsewhere')).textContent).toBe(paths.registration);
  });

  it('offers Continue With Google where the store has Google sign-in set up', async () => {
    storeWithCasey({ authOptions: { google: true } });
    renderLogin();
    expect(await screen.findByRole('button', { name: 'Continue With Google' })).toBeTruthy();
  });

  it('offers no Google button where the store has no Google sign-in', async () => {
    const store = storeWithCasey({ authOptions: { google: false } });
    renderLogin();
    await waitFor(() => expect(store.api.requestsTo('GET', '/api/auth-options')).toHaveLength(1));
    // The answer is in: the page shows what it will show.
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Continue With Google' })).toBeNull();
  });
});

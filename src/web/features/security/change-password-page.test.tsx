import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { API_ERRORS, TOASTS, VALIDATION } from '../../../shared';
import { apiError } from '../../../../tests/support/web/fake-api';
import { fakeIdentity } from '../../../../tests/support/web/fake-identity';
import { CUSTOMER, fakeStore } from '../../../../tests/support/web/fake-store';
import { renderPage } from '../../../../tests/support/web/render';
import { paths } from '../../config/paths';
import ChangePasswordPage from './change-password-page';

const PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'staple tuning fork 42';
const DONE = 'Your password is changed. Every other browser signed in to your account is now signed out.';
/** The identity service's INVALID_PASSWORD, as the security pages word it (features/auth/auth-error-message.ts). */
const WRONG_PASSWORD = 'The password is wrong.';

function renderChangePassword() {
  const store = fakeStore({ signedIn: CUSTOMER });
  const identity = fakeIdentity(store, [{ person: CUSTOMER, password: PASSWORD }]);
  const user = userEvent.setup();
  renderPage(<ChangePasswordPage />, { path: paths.changePassword });
  return { store, identity, user };
}

const form = () => screen.getByRole('form', { name: 'Change password form' });
const changes = (store: ReturnType<typeof fakeStore>) => store.api.requestsTo('POST', '/api/auth/change-password');

async function change(user: ReturnType<typeof userEvent.setup>, current: string, next: string) {
  await waitFor(() => expect(screen.getByRole('button', { name: 'Change password' })).toHaveProperty('disabled', false));
  const currentField = within(form()).getByLabelText('Current password');
  const newField = within(form()).getByLabelText('New password');
  await user.clear(currentField);
  if (current) await user.type(currentField, current);
  await user.clear(newField);
  if (next) await user.type(newField, next);
  await user.click(within(form()).getByRole('button', { name: 'Change password' }));
}

describe('Change Password', () => {
  it('asks for the password now and a new one of at least 8 characters before sending anything', async () => {
    const { store, user } = renderChangePassword();
    await change(user, '', '');
    expect(await within(form()).findAllByText(VALIDATION.passwordRequired)).toHaveLength(2);

    await change(user, PASSWORD, 'short');
    expect(await within(form()).findByText(VALIDATION.passwordTooShort)).toBeTruthy();
    expect(within(form()).getByLabelText('New password').getAttribute('aria-invalid')).toBe('true');
    expect(changes(store)).toHaveLength(0);
  });

  it('changes the password, signing every other browser out, and says so with the fields emptied', async () => {
    const { store, identity, user } = renderChangePassword();
    const before = store.state.session;
    await change(user, PASSWORD, NEW_PASSWORD);

    expect((await screen.findByRole('status')).textContent).toBe(DONE);
    expect(changes(store).map((request) => request.body)).toEqual([{ currentPassword: PASSWORD, newPassword: NEW_PASSWORD, revokeOtherSessions: true }]);
    expect(identity.accounts[0]!.password).toBe(NEW_PASSWORD);
    expect(within(form()).getByLabelText<HTMLInputElement>('Current password').value).toBe('');
    expect(within(form()).getByLabelText<HTMLInputElement>('New password').value).toBe('');
    // This browser goes on in its new session: a token for it is taken at once.
    expect(store.state.session).not.toBe(before);
    await waitFor(() => expect(store.api.requestsTo('POST', '/api/login').map((request) => request.body)).toEqual([{ email: CUSTOMER.email }]));
  });

  it('says when the password now is wrong, and changes nothing', async () => {
    const { store, identity, user } = renderChangePassword();
    const before = store.state.session;
    await change(user, 'not my password', NEW_PASSWORD);

    expect((await screen.findByRole('alert')).textContent).toBe(WRONG_PASSWORD);
    expect(screen.queryByText(DONE)).toBeNull();
    expect(identity.accounts[0]!.password).toBe(PASSWORD);
    expect(store.state.session).toBe(before);
  });

  it("passes on the store's own reason for refusing the new password", async () => {
    const { store, user } = renderChangePassword();
    store.api.on('POST', '/api/auth/change-password', () => ({ status: 400, body: { code: 'PASSWORD_TOO_COMMON', message: API_ERRORS.passwordTooCommon } }));
    await change(user, PASSWORD, 'password123');
    expect((await screen.findByRole('alert')).textContent).toBe(API_ERRORS.passwordTooCommon);
  });

  it('clears an earlier refusal when the next try succeeds', async () => {
    const { store, user } = renderChangePassword();
    store.api.on('POST', '/api/auth/change-password', () => apiError(503, 'Service Unavailable'));
    await change(user, PASSWORD, NEW_PASSWORD);
    expect((await screen.findByRole('alert')).textContent).toBe(TOASTS.storeBusy);

    // The store answers again: its identity service, set up anew, takes the change.
    fakeIdentity(store, [{ person: CUSTOMER, password: PASSWORD }]);
    await change(user, PASSWORD, NEW_PASSWORD);
    expect((await screen.findByRole('status')).textContent).toBe(DONE);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('links to Sessions, which signs out in the same way', () => {
    renderChangePassword();
    expect(within(form()).getByRole('link', { name: 'Sessions' }).getAttribute('href')).toBe(paths.sessions);
  });
});

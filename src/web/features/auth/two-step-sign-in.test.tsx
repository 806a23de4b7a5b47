import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { VALIDATION } from '../../../shared';
import { APP_CODE, fakeIdentity, type FakeAccount } from '../../../../tests/support/web/fake-identity';
import '../../../../tests/support/web/identity-client';
import { CUSTOMER, fakeStore, type FakePerson } from '../../../../tests/support/web/fake-store';
import { renderPage } from '../../../../tests/support/web/render';
import { paths } from '../../config/paths';
import { authErrorMessage } from './auth-error-message';
import LoginPage from './login-page';

/** Casey has turned two-step sign-in on: after the password, a code from the app or a recovery code. */
const CASEY: FakePerson = { ...CUSTOMER, twoFactorEnabled: true };
const PASSWORD = 'correct horse battery';

function renderTwoStepLogin() {
  const store = fakeStore({ signedIn: null });
  const account: FakeAccount = { person: CASEY, password: PASSWORD, recoveryCodes: ['rc-alpha-1', 'rc-bravo-2'] };
  fakeIdentity(store, [account]);
  const user = userEvent.setup();
  renderPage(<LoginPage />, { path: paths.login, state: { from: paths.twoFactor } });
  return { store, account, user };
}

/** The password step, done right: the page now asks for the second step. */
async function passPasswordStep(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Email'), CASEY.email);
  await user.type(screen.getByLabelText('Password'), PASSWORD);
  await user.click(screen.getByRole('button', { name: 'Login' }));
  return screen.findByRole('form', { name: 'Two-step sign-in form' });
}

const codeStep = () => screen.getByRole('form', { name: 'Two-step sign-in form' });
const tokenRequests = (store: ReturnType<typeof fakeStore>) => store.api.requestsTo('POST', '/api/login');

describe('signing in with two-step sign-in', () => {
  it('asks for the code from the app after a right password, and is not signed in before it', async () => {
    const { store, user } = renderTwoStepLogin();
    const step = await passPasswordStep(user);

    expect(within(step).getByText('Enter the code your authenticator app shows for ToolHouse.')).toBeTruthy();
    expect(within(step).getByLabelText('Code from your authenticator app')).toBe(document.activeElement);
    expect(screen.queryByRole('form', { name: 'Login form' })).toBeNull();
    expect(store.state.person).toBeNull();
    expect(tokenRequests(store)).toHaveLength(0);
  });

  it('signs in with the code (spaces as some apps show them are fine), then takes the token and goes back', async () => {
    const { store, user } = renderTwoStepLogin();
    await passPasswordStep(user);
    await user.type(screen.getByLabelText('Code from your authenticator app'), `${APP_CODE.slice(0, 3)} ${APP_CODE.slice(3)}`);
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect((await screen.findByTestId('elsewhere')).textContent).toBe(paths.twoFactor);
    expect(store.api.requestsTo('POST', '/api/auth/two-factor/verify-totp').map((request) => request.body)).toEqual([{ code: APP_CODE }]);
    expect(tokenRequests(store).map((request) => request.body)).toEqual([{ email: CASEY.email }]);
    expect(store.state.secondFactorAt).not.toBeNull();
  });

  it('checks the code has six digits before sending it', async () => {
    const { store, user } = renderTwoStepLogin();
    await passPasswordStep(user);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await within(codeStep()).findByText(VALIDATION.authenticatorCode)).toBeTruthy();

    await user.type(screen.getByLabelText('Code from your authenticator app'), '12a45');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(within(codeStep()).getByText(VALIDATION.authenticatorCode)).toBeTruthy();
    expect(store.api.requestsTo('POST', '/api/auth/two-factor/verify-totp')).toHaveLength(0);
  });

  it('says when the code is wrong, and lets the person try the right one', async () => {
    const { store, user } = renderTwoStepLogin();
    await passPasswordStep(user);
    await user.type(screen.getByLabelText('Code from your authenticator app'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect((await screen.findByRole('alert')).textContent).toBe(authErrorMessage({ code: 'INVALID_CODE' }));
    expect(store.state.person).toBeNull();

    await user.clear(screen.getByLabelText('Code from your authenticator app'));
    await user.type(screen.getByLabelText('Code from your authenticator app'), APP_CODE);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByTestId('elsewhere')).textContent).toBe(paths.twoFactor);
  });

  it('signs in with a recovery code instead, once per code', async () => {
    const { store, account, user } = renderTwoStepLogin();
    await passPasswordStep(user);
    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    expect(screen.queryByLabelText('Code from your authenticator app')).toBeNull();
    expect(screen.getByText(/Enter one of the recovery codes you kept/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(VALIDATION.recoveryCodeRequired)).toBeTruthy();

    await user.type(screen.getByLabelText('Recovery code'), '  rc-bravo-2 ');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByTestId('elsewhere')).textContent).toBe(paths.twoFactor);
    expect(store.api.requestsTo('POST', '/api/auth/two-factor/verify-backup-code').map((request) => request.body)).toEqual([{ code: 'rc-bravo-2' }]);
    expect(account.recoveryCodes).toEqual(['rc-alpha-1']);
    expect(store.api.requestsTo('POST', '/api/auth/two-factor/verify-totp')).toHaveLength(0);
  });

  it('says when a recovery code is wrong or used, and switches back to the app', async () => {
    const { store, user } = renderTwoStepLogin();
    await passPasswordStep(user);
    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(screen.getByLabelText('Recovery code'), 'rc-used-0');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe(authErrorMessage({ code: 'INVALID_BACKUP_CODE' }));

    await user.click(screen.getByRole('button', { name: 'Use the authenticator app instead' }));
    expect(screen.getByLabelText<HTMLInputElement>('Code from your authenticator app').value).toBe('');
    expect(store.state.person).toBeNull();
  });

  it('starts again from the password when asked, with the error gone', async () => {
    const { store, user } = renderTwoStepLogin();
    await passPasswordStep(user);
    await user.type(screen.getByLabelText('Code from your authenticator app'), '999999');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByRole('alert');

    await user.click(screen.getByRole('button', { name: 'Start again' }));
    expect(screen.getByRole('form', { name: 'Login form' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(store.state.person).toBeNull();
  });

  it('goes back to the password when the sign-in took too long (the second step has ended)', async () => {
    const { store, user } = renderTwoStepLogin();
    await passPasswordStep(user);
    store.api.on('POST', '/api/auth/two-factor/verify-totp', () => ({ status: 401, body: { code: 'INVALID_TWO_FACTOR_COOKIE', message: 'Invalid two factor cookie' } }));
    await user.type(screen.getByLabelText('Code from your authenticator app'), APP_CODE);
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect((await screen.findByRole('alert')).textContent).toBe(authErrorMessage({ code: 'INVALID_TWO_FACTOR_COOKIE' }));
    expect(screen.getByRole('form', { name: 'Login form' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Two-step sign-in form' })).toBeNull();
  });

  it('goes back to the password after too many wrong codes', async () => {
    const { store, user } = renderTwoStepLogin();
    await passPasswordStep(user);
    store.api.on('POST', '/api/auth/two-factor/verify-totp', () => ({ status: 401, body: { code: 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE', message: 'Too many attempts' } }));
    await user.type(screen.getByLabelText('Code from your authenticator app'), '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect((await screen.findByRole('alert')).textContent).toBe(authErrorMessage({ code: 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE' }));
    expect(screen.getByRole('form', { name: 'Login form' })).toBeTruthy();
    expect(tokenRequests(store)).toHaveLength(0);
  });
});

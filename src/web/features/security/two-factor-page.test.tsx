import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { API_ERRORS, VALIDATION } from '../../../shared';
import { APP_CODE, fakeIdentity, SETUP_SECRET } from '../../../../tests/support/web/fake-identity';
import { ADMIN, CUSTOMER, fakeStore, type FakePerson } from '../../../../tests/support/web/fake-store';
import { renderPage } from '../../../../tests/support/web/render';
import { paths } from '../../config/paths';
import TwoFactorPage from './two-factor-page';

const PASSWORD = 'correct horse battery';
/** The identity service's refusals, as the security pages word them (features/auth/auth-error-message.ts). */
const WRONG_PASSWORD = 'The password is wrong.';
const WRONG_CODE = 'That code is wrong or has expired. Enter the code your app shows now.';
const ADMINS_MUST = 'Admins must use two-step sign-in in this store: the admin pages open once it is on.';

type Options = { person?: FakePerson; showedCode?: boolean; adminTwoFactor?: 'required' | 'optional' };

function renderTwoFactor({ person = CUSTOMER, showedCode = false, adminTwoFactor = 'optional' }: Options = {}) {
  const store = fakeStore({ signedIn: person, secondFactorAt: showedCode ? new Date().toISOString() : null, authOptions: { adminTwoFactor } });
  const identity = fakeIdentity(store, [{ person, password: PASSWORD, recoveryCodes: ['old-code-1', 'old-code-2'] }]);
  const user = userEvent.setup();
  renderPage(<TwoFactorPage />, { path: paths.twoFactor });
  return { store, identity, user };
}

const form = (name: string) => screen.findByRole('form', { name });

async function submitPassword(user: ReturnType<typeof userEvent.setup>, formName: string, password: string) {
  const step = await form(formName);
  const field = within(step).getByLabelText('Your password');
  await user.clear(field);
  if (password) await user.type(field, password);
  await user.click(within(step).getByRole('button'));
  return step;
}

async function submitCode(user: ReturnType<typeof userEvent.setup>, formName: string, code: string) {
  const step = await form(formName);
  const field = within(step).getByLabelText('Code from your authenticator app');
  await user.clear(field);
  if (code) await user.type(field, code);
  await user.click(within(step).getByRole('button'));
  return step;
}

/** A toast saying `text`. */
const toast = (text: string) => screen.findByText(text, { selector: '[role="status"]' });
/** The access tokens asked for after the last identity call to `path`: the new session's. */
function tokensAfter(store: ReturnType<typeof fakeStore>, path: string) {
  const call = store.api.requests.findLastIndex((request) => request.method === 'POST' && request.path === path);
  return store.api.requests.slice(call + 1).filter((request) => request.method === 'POST' && request.path === '/api/login');
}

describe('Two-step sign-in, while it is off', () => {
  it('asks for the password first, and says when it is missing or wrong', async () => {
    const { store, user } = renderTwoFactor();
    expect(await screen.findByRole('heading', { name: '1. Confirm your password' })).toBeTruthy();
    const step = await submitPassword(user, 'Start two-step sign-in', '');
    expect(await within(step).findByText(VALIDATION.passwordRequired)).toBeTruthy();
    expect(store.api.requestsTo('POST', '/api/auth/two-factor/enable')).toHaveLength(0);

    await submitPassword(user, 'Start two-step sign-in', 'not my password');
    expect((await within(step).findByRole('alert')).textContent).toBe(WRONG_PASSWORD);
    expect(screen.queryByTestId('totp-secret')).toBeNull();
  });

  it('shows the setup key in groups of four, a link for the app, and the recovery codes to keep', async () => {
    const { store, user } = renderTwoFactor();
    await submitPassword(user, 'Start two-step sign-in', PASSWORD);

    expect((await screen.findByTestId('totp-secret')).textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW');
    expect(screen.getByRole('link', { name: 'open it in the app' }).getAttribute('href')).toMatch(new RegExp(`^otpauth://totp/.*secret=${SETUP_SECRET}`));
    const codes = within(screen.getByRole('list', { name: 'Recovery codes' })).getAllByRole('listitem').map((code) => code.textContent);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect(store.api.requestsTo('POST', '/api/auth/two-factor/enable').map((request) => request.body)).toEqual([{ password: PASSWORD }]);
    // Not on until a first code confirms it.
    expect(store.state.person?.twoFactorEnabled).toBeFalsy();
  });

  it('turns it on with a first code from the app, in a new session with its own token', async () => {
    const { store, user } = renderTwoFactor();
    await submitPassword(user, 'Start two-step sign-in', PASSWORD);
    const before = store.state.session;

    const step = await submitCode(user, 'Confirm two-step sign-in', '123');
    expect(await within(step).findByText(VALIDATION.authenticatorCode)).toBeTruthy();
    await submitCode(user, 'Confirm two-step sign-in', '000000');
    expect((await within(step).findByRole('alert')).textContent).toBe(WRONG_CODE);

    await submitCode(user, 'Confirm two-step sign-in', APP_CODE);
    expect(await toast('Two-step sign-in is on')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: /Two-step sign-in is on$/ })).toBeTruthy();
    expect(screen.queryByTestId('totp-secret')).toBeNull();
    expect(store.state.session).not.toBe(before);
    expect(tokensAfter(store, '/api/auth/two-factor/verify-totp').map((request) => request.body)).toEqual([{ email: CUSTOMER.email }]);
    // The new session showed the code: the settings that need one are open.
    expect(await screen.findByRole('heading', { name: 'New recovery codes' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Turn it off' })).toBeTruthy();
  });

  it("tells an admin the store requires it, where it does", async () => {
    renderTwoFactor({ person: ADMIN, adminTwoFactor: 'required' });
    expect((await screen.findByTestId('admin-two-factor-required')).textContent).toBe(ADMINS_MUST);
  });

  it('does not tell a customer or an admin of a store where it is optional that they must', async () => {
    const { store } = renderTwoFactor({ person: ADMIN, adminTwoFactor: 'optional' });
    await screen.findByRole('form', { name: 'Start two-step sign-in' });
    await waitFor(() => expect(store.api.requestsTo('GET', '/api/auth-options')).toHaveLength(1));
    await waitFor(() => expect(store.api.requestsTo('GET', `/api/admin/${encodeURIComponent(ADMIN.email)}`)).toHaveLength(1));
    expect(screen.queryByTestId('admin-two-factor-required')).toBeNull();
  });
});

describe('Two-step sign-in, set up in more than one sitting', () => {
  it('shows the key as a QR code drawn in the page, with the key written beside it', async () => {
    const { user } = renderTwoFactor();
    await submitPassword(user, 'Start two-step sign-in', PASSWORD);
    const qr = await screen.findByRole('img', { name: 'QR code of the setup key, for your authenticator app to scan' });
    // Drawn here, not fetched from a QR service: the key never leaves the browser.
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByTestId('totp-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW');
  });

  it('brings back the same key after a reload, until the set-up is confirmed or cancelled', async () => {
    const first = renderTwoFactor();
    await submitPassword(first.user, 'Start two-step sign-in', PASSWORD);
    await screen.findByTestId('totp-secret');
    expect(first.store.api.requestsTo('POST', '/api/auth/two-factor/enable')).toHaveLength(1);

    // The page is loaded again (a reload): the set-up waits on the server, and the password brings its key back.
    cleanup();
    renderPage(<TwoFactorPage />, { path: paths.twoFactor });
    await submitPassword(first.user, 'Start two-step sign-in', PASSWORD);
    expect((await screen.findByTestId('totp-secret')).textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW');
    expect(screen.getByTestId('setup-resumed').textContent).toContain('this is the same key');
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
    expect(first.store.api.requestsTo('POST', '/api/auth/two-factor/enable')).toHaveLength(1);

    // Cancelled: the key is dropped, and the next set-up makes a new one.
    await first.user.click(screen.getByText('Cancel the set-up', { selector: 'summary' }));
    await submitPassword(first.user, 'Cancel two-step sign-in set-up', PASSWORD);
    expect(await toast('The set-up is cancelled')).toBeTruthy();
    expect(first.store.api.requestsTo('POST', '/api/auth/two-factor/disable').map((request) => request.body)).toEqual([{ password: PASSWORD }]);
    await submitPassword(first.user, 'Start two-step sign-in', PASSWORD);
    await screen.findByRole('list', { name: 'Recovery codes' });
    expect(first.store.api.requestsTo('POST', '/api/auth/two-factor/enable')).toHaveLength(2);
  });
});

describe('Two-step sign-in, while it is on', () => {
  const CASEY: FakePerson = { ...CUSTOMER, twoFactorEnabled: true };

  it('asks a session signed in without a code for one, and then opens the settings', async () => {
    const { store, user } = renderTwoFactor({ person: CASEY, showedCode: false });
    expect(await screen.findByText(/This session was signed in without a code/)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Turn it off' })).toBeNull();
    const before = store.state.session;

    const step = await submitCode(user, 'Show a code for this session', '111111');
    expect((await within(step).findByRole('alert')).textContent).toBe(WRONG_CODE);
    await submitCode(user, 'Show a code for this session', APP_CODE);

    expect(await toast('Code accepted')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Turn it off' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Show a code for this session' })).toBeNull();
    // The same session, now marked as having shown a code.
    expect(store.state.session).toBe(before);
    expect(store.state.secondFactorAt).not.toBeNull();
  });

  it('makes new recovery codes after the password, and shows them once', async () => {
    const { store, identity, user } = renderTwoFactor({ person: CASEY, showedCode: true });
    await submitPassword(user, 'New recovery codes', 'wrong password');
    expect((await screen.findByRole('alert')).textContent).toBe(WRONG_PASSWORD);

    await submitPassword(user, 'New recovery codes', PASSWORD);
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem').map((code) => code.textContent)).toEqual(identity.accounts[0]!.recoveryCodes);
    expect(within(list).queryByText('old-code-1')).toBeNull();
    expect(store.api.requestsTo('POST', '/api/auth/two-factor/generate-backup-codes').at(-1)!.body).toEqual({ password: PASSWORD });
  });

  it('turns it off after the password, says so, and goes on in a new session', async () => {
    const { store, user } = renderTwoFactor({ person: CASEY, showedCode: true });
    const before = store.state.session;
    await submitPassword(user, 'Turn off two-step sign-in', PASSWORD);

    expect(await toast('Two-step sign-in is off')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: '1. Confirm your password' })).toBeTruthy();
    expect(store.state.person?.twoFactorEnabled).toBe(false);
    expect(store.state.session).not.toBe(before);
    expect(tokensAfter(store, '/api/auth/two-factor/disable').map((request) => request.body)).toEqual([{ email: CUSTOMER.email }]);
  });

  it('warns an admin that turning it off closes the admin pages where the store requires it', async () => {
    renderTwoFactor({ person: { ...ADMIN, twoFactorEnabled: true }, showedCode: true, adminTwoFactor: 'required' });
    expect(await screen.findByText(/As an admin you lose the admin pages until you turn it on again\./)).toBeTruthy();
    expect(screen.queryByTestId('admin-two-factor-required')).toBeNull();
  });

  it("says the store's reason when a change needs a code this session has not shown", async () => {
    const { store, user } = renderTwoFactor({ person: CASEY, showedCode: true });
    // Another tab's sign-in replaced this session with one that has shown no code.
    await screen.findByRole('form', { name: 'Turn off two-step sign-in' });
    store.state.secondFactorAt = null;
    await submitPassword(user, 'Turn off two-step sign-in', PASSWORD);
    expect((await screen.findByRole('alert')).textContent).toBe(API_ERRORS.secondFactorFirst);
    expect(store.state.person?.twoFactorEnabled).toBe(true);
  });
});

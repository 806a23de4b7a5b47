import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { API_ERRORS, TOASTS } from '../../../shared';
import type { AccountSession } from '../../../shared/schemas/accounts';
import { apiError } from '../../../../tests/support/web/fake-api';
import { fakeIdentity } from '../../../../tests/support/web/fake-identity';
import { CUSTOMER, fakeStore } from '../../../../tests/support/web/fake-store';
import { renderPage } from '../../../../tests/support/web/render';
import { paths } from '../../config/paths';
import SessionsPage from './sessions-page';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Another browser signed in to the account. */
function otherSession(id: string, userAgent: string | null, ipAddress: string | null, createdAt: string): AccountSession {
  return { id, current: false, createdAt, lastActiveAt: createdAt, expiresAt: '2099-01-01T00:00:00.000Z', ipAddress, userAgent, secondFactor: false };
}

const LAPTOP = otherSession(
  'session-laptop',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  '198.51.100.23',
  '2025-03-01T09:30:00.000Z',
);
const PHONE = otherSession(
  'session-phone',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  null,
  '2025-03-02T18:45:00.000Z',
);
const MYSTERY = otherSession('session-mystery', null, '192.0.2.99', '2025-03-03T07:00:00.000Z');

function renderSessions(others: AccountSession[] = [LAPTOP, PHONE, MYSTERY]) {
  const store = fakeStore({ signedIn: CUSTOMER });
  const identity = fakeIdentity(store, [{ person: CUSTOMER, password: 'correct horse battery' }], { otherSessions: others });
  const user = userEvent.setup();
  renderPage(<SessionsPage />, { path: paths.sessions });
  return { store, identity, user };
}

const rows = async () => screen.findAllByTestId('session-row');
const browsers = () => screen.getAllByTestId('session-row').map((row) => within(row).getByRole('rowheader').textContent);
const signOutButton = (session: AccountSession, device: string) =>
  screen.getByRole('button', { name: `Sign out: ${device}, signed in ${when.format(new Date(session.createdAt))}` });
const everywhereDialog = () => screen.getByRole('dialog', { name: /^Sign out everywhere\?/ });

describe('Sessions', () => {
  it('lists the browsers signed in to the account, this one first and marked, with where and when', async () => {
    const { store } = renderSessions();
    await rows();
    expect(browsers()).toEqual([expect.stringMatching(/This browser$/), 'Chrome on Windows', 'Safari on iOS', 'Unknown browser']);
    const [here, laptop, phone] = screen.getAllByTestId('session-row');
    expect(within(laptop!).getByText('198.51.100.23')).toBeTruthy();
    expect(within(phone!).getByText('Unknown')).toBeTruthy();
    expect(within(laptop!).getAllByText(when.format(new Date(LAPTOP.createdAt)))).toHaveLength(2);
    // This browser is signed out with "Sign out everywhere", not from its own row.
    expect(within(here!).queryByRole('button', { name: /^Sign out/ })).toBeNull();
    expect(store.api.requestsTo('GET', '/api/account/sessions')[0]!.headers.get('authorization')).toMatch(/^Bearer \S+/);
  });

  it('signs one other browser out, says so, and no longer lists it', async () => {
    const { store, identity, user } = renderSessions();
    await rows();
    await user.click(signOutButton(LAPTOP, 'Chrome on Windows'));

    expect(await screen.findByText('That browser is signed out')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(3));
    expect(browsers()).not.toContain('Chrome on Windows');
    expect(store.api.requestsTo('DELETE', `/api/account/sessions/${LAPTOP.id}`)).toHaveLength(1);
    expect(identity.state.otherSessions.map((session) => session.id)).toEqual([PHONE.id, MYSTERY.id]);
    // This browser stays signed in.
    expect(store.state.person).toEqual(CUSTOMER);
  });

  it('says when the browser had already signed out, and shows the list as it is now', async () => {
    const { identity, user } = renderSessions();
    await rows();
    identity.state.otherSessions = [LAPTOP, MYSTERY];
    await user.click(signOutButton(PHONE, 'Safari on iOS'));

    expect(await screen.findByText(API_ERRORS.sessionNotFound)).toBeTruthy();
    await waitFor(() => expect(browsers().slice(1)).toEqual(['Chrome on Windows', 'Unknown browser']));
  });

  it('asks before signing out everywhere, and does nothing when cancelled', async () => {
    const { store, user } = renderSessions();
    await rows();
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    expect(everywhereDialog().textContent).toContain('Every browser signed in to your account, this one too, is signed out.');
    await user.click(within(everywhereDialog()).getByRole('button', { name: 'Cancel' }));

    expect(store.api.requestsTo('DELETE', '/api/account/sessions')).toHaveLength(0);
    expect(store.state.person).toEqual(CUSTOMER);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('signs out everywhere, this browser too, says so and goes to Login', async () => {
    const { store, identity, user } = renderSessions();
    await rows();
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    await user.click(within(everywhereDialog()).getByRole('button', { name: 'Sign out everywhere' }));

    expect(await screen.findByText('Signed out everywhere')).toBeTruthy();
    expect((await screen.findByTestId('elsewhere')).textContent).toBe(paths.login);
    expect(store.api.requestsTo('DELETE', '/api/account/sessions')).toHaveLength(1);
    expect(identity.state.otherSessions).toEqual([]);
    expect(store.state.person).toBeNull();
  });

  it('says the store is busy when signing out everywhere fails, and stays signed in on the page', async () => {
    const { store, user } = renderSessions();
    store.api.on('DELETE', '/api/account/sessions', () => apiError(503, 'Service Unavailable'));
    await rows();
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    await user.click(within(everywhereDialog()).getByRole('button', { name: 'Sign out everywhere' }));

    expect(await screen.findByText(TOASTS.storeBusy)).toBeTruthy();
    expect(screen.queryByTestId('elsewhere')).toBeNull();
    expect(store.state.person).toEqual(CUSTOMER);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('lists only this browser when the account is signed in nowhere else', async () => {
    renderSessions([]);
    await rows();
    expect(browsers()).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /^Sign out:/ })).toBeNull();
  });
});

import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_ERRORS, TOASTS } from '../../shared';
import { accessTokenExpiringIn } from '../../../tests/support/web/access-tokens';
import { apiError, type FakeAnswer } from '../../../tests/support/web/fake-api';
import { CUSTOMER, fakeStore } from '../../../tests/support/web/fake-store';
import { renderPage } from '../../../tests/support/web/render';
import { readAccessToken, storeAccessToken } from './access-token';
import { queryClient } from './query-client';
import { failureMessage } from './request-failure';
import { signOut } from './session';
import { refreshSession, useSession, useSessionFromOtherTabs } from './session-query';

/** What the navbar and the guards learn from `useSession()`, in words. */
function WhoIsSignedIn() {
  const { data, error, isPending } = useSession();
  useSessionFromOtherTabs();
  if (isPending) return <p>Checking your sign-in</p>;
  return (
    <>
      <p data-testid="who">{data ? `Signed in as ${data.user.name} (${data.user.email})` : 'Nobody is signed in'}</p>
      {error ? <p role="alert">{failureMessage(error)}</p> : null}
    </>
  );
}

/** Two readers, as on every page (the navbar and the page): one session call between them. */
const renderReaders = () =>
  renderPage(
    <>
      <WhoIsSignedIn />
      <WhoIsSignedIn />
    </>,
  );

const who = async () => (await screen.findAllByTestId('who'))[0]!.textContent;
const sessionReads = (store: ReturnType<typeof fakeStore>) => store.api.requestsTo('GET', '/api/auth/get-session').length;

/** The tab is shown again (another window or tab was in front). */
const showTab = () => act(() => void document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));

afterEach(() => {
  vi.useRealTimers();
});

describe('who is signed in (useSession)', () => {
  it('is checked once for the whole page, and says when nobody is signed in', async () => {
    const store = fakeStore({ signedIn: null });
    renderReaders();
    expect(screen.getAllByText('Checking your sign-in')).toHaveLength(2);
    expect(await who()).toBe('Nobody is signed in');
    expect(sessionReads(store)).toBe(1);
  });

  it('names the signed-in person', async () => {
    fakeStore({ signedIn: CUSTOMER });
    renderReaders();
    expect(await who()).toBe('Signed in as Casey Customer (casey@example.com)');
  });

  it('takes a refused session check (401) for "nobody is signed in", not for a failure', async () => {
    const store = fakeStore({ signedIn: CUSTOMER });
    store.api.on('GET', '/api/auth/get-session', () => apiError(401, API_ERRORS.signInRequired));
    renderReaders();
    expect(await who()).toBe('Nobody is signed in');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says the store is busy on a 429, once, without asking again by itself', async () => {
    const store = fakeStore({ signedIn: CUSTOMER });
    store.api.on('GET', '/api/auth/get-session', () => apiError(429, API_ERRORS.tooManyRequests, 'TOO_MANY_REQUESTS'));
    renderReaders();
    expect((await screen.findAllByRole('alert'))[0]).toHaveProperty('textContent', TOASTS.storeBusy);
    expect(sessionReads(store)).toBe(1);
  });

  it('is asked again when the tab is shown, at most every 5 seconds, and keeps what it knew on a busy answer', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const store = fakeStore({ signedIn: CUSTOMER });
    renderReaders();
    expect(await who()).toBe('Signed in as Casey Customer (casey@example.com)');

    showTab();
    expect(sessionReads(store)).toBe(1);

    vi.setSystemTime(Date.now() + 6_000);
    store.api.on('GET', '/api/auth/get-session', () => apiError(503, 'The store is busy. Please try again in a moment.'));
    showTab();
    await screen.findAllByRole('alert');
    expect(sessionReads(store)).toBe(2);
    expect(await who()).toBe('Signed in as Casey Customer (casey@example.com)');

    // Signed out in another window meanwhile: the next look at this tab shows it.
    store.api.on('GET', '/api/auth/get-session', () => ({ body: null }));
    vi.setSystemTime(Date.now() + 6_000);
    showTab();
    await waitFor(async () => expect(await who()).toBe('Nobody is signed in'));
  });

  it('is asked again at once when another tab of this browser signs in or out', async () => {
    const store = fakeStore({ signedIn: null });
    renderReaders();
    expect(await who()).toBe('Nobody is signed in');

    store.signIn(CUSTOMER);
    const otherTab = new BroadcastChannel('toolhouse.session');
    otherTab.postMessage('changed');
    otherTab.close();
    await waitFor(async () => expect(await who()).toBe('Signed in as Casey Customer (casey@example.com)'));
  });

  it('after a sign-in here (refreshSession): shows the person, and tells the other tabs', async () => {
    const store = fakeStore({ signedIn: null });
    renderReaders();
    expect(await who()).toBe('Nobody is signed in');
    const otherTab = new BroadcastChannel('toolhouse.session');
    const told = new Promise((resolve) => otherTab.addEventListener('message', (event) => resolve(event.data), { once: true }));

    store.signIn(CUSTOMER);
    await act(() => refreshSession());
    expect(await who()).toBe('Signed in as Casey Customer (casey@example.com)');
    expect(await told).toBe('changed');
    otherTab.close();
  });

  it('after a sign-in, never shows an answer that left before it (a check on its way is cancelled)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const store = fakeStore({ signedIn: null });
    renderReaders();
    expect(await who()).toBe('Nobody is signed in');

    // A check that leaves before the sign-in and is answered after it.
    let answerLate: (answer: FakeAnswer) => void = () => undefined;
    store.api.on('GET', '/api/auth/get-session', () => new Promise<FakeAnswer>((resolve) => (answerLate = resolve)));
    vi.setSystemTime(Date.now() + 6_000);
    showTab();
    await waitFor(() => expect(sessionReads(store)).toBe(2));

    store.api.on('GET', '/api/auth/get-session', () => ({ body: { session: { id: 's-2', expiresAt: new Date().toISOString() }, user: { ...CUSTOMER, emailVerified: true } } }));
    await act(() => refreshSession());
    answerLate({ body: null });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(await who()).toBe('Signed in as Casey Customer (casey@example.com)');
  });
});

describe('signing out', () => {
  it('ends the session on the server, clears the token and every cached answer, and shows nobody signed in', async () => {
    const store = fakeStore({ signedIn: CUSTOMER });
    storeAccessToken(accessTokenExpiringIn(3600));
    queryClient.setQueryData(['profile', CUSTOMER.email], { userName: 'Casey Customer' });
    renderReaders();
    expect(await who()).toBe('Signed in as Casey Customer (casey@example.com)');

    await act(() => signOut());
    expect(store.api.requestsTo('POST', '/api/auth/sign-out')).toHaveLength(1);
    expect(readAccessToken()).toBeNull();
    expect(queryClient.getQueryData(['profile', CUSTOMER.email])).toBeUndefined();
    expect(await who()).toBe('Nobody is signed in');
  });
});

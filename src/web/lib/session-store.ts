import { useSyncExternalStore } from 'react';
import type { AuthClient } from './auth-client';

/**
 * The identity session (who is signed in), for every component that only needs to know that: the
 * navbar, the user menu, the route guards, the pages.
 *
 * Until the identity client (better-auth, ~40 kB with its dependencies) is loaded, the session is
 * read with a plain fetch of `/api/auth/get-session`, so a first visit does not download the client
 * just to draw the navbar (docs/decisions/013-first-visit-weight.md). The client is loaded when
 * something needs it: a sign-in or sign-up form, signing out, renewing the API access token. From
 * then on its own session store is the source, with its own refreshing (after sign-in and
 * sign-out, on focus, across tabs); until then this module does the same refreshing the same way.
 * Either way `useSession()` gives what better-auth's `useSession()` gives.
 */

type Session = AuthClient['$Infer']['Session'];

/** What better-auth's fetch gives for a non-2xx answer: the JSON body, status and statusText. */
export interface SessionError {
  status: number;
  statusText: string;
  message?: string;
  code?: string;
}

export interface SessionState {
  data: Session | null;
  error: SessionError | Error | null;
  isPending: boolean;
  isRefetching: boolean;
  refetch: () => Promise<void>;
}

type Listener = () => void;
/** better-auth's session store (a nanostores atom) holds the same fields as `useSession()` gives. */
interface SessionAtom {
  get(): SessionState;
  subscribe(listener: (value: SessionState) => void): () => void;
}

const SESSION_URL = '/api/auth/get-session';
/** better-auth's rate limit of refetches on focus (session-refresh.ts). */
const FOCUS_REFETCH_RATE_LIMIT_MS = 5_000;
/** The key better-auth's tabs use to tell each other the session changed. */
const BROADCAST_KEY = 'better-auth.message';

const listeners = new Set<Listener>();
let adopted: SessionAtom | null = null;
let inFlight: AbortController | null = null;
let lastRequestAt = 0;
let started = false;

const refetch = (): Promise<void> => (adopted ? adopted.get().refetch() : fetchSession());

/** The longest `refreshSession` waits for answers: signing out must never hang on it. */
const REFRESH_WAIT_MS = 10_000;

/**
 * Asks the server again who is signed in; resolves once `useSession()` gives the answer. The
 * identity client cancels the older of two overlapping session reads (a sign-out starts one of
 * its own), so the read asked for here may end unanswered: then the one that took over is
 * waited for.
 */
export async function refreshSession(): Promise<void> {
  const deadline = Date.now() + REFRESH_WAIT_MS;
  await refetch();
  while (state.isRefetching && Date.now() < deadline) {
    await new Promise<void>((resolve) => {
      const done = () => {
        listeners.delete(done);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(done, deadline - Date.now());
      listeners.add(done);
    });
  }
}

let state: SessionState = { data: null, error: null, isPending: true, isRefetching: false, refetch };

function setState(next: SessionState) {
  state = next;
  listeners.forEach((listener) => listener());
}

/** ISO dates become Date objects, as better-auth's JSON parser does. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,7})?(?:Z|[+-]\d{2}:\d{2})$/;
function reviveDates(key: string, value: unknown) {
  if (key === '__proto__') return undefined;
  if (typeof value === 'string' && ISO_DATE.test(value)) {
    const date = new Date(value);
    if (!Number.isNaN(date.getTime())) return date;
  }
  return value;
}

async function fetchSession(): Promise<void> {
  if (adopted) return adopted.get().refetch();
  inFlight?.abort();
  const controller = new AbortController();
  inFlight = controller;
  lastRequestAt = Date.now();
  setState({ ...state, isPending: state.data === null, isRefetching: true, error: null });
  try {
    const response = await fetch(SESSION_URL, { credentials: 'include', signal: controller.signal });
    const text = await response.text();
    if (controller.signal.aborted || adopted) return;
    const isJson = /json/i.test(response.headers.get('content-type') ?? '');
    const body = isJson && text ? (JSON.parse(text, reviveDates) as unknown) : null;
    if (!response.ok) {
      const error: SessionError = { ...(typeof body === 'object' ? body : {}), status: response.status, statusText: response.statusText };
      setState({ ...state, data: response.status === 401 ? null : state.data, error, isPending: false, isRefetching: false });
      return;
    }
    const session = body as (Session & { needsRefresh?: boolean }) | { session: null; user: null } | null;
    if (session && 'needsRefresh' in session && session.needsRefresh) {
      // Only the identity client knows how to refresh a session; let it take over.
      await loadAuthClient();
      return;
    }
    const data = session && session.session !== null && session.user !== null ? (session as Session) : null;
    setState({ ...state, data, error: null, isPending: false, isRefetching: false });
  } catch (error) {
    if (controller.signal.aborted || adopted) return;
    setState({ ...state, error: error instanceof Error ? error : new Error(String(error)), isPending: false, isRefetching: false });
  } finally {
    if (inFlight === controller) inFlight = null;
  }
}

/** The same triggers as better-auth's session refresh manager: focus, coming online, another tab. */
function watchForChanges() {
  const online = () => navigator.onLine;
  const onVisible = () => {
    if (document.visibilityState !== 'visible' || !online()) return;
    if (Date.now() - lastRequestAt < FOCUS_REFETCH_RATE_LIMIT_MS) return;
    void fetchSession();
  };
  const onOnline = () => {
    if (Date.now() - lastRequestAt >= FOCUS_REFETCH_RATE_LIMIT_MS) void fetchSession();
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key !== BROADCAST_KEY || !online()) return;
    try {
      const message = JSON.parse(event.newValue ?? '{}') as { event?: string; data?: unknown };
      if (message.event === 'session' && message.data) void fetchSession();
    } catch {
      // Not one of better-auth's messages.
    }
  };
  document.addEventListener('visibilitychange', onVisible);
  window.addEventListener('online', onOnline);
  window.addEventListener('storage', onStorage);
  return () => {
    document.removeEventListener('visibilitychange', onVisible);
    window.removeEventListener('online', onOnline);
    window.removeEventListener('storage', onStorage);
  };
}

let stopWatching: (() => void) | null = null;

function subscribe(listener: Listener) {
  listeners.add(listener);
  if (!started) {
    started = true;
    if (!adopted) {
      stopWatching = watchForChanges();
      void fetchSession();
    }
  }
  return () => listeners.delete(listener);
}

const getSnapshot = () => state;

/** Who is signed in: `{ data, error, isPending, isRefetching, refetch }`, as better-auth's hook. */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

/**
 * Called by auth-client.ts when the identity client is created: its session store becomes the
 * source. What was already read is handed to it, so nobody sees "loading" again; its first
 * answer while it checks again (pending, no data) is skipped when this store already knew.
 */
export function adoptAuthClient(client: AuthClient) {
  if (adopted) return;
  const atom = client.$store.atoms.session as SessionAtom | undefined;
  if (!atom) return;
  adopted = atom;
  inFlight?.abort();
  stopWatching?.();
  stopWatching = null;
  if (state.data) client.hydrateSession(state.data);
  const knewAnswer = !state.isPending;
  let settled = false;
  atom.subscribe((value) => {
    if (!settled && knewAnswer && value.isPending) return;
    settled = true;
    setState({ data: value.data, error: value.error, isPending: value.isPending, isRefetching: value.isRefetching, refetch });
  });
}

let loading: Promise<AuthClient> | null = null;

/** The identity client (better-auth), loaded on first use. */
export function loadAuthClient(): Promise<AuthClient> {
  loading ??= import('./auth-client').then(
    (module) => module.authClient,
    (error: unknown) => {
      // A failed download (connection lost, new deploy) may work next time.
      loading = null;
      throw error;
    },
  );
  return loading;
}

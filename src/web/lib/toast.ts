import { TOASTS } from '../../shared';
import { failureMessage } from './request-failure';

/** One "store is busy" toast at a time, however many requests were refused together. */
const BUSY_TOAST_ID = 'store-busy';

type ToastLibrary = typeof import('react-hot-toast');

/**
 * react-hot-toast is loaded with the first toast, not on the first visit (most visits never show
 * one; docs/decisions/013-first-visit-weight.md). Its <Toaster> is mounted then too
 * (app/toaster-host.tsx); a toast made before it mounts waits in the library's store.
 */
let library: Promise<ToastLibrary> | null = null;
let toasterNeeded = false;
const toasterListeners = new Set<() => void>();

/** The library, loaded with the first toast; exported for toasts with a button (undo-toast.tsx). */
export function loadLibrary(): Promise<ToastLibrary> {
  if (!toasterNeeded) {
    toasterNeeded = true;
    toasterListeners.forEach((listener) => listener());
  }
  library ??= import('react-hot-toast').catch((error: unknown) => {
    library = null; // a lost connection may be back for the next toast
    throw error;
  });
  return library;
}

function show(kind: 'success' | 'error', message: string, options?: { id: string }) {
  loadLibrary().then(
    ({ default: toast }) => toast[kind](message, options),
    () => undefined, // the toast cannot be shown without its code; the page itself still says what happened
  );
}

/** For the toaster host: whether a toast was asked for yet, and a way to hear when it is. */
export const toaster = {
  isNeeded: () => toasterNeeded,
  subscribe: (listener: () => void) => {
    toasterListeners.add(listener);
    return () => toasterListeners.delete(listener);
  },
};

/** Success and error toasts; durations and the 20-toast cap are set once on the <Toaster>. */
export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  /**
   * An API failure: the server's own message for a 4xx, "the store is busy" for a 429 or an
   * overloaded gateway (see request-failure.ts), the spec's try-again text otherwise.
   */
  failure: (error: unknown, fallback: string = TOASTS.tryAgain) => {
    const message = failureMessage(error, fallback);
    show('error', message, message === TOASTS.storeBusy ? { id: BUSY_TOAST_ID } : undefined);
  },
  /** The store answered "busy" (or not at all); the person stays signed in and tries again. */
  busy: (message: string = TOASTS.storeBusy) => show('error', message, { id: BUSY_TOAST_ID }),
};

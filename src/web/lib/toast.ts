import toast from 'react-hot-toast';
import { TOASTS } from '../../shared';
import { failureMessage } from './request-failure';

/** One "store is busy" toast at a time, however many requests were refused together. */
const BUSY_TOAST_ID = 'store-busy';

/** Success and error toasts; durations and the 20-toast cap are set once on the <Toaster>. */
export const notify = {
  success: (message: string) => toast.success(message),
  error: (message: string) => toast.error(message),
  /**
   * An API failure: the server's own message for a 4xx, "the store is busy" for a 429 or an
   * overloaded gateway (see request-failure.ts), the spec's try-again text otherwise.
   */
  failure: (error: unknown, fallback: string = TOASTS.tryAgain) => {
    const message = failureMessage(error, fallback);
    return toast.error(message, message === TOASTS.storeBusy ? { id: BUSY_TOAST_ID } : undefined);
  },
  /** The store answered "busy" (or not at all); the person stays signed in and tries again. */
  busy: (message: string = TOASTS.storeBusy) => toast.error(message, { id: BUSY_TOAST_ID }),
};

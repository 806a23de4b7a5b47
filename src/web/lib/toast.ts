import toast from 'react-hot-toast';
import { TOASTS } from '../../shared';
import { ApiRequestError } from './api-client';

/** Success and error toasts; durations and the 20-toast cap are set once on the <Toaster>. */
export const notify = {
  success: (message: string) => toast.success(message),
  error: (message: string) => toast.error(message),
  /** An API failure: the server's own message for a 4xx, the spec's try-again text otherwise. */
  failure: (error: unknown, fallback: string = TOASTS.tryAgain) =>
    toast.error(error instanceof ApiRequestError && error.status >= 400 && error.status < 500 ? error.message : fallback),
};

import { useEffect } from 'react';
import { TOASTS } from '../../shared';
import { failureMessage } from '../lib/request-failure';
import { notify } from '../lib/toast';

/** Time between automatic tries while the store answers "busy". */
const RETRY_AFTER_MS = 5_000;

/**
 * Shown by a guard in place of the page when the check it needs (the session, the role) could
 * not be made because the store was busy or out of reach. The person is not sent to Login: they
 * are most likely still signed in. The check is tried again by itself, or at once with the button.
 */
export function StoreBusy({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const message = failureMessage(error, TOASTS.storeBusy);
  useEffect(() => {
    notify.busy(message);
    const timer = setTimeout(onRetry, RETRY_AFTER_MS);
    return () => clearTimeout(timer);
  }, [error, message, onRetry]);

  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center" role="alert">
      <h1 className="text-2xl font-bold">Please wait a moment</h1>
      <p className="mt-4 text-base-content/80" data-testid="store-busy-message">
        {message}
      </p>
      <button type="button" className="btn btn-primary mt-8" onClick={onRetry}>
        Try again
      </button>
    </section>
  );
}

import type { Toast } from 'react-hot-toast';
import { TOASTS } from '../../shared/messages';
import { loadLibrary } from './toast';

/**
 * Long enough to read the toast and reach its button (a plain success toast goes in 2 s), short
 * enough not to linger: the change is made already; the button only takes it back.
 */
const UNDO_TOAST_MS = 8000;

/**
 * A success toast with an Undo button, for a change made at once without a confirmation. On a
 * phone toasts let taps through to the page (toaster-host.tsx); this one takes them, or its
 * button could not be pressed.
 */
export function notifyWithUndo(message: string, undo: () => void): void {
  loadLibrary().then(
    ({ default: toast }) =>
      toast.success(
        (shown: Toast) => (
          <span className="flex flex-wrap items-center gap-3">
            <span>{message}</span>
            <button
              type="button"
              className="btn btn-sm btn-outline"
              onClick={() => {
                toast.dismiss(shown.id);
                undo();
              }}
            >
              {TOASTS.undo}
            </button>
          </span>
        ),
        { duration: UNDO_TOAST_MS, style: { pointerEvents: 'auto' } },
      ),
    () => undefined, // without the toast's code the page still shows the change (its badge)
  );
}

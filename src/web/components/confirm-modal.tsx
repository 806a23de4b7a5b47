import { useId } from 'react';
import { useModalDialog } from './use-modal-dialog';

interface ConfirmModalProps {
  open: boolean;
  message: string;
  confirmLabel?: string;
  busy?: boolean;
  /** The confirm button's look: red for what removes or undoes (the default), the primary colour otherwise. */
  tone?: 'danger' | 'primary';
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A confirmation dialog on the native <dialog> element: focus moves into it, Escape cancels, and
 * the page behind cannot be reached with the keyboard while it is open.
 */
export function ConfirmModal({ open, message, confirmLabel = 'Delete', busy, tone = 'danger', onConfirm, onCancel }: ConfirmModalProps) {
  const dialog = useModalDialog(open);
  const titleId = useId();


  return (
    <dialog ref={dialog} className="modal" aria-labelledby={titleId} onCancel={onCancel} onClose={() => open && onCancel()}>
      <div className="modal-box">
        {/* A long email in the question breaks where it must rather than run past a phone's edge. */}
        <h2 id={titleId} className="text-lg font-bold wrap-break-word">
          {message}
        </h2>
        <div className="modal-action">
          <button type="button" className="btn" onClick={onCancel} autoFocus>
            Cancel
          </button>
          <button type="button" className={`btn ${tone === 'danger' ? 'btn-error' : 'btn-primary'}`} onClick={onConfirm} disabled={busy}>
            {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
            {confirmLabel}
          </button>
        </div>
      </div>
    </dialog>
  );
}

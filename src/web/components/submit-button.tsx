import type { ReactNode } from 'react';

interface SubmitButtonProps {
  /** Shows a spinner and disables the button while the form is being sent. */
  busy: boolean;
  disabled?: boolean;
  children: ReactNode;
}

/** The full-width primary submit button every form in the store ends with. */
export function SubmitButton({ busy, disabled = false, children }: SubmitButtonProps) {
  return (
    <button type="submit" className="btn btn-primary w-full" disabled={busy || disabled} aria-busy={busy || undefined}>
      {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

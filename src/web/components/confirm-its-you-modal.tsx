import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { confirmItsYouFormSchema, type ConfirmItsYouForm } from '../../shared/schemas/accounts';
import { TextField } from './form-field';
import { useModalDialog } from './use-modal-dialog';
import { SubmitButton } from './submit-button';

interface ConfirmItsYouModalProps {
  open: boolean;
  message: string;
  confirmLabel: string;
  tone?: 'danger' | 'primary';
  /** Checks the password or code (features/security/api/confirm-its-you); rejects with what to show. */
  verify: (secret: string) => Promise<unknown>;
  /** Runs once the password or code was accepted; the dialog stays open (busy) until it settles. */
  onConfirm: () => Promise<unknown>;
  onCancel: () => void;
}

/**
 * The confirmation of an action that needs a fresh password or code (promoting, demoting,
 * refunding: decision 023): the question, and the admin's password or a code from their app,
 * checked by the identity service before the action is sent. A native <dialog>, like ConfirmModal.
 */
export function ConfirmItsYouModal({ open, message, confirmLabel, tone = 'danger', verify, onConfirm, onCancel }: ConfirmItsYouModalProps) {
  const dialog = useModalDialog(open);
  const titleId = useId();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ConfirmItsYouForm>({ resolver: zodResolver(confirmItsYouFormSchema), defaultValues: { secret: '' } });

  /** Closing forgets what was typed: the next question starts empty. */
  const close = () => {
    reset();
    setError(null);
    onCancel();
  };

  const onSubmit = handleSubmit(async ({ secret }) => {
    setError(null);
    try {
      await verify(secret);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      return;
    }
    await onConfirm();
    reset();
  });

  return (
    <dialog ref={dialog} className="modal" aria-labelledby={titleId} onCancel={close} onClose={() => open && close()}>
      <form className="modal-box space-y-4" onSubmit={onSubmit} noValidate aria-label="Confirm it is you">
        <h2 id={titleId} className="text-lg font-bold wrap-break-word">
          {message}
        </h2>
        <p className="text-sm text-base-content/80">To confirm it is you, enter your password or a code from your authenticator app.</p>
        {error ? (
          <p role="alert" className="alert alert-error alert-soft text-sm">
            {error}
          </p>
        ) : null}
        <TextField
          label="Your password or authenticator code"
          type="password"
          autoComplete="current-password"
          registration={register('secret')}
          error={errors.secret}
        />
        <div className="modal-action">
          <button type="button" className="btn" onClick={close}>
            Cancel
          </button>
          <SubmitButton busy={isSubmitting} tone={tone} width="auto">
            {confirmLabel}
          </SubmitButton>
        </div>
      </form>
    </dialog>
  );
}

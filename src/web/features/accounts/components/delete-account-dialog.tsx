import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { deleteAccountBodyOf, deleteAccountFormSchema, type DeleteAccountForm } from '../../../../shared/schemas/data-rights';
import { TextField } from '../../../components/form-field';
import { SubmitButton } from '../../../components/submit-button';
import { useModalDialog } from '../../../components/use-modal-dialog';
import { isApiError } from '../../../lib/api-client';
import { failureMessage } from '../../../lib/request-failure';
import { useDeleteMyAccount } from '../api/delete-my-account';

interface DeleteAccountDialogProps {
  open: boolean;
  onClose: () => void;
  /** After the account is gone and this browser signed out. */
  onDeleted: () => void;
}

/**
 * "Delete my account": what goes and what stays, then the password or a code from the
 * authenticator app, which the store checks with the deletion itself (decision 046). A native
 * <dialog> (Escape closes it, focus returns to the button), its field labelled, its errors read out.
 */
export function DeleteAccountDialog({ open, onClose, onDeleted }: DeleteAccountDialogProps) {
  const dialog = useModalDialog(open);
  const titleId = useId();
  const deletion = useDeleteMyAccount();
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<DeleteAccountForm>({ resolver: zodResolver(deleteAccountFormSchema), defaultValues: { secret: '' } });

  const close = () => {
    reset();
    setProblem(null);
    onClose();
  };

  const onSubmit = handleSubmit(async ({ secret }) => {
    setProblem(null);
    try {
      await deletion.mutateAsync(deleteAccountBodyOf(secret));
    } catch (failure) {
      // A wrong password or code, or none where one is needed: said under the field, to try again.
      if (isApiError(failure, 'WRONG_PASSWORD', 'WRONG_CODE', 'TWO_FACTOR_NOT_ON', 'DELETION_NEEDS_PASSWORD')) {
        setError('secret', { message: failure.message }, { shouldFocus: true });
      } else {
        setProblem(failureMessage(failure));
      }
      return;
    }
    reset();
    onDeleted();
  });

  return (
    <dialog ref={dialog} className="modal" aria-labelledby={titleId} onCancel={close} onClose={() => open && close()}>
      <form className="modal-box space-y-4" onSubmit={onSubmit} noValidate aria-label="Delete my account">
        <h2 id={titleId} className="text-lg font-bold">
          Delete your account?
        </h2>
        <p className="text-sm">
          Your profile, cart, unpaid orders, reviews and messages are deleted, and you are signed out everywhere. This cannot be undone.
        </p>
        <p className="text-sm text-base-content/80">
          Paid orders and their invoices are kept for as long as tax law requires, with your name and address only, no longer linked to an account.
        </p>
        {problem ? (
          <p role="alert" className="alert alert-error alert-soft text-sm">
            {problem}
          </p>
        ) : null}
        <TextField
          label="Your password or authenticator code"
          type="password"
          autoComplete="current-password"
          registration={register('secret')}
          error={errors.secret}
        />
        <p className="text-xs text-base-content/70">Signed up with Google and have no password? Leave it empty: you can delete your account within 10 minutes of signing in.</p>
        <div className="modal-action">
          <button type="button" className="btn" onClick={close}>
            Cancel
          </button>
          <SubmitButton busy={isSubmitting} tone="danger" width="auto">
            Delete my account
          </SubmitButton>
        </div>
      </form>
    </dialog>
  );
}

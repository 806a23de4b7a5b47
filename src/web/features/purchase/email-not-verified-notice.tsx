import { API_ERRORS } from '../../../shared/messages';
import { failureMessage } from '../../lib/request-failure';
import { useSendVerificationEmail } from '../auth/api/send-verification-email';

/**
 * Shown to a signed-in customer whose address is not confirmed yet: the server refuses their
 * orders until it is (409 with the same sentence), so they are told before filling the form, with
 * a way to get a new link.
 */
export function EmailNotVerifiedNotice({ email }: { email: string }) {
  const resend = useSendVerificationEmail();
  return (
    <div role="alert" className="alert alert-warning mt-6 flex flex-col items-start gap-3">
      <p>{API_ERRORS.emailNotVerified}</p>
      {resend.isSuccess ? (
        <p role="status" className="font-medium">
          We have sent a new link to <span className="break-all">{email}</span>.
        </p>
      ) : (
        <button
          type="button"
          className="btn btn-sm btn-outline"
          onClick={() => resend.mutate(email)}
          disabled={resend.isPending}
          aria-busy={resend.isPending || undefined}
        >
          {resend.isPending ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
          Send the link again
        </button>
      )}
      {resend.isError ? <p className="text-sm font-medium">{failureMessage(resend.error)}</p> : null}
    </div>
  );
}

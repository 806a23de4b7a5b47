import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { resetPasswordFormSchema, type ResetPasswordForm } from '../../../shared/schemas/accounts';
import { paths } from '../../config/paths';
import { TextField } from '../../components/form-field';
import { SubmitButton } from '../../components/submit-button';
import { authClient } from '../../lib/auth-client';
import { forgetSignIn } from '../../lib/session';
import { authErrorMessage } from './auth-error-message';
import { AuthErrorAlert } from './components/auth-error-alert';
import { AuthPanel } from './components/auth-panel';
import { useLinkToken } from './use-link-token';

const LINK_USED_UP = 'This link has expired or has already been used. Please ask for a new one.';

/** Opened from the reset email: choose a new password. The link works once, within an hour. */
export default function ResetPasswordPage() {
  const token = useLinkToken();
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(token ? null : LINK_USED_UP);
  const [linkUsedUp, setLinkUsedUp] = useState(!token);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordForm>({ resolver: zodResolver(resetPasswordFormSchema), defaultValues: { password: '' } });

  const onSubmit = handleSubmit(async ({ password }) => {
    if (!token) return;
    setError(null);
    const { error: failure } = await authClient.resetPassword({ newPassword: password, token });
    if (failure) {
      const usedUp = failure.code === 'INVALID_TOKEN';
      setLinkUsedUp(usedUp);
      setError(usedUp ? LINK_USED_UP : authErrorMessage(failure));
      return;
    }
    // The reset ended every session of the account, this browser's too: forget what it held.
    await forgetSignIn();
    setDone(true);
  });

  if (done) {
    return (
      <AuthPanel title="Password changed">
        <p role="status">Your password is changed, and every device that was signed in to your account is now signed out.</p>
        <Link to={paths.login} className="btn btn-primary w-full">Login with your new password</Link>
      </AuthPanel>
    );
  }

  return (
    <AuthPanel title="Choose a new password">
      <AuthErrorAlert message={error} />
      {linkUsedUp ? (
        <Link to={paths.forgotPassword} className="btn btn-primary w-full">Send me a new link</Link>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Reset password form">
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            registration={register('password')}
            error={errors.password}
          />
          <p className="text-sm text-base-content/80">At least 8 characters. Saving it signs your account out on every device.</p>
          <SubmitButton busy={isSubmitting}>Save new password</SubmitButton>
        </form>
      )}
    </AuthPanel>
  );
}

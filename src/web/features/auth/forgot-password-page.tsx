import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { forgotPasswordFormSchema, type ForgotPasswordForm } from '../../../shared/schemas/accounts';
import { paths } from '../../config/paths';
import { TextField } from '../../components/form-field';
import { SubmitButton } from '../../components/submit-button';
import { authClient } from '../../lib/auth-client';
import { authErrorMessage } from './auth-error-message';
import { AuthErrorAlert } from './components/auth-error-alert';
import { AuthPanel } from './components/auth-panel';

/**
 * 'Forgot Password?'. The answer is the same whether or not the address has an account (the
 * server sends a link only when it has one), so this page cannot be used to find out.
 */
export default function ForgotPasswordPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordForm>({ resolver: zodResolver(forgotPasswordFormSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    setError(null);
    const { error: failure } = await authClient.requestPasswordReset({ email });
    if (failure) {
      setError(authErrorMessage(failure));
      return;
    }
    setSentTo(email);
  });

  if (sentTo) {
    return (
      <AuthPanel title="Check your email">
        <p role="status">
          If an account uses <strong className="break-all">{sentTo}</strong>, we have sent it a link to choose a new password. The
          link works once, within 1 hour.
        </p>
        <p className="text-sm text-base-content/80">Nothing after a few minutes? Check your spam folder, or ask again.</p>
        <p className="text-center text-sm">
          <Link to={paths.login} className="link link-primary">Back to login</Link>
        </p>
      </AuthPanel>
    );
  }

  return (
    <AuthPanel title="Forgot Password?">
      <p>Type the email address of your account, and we will send you a link to choose a new password.</p>
      <AuthErrorAlert message={error} />
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Forgot password form">
        <TextField label="Email" type="email" autoComplete="email" registration={register('email')} error={errors.email} />
        <SubmitButton busy={isSubmitting}>Send me a link</SubmitButton>
      </form>
      <p className="text-center text-sm">
        Remembered it?{' '}
        <Link to={paths.login} className="link link-primary">Please login</Link>
      </p>
    </AuthPanel>
  );
}

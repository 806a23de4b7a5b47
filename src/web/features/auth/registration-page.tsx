import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { registrationFormSchema, type RegistrationForm } from '../../../shared/schemas/accounts';
import { paths } from '../../config/paths';
import { TextField } from '../../components/form-field';
import { authClient } from '../../lib/auth-client';
import { authErrorMessage } from './auth-error-message';
import { AuthCard } from './components/auth-card';
import { AuthPanel } from './components/auth-panel';
import { useFinishSignIn, useRedirectTarget } from './use-finish-sign-in';
import { SubmitButton } from '../../components/submit-button';
import { REGISTRATION_HEAD } from '../../../shared/page-heads';
import { useDocumentHead } from '../../lib/document-head';

/**
 * Sign Up. Where the store confirms addresses (it can send mail), the account starts unverified
 * and signed out: the server answers an address that already has an account exactly as a new one
 * (so nobody can find out which addresses do), which rules out signing in here; the emailed link
 * confirms the address and signs the person in (decision 018). Where it cannot send mail, sign-up
 * signs the person in at once, as the spec's registration does, and the access token is fetched
 * as after a sign-in (decision 019). The server's answer says which: a session token or none.
 */
export default function RegistrationPage() {
  useDocumentHead(REGISTRATION_HEAD);
  const target = useRedirectTarget();
  const finishSignIn = useFinishSignIn();
  const location = useLocation();
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RegistrationForm>({
    resolver: zodResolver(registrationFormSchema),
    defaultValues: { userName: '', email: '', password: '' },
  });

  const onSubmit = handleSubmit(async ({ userName, email, password }) => {
    setError(null);
    // The name is saved with the account; the access token comes with the first session.
    // The client rejects when nothing answers (no connection): said like any failure.
    const { data, error: signUpError } = await authClient.signUp
      .email({ name: userName.trim(), email, password })
      .catch(() => ({ data: null, error: null }));
    if (signUpError || !data) {
      setError(authErrorMessage(signUpError ?? { status: 0 }));
      return;
    }
    if (data.token) await finishSignIn(data.user.email).catch(() => setError(authErrorMessage({ status: 0 })));
    else setSentTo(data.user.email);
  });

  if (sentTo) {
    return (
      <AuthPanel title="Check your email">
        <p role="status">
          We have sent a link to <strong className="break-all">{sentTo}</strong>. Open it to confirm your address and finish signing
          up; it works for 24 hours.
        </p>
        <p className="text-sm text-base-content/80">
          Nothing after a few minutes? Check your spam folder. If you already have an account with this address, we have sent you
          an email about that instead.
        </p>
        <p className="text-center text-sm">
          Confirmed already?{' '}
          <Link to={paths.login} state={location.state} className="link link-primary">
            Please login
          </Link>
        </p>
      </AuthPanel>
    );
  }

  return (
    <AuthCard
      title="Sign Up"
      error={error}
      returnTo={target}
      onGoogleError={setError}
      footer={
        <>
          Already have an account?{' '}
          <Link to={paths.login} state={location.state} className="link link-primary">
            Please login
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Sign up form">
        <TextField label="User name" autoComplete="name" registration={register('userName')} error={errors.userName} />
        <TextField label="Email" type="email" autoComplete="email" registration={register('email')} error={errors.email} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          registration={register('password')}
          error={errors.password}
        />
        <SubmitButton busy={isSubmitting}>Sign Up</SubmitButton>
      </form>
    </AuthCard>
  );
}

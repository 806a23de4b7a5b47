import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useSearchParams } from 'react-router';
import { SIGNED_OUT_NOTICES } from '../../../shared/messages';
import { loginFormSchema, type LoginForm } from '../../../shared/schemas/accounts';
import { paths } from '../../config/paths';
import { TextField } from '../../components/form-field';
import { authClient } from '../../lib/auth-client';
import type { LoginState } from '../../lib/login-state';
import { useSession } from '../../lib/session-query';
import { failureMessage } from '../../lib/request-failure';
import { authErrorMessage } from './auth-error-message';
import { AuthCard } from './components/auth-card';
import { useFinishSignIn, useRedirectTarget } from './use-finish-sign-in';
import { SubmitButton } from '../../components/submit-button';
import { apiRequest, ApiRequestError } from '../../lib/api-client';
import { SecondFactorStep } from './components/second-factor-form';
import { LOGIN_HEAD } from '../../../shared/page-heads';
import { useDocumentHead } from '../../lib/document-head';

export default function LoginPage() {
  useDocumentHead(LOGIN_HEAD);
  const session = useSession();
  const finishSignIn = useFinishSignIn();
  const target = useRedirectTarget();
  const location = useLocation();
  const [params] = useSearchParams();
  // A role guard signed the person out on the way here: say so (not as an error of this form).
  const signedOutBecause = (location.state as LoginState | null)?.signedOut;
  const notice = signedOutBecause ? SIGNED_OUT_NOTICES[signedOutBecause] : null;
  const [error, setError] = useState<string | null>(() => authErrorMessage(params.get('error') ? { code: params.get('error')! } : null));
  // The email of a sign-in whose password was right and that now waits for its second factor.
  const [awaitingCode, setAwaitingCode] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginForm>({ resolver: zodResolver(loginFormSchema), defaultValues: { email: '', password: '' } });

  // Back from Google, or already signed in: get the access token and move on.
  const signedInEmail = session.data?.user.email;
  useEffect(() => {
    if (signedInEmail) finishSignIn(signedInEmail).catch((failure: unknown) => setError(failureMessage(failure)));
  }, [signedInEmail, finishSignIn]);

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setError(null);
    // The sign-in client rejects when nothing answers (no connection): said like any failure.
    const { data, error: signInError } = await authClient.signIn.email({ email, password }).catch(() => ({ data: null, error: null }));
    if (signInError || !data) {
      setError(authErrorMessage(signInError ?? { status: 0 }));
      return;
    }
    // Two-step sign-in (decision 023): the password was right; the session comes with the code.
    if ((data as { twoFactorRedirect?: boolean }).twoFactorRedirect) {
      setAwaitingCode(email);
      return;
    }
    await finishSignIn(data.user.email).catch((failure: unknown) => setError(failureMessage(failure)));
  });

  const onCode = async ({ kind, code }: { kind: 'totp' | 'backup'; code: string }) => {
    if (!awaitingCode) return;
    setError(null);
    try {
      await apiRequest(kind === 'totp' ? '/auth/two-factor/verify-totp' : '/auth/two-factor/verify-backup-code', { method: 'POST', body: { code } });
    } catch (failure) {
      const reason = failure instanceof ApiRequestError ? (failure.body as { code?: string } | null)?.code : undefined;
      setError(authErrorMessage(failure instanceof ApiRequestError ? { status: failure.status, code: reason, message: failure.message } : { status: 0 }));
      // The sign-in itself is over (too many wrong codes, or too slow): back to the password.
      if (reason === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE' || reason === 'INVALID_TWO_FACTOR_COOKIE') setAwaitingCode(null);
      return;
    }
    await finishSignIn(awaitingCode).catch((failure: unknown) => setError(failureMessage(failure)));
  };

  return (
    <AuthCard
      // The second step shows only what it needs: the code, another kind of code, or starting again.
      title={awaitingCode ? 'Two-step sign-in' : 'Login'}
      error={error}
      returnTo={target}
      onGoogleError={setError}
      offerGoogle={!awaitingCode}
      footer={
        awaitingCode ? null : (
          <>
            New to ToolHouse?{' '}
            <Link to={paths.registration} state={location.state} className="link link-primary">
              Sign Up
            </Link>
          </>
        )
      }
    >
      {notice && !awaitingCode ? (
        <p role="status" className="alert alert-info alert-soft mb-4 text-sm" data-testid="signed-out-notice">
          {notice}
        </p>
      ) : null}
      {awaitingCode ? (
        <SecondFactorStep
          onCode={onCode}
          onStartAgain={() => {
            setAwaitingCode(null);
            setError(null);
          }}
        />
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Login form">
          <TextField label="Email" type="email" autoComplete="email" registration={register('email')} error={errors.email} />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            registration={register('password')}
            error={errors.password}
          />
          <p className="text-sm">
            <Link to={paths.forgotPassword} className="link link-primary">
              Forgot Password?
            </Link>
          </p>
          <SubmitButton busy={isSubmitting}>Login</SubmitButton>
        </form>
      )}
    </AuthCard>
  );
}

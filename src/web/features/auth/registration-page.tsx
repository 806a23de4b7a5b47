import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { registrationFormSchema, type RegistrationForm } from '../../../shared/schemas/accounts';
import { paths } from '../../config/paths';
import { TextField } from '../../components/form-field';
import { authClient } from '../../lib/auth-client';
import { updateProfileWithSession } from '../accounts/api/update-profile';
import { failureMessage } from '../../lib/request-failure';
import { authErrorMessage } from './auth-error-message';
import { AuthCard } from './components/auth-card';
import { useFinishSignIn, useRedirectTarget } from './use-finish-sign-in';
import { SubmitButton } from '../../components/submit-button';

export default function RegistrationPage() {
  const finishSignIn = useFinishSignIn();
  const target = useRedirectTarget();
  const location = useLocation();
  const [error, setError] = useState<string | null>(null);
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
    const { data, error: signUpError } = await authClient.signUp.email({ name: userName.trim(), email, password });
    if (signUpError || !data) {
      setError(authErrorMessage(signUpError ?? { status: 0 }));
      return;
    }
    try {
      // Spec: registration saves {userName, email} on the profile, then asks for the access token.
      await updateProfileWithSession(data.user.email, { userName: userName.trim(), email: data.user.email });
      await finishSignIn(data.user.email);
    } catch (failure) {
      // The account exists by now; a busy store or a lost connection is said as such.
      setError(failureMessage(failure));
    }
  });

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

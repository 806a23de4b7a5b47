import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { changePasswordFormSchema, type ChangePasswordForm } from '../../../shared/schemas/accounts';
import { paths } from '../../config/paths';
import { TextField } from '../../components/form-field';
import { useSession } from '../../lib/session-query';
import { useChangePassword } from './api/change-password';
import { FormError } from './components/form-error';
import { SubmitButton } from '../../components/submit-button';

const DONE = 'Your password is changed. Every other browser signed in to your account is now signed out.';

/** Change Password: the password now and a new one; every other session and access token ends (decision 023). */
export default function ChangePasswordPage() {
  const { data } = useSession();
  const change = useChangePassword(data?.user.email);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordForm>({ resolver: zodResolver(changePasswordFormSchema), defaultValues: { currentPassword: '', newPassword: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    setDone(false);
    try {
      await change.mutateAsync(values);
      reset();
      setDone(true);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  });

  return (
    <section aria-labelledby="change-password-title" className="max-w-2xl">
      <h2 id="change-password-title" className="text-3xl font-bold">Change Password</h2>
      <form onSubmit={onSubmit} noValidate className="card mt-6 space-y-4 bg-base-100 p-6 shadow-sm ring-1 ring-base-300" aria-label="Change password form">
        {done ? (
          <p role="status" className="alert alert-success alert-soft text-sm">{DONE}</p>
        ) : null}
        <FormError message={error} />
        <TextField label="Current password" type="password" autoComplete="current-password" registration={register('currentPassword')} error={errors.currentPassword} />
        <TextField label="New password" type="password" autoComplete="new-password" registration={register('newPassword')} error={errors.newPassword} />
        <p className="text-sm text-base-content/80">
          At least 8 characters. Saving it signs your account out everywhere else, as{' '}
          <Link to={paths.sessions} className="link link-primary">Sessions</Link> would.
        </p>
        <SubmitButton busy={isSubmitting} width="auto">
          Change password
        </SubmitButton>
      </form>
    </section>
  );
}

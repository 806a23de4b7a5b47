import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { changePasswordFormSchema } from '../../../../shared/schemas/accounts';
import { TextField } from '../../../components/form-field';
import { FormError } from './form-error';
import { SubmitButton } from '../../../components/submit-button';

const schema = changePasswordFormSchema.pick({ currentPassword: true });
type Values = { currentPassword: string };

interface PasswordStepProps {
  /** The form's accessible name. */
  name: string;
  submitLabel: string;
  tone?: 'primary' | 'danger';
  onPassword: (password: string) => Promise<unknown>;
}

/** A form that asks for the account's password before a change to its two-step sign-in. */
export function PasswordStep({ name, submitLabel, tone = 'primary', onPassword }: PasswordStepProps) {
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { currentPassword: '' } });
  const onSubmit = handleSubmit(async ({ currentPassword }) => {
    setError(null);
    try {
      await onPassword(currentPassword);
      reset();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3" aria-label={name}>
      <FormError message={error} />
      <TextField label="Your password" type="password" autoComplete="current-password" registration={register('currentPassword')} error={errors.currentPassword} />
      <SubmitButton busy={isSubmitting} tone={tone} outline={tone === 'danger'} width="auto">
        {submitLabel}
      </SubmitButton>
    </form>
  );
}

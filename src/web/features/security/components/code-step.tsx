import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { authenticatorCodeFormSchema, type AuthenticatorCodeForm } from '../../../../shared/schemas/accounts';
import { TextField } from '../../../components/form-field';
import { FormError } from './form-error';
import { SubmitButton } from '../../../components/submit-button';

interface CodeStepProps {
  name: string;
  submitLabel: string;
  onCode: (code: string) => Promise<unknown>;
}

/** A form for the 6-digit code an authenticator app shows. */
export function CodeStep({ name, submitLabel, onCode }: CodeStepProps) {
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<AuthenticatorCodeForm>({ resolver: zodResolver(authenticatorCodeFormSchema), defaultValues: { code: '' } });
  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      await onCode(authenticatorCodeFormSchema.parse(values).code);
      reset();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3" aria-label={name}>
      <FormError message={error} />
      <TextField
        label="Code from your authenticator app"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        registration={register('code')}
        error={errors.code}
      />
      <SubmitButton busy={isSubmitting} width="auto">
        {submitLabel}
      </SubmitButton>
    </form>
  );
}

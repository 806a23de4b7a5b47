import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { secondFactorFormSchema, type SecondFactorForm } from '../../../../shared/schemas/accounts';
import { TextField } from '../../../components/form-field';
import { SubmitButton } from '../../../components/submit-button';

interface SecondFactorFormProps {
  onCode: (code: { kind: 'totp' | 'backup'; code: string }) => Promise<void>;
  onStartAgain: () => void;
}

/**
 * The second step of signing in to an account with two-step sign-in (decision 023): the code the
 * authenticator app shows, or one of the recovery codes.
 */
export function SecondFactorStep({ onCode, onStartAgain }: SecondFactorFormProps) {
  const {
    register,
    handleSubmit,
    setValue,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<SecondFactorForm>({ resolver: zodResolver(secondFactorFormSchema), defaultValues: { kind: 'totp', code: '' } });
  const [kind, setKind] = useState<'totp' | 'backup'>('totp');
  const onSubmit = handleSubmit(async (values) => {
    const parsed = secondFactorFormSchema.parse(values);
    await onCode({ kind: parsed.kind, code: parsed.code });
  });
  const switchTo = (next: 'totp' | 'backup') => {
    setKind(next);
    setValue('kind', next);
    setValue('code', '');
    clearErrors();
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Two-step sign-in form">
      {kind === 'totp' ? (
        <>
          <p className="text-sm">Enter the code your authenticator app shows for ToolHouse.</p>
          <TextField
            key="totp"
            label="Code from your authenticator app"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            autoFocus
            registration={register('code')}
            error={errors.code}
          />
        </>
      ) : (
        <>
          <p className="text-sm">Enter one of the recovery codes you kept when you turned two-step sign-in on. Each works once.</p>
          <TextField key="backup" label="Recovery code" autoComplete="off" autoFocus registration={register('code')} error={errors.code} />
        </>
      )}
      <SubmitButton busy={isSubmitting}>Verify</SubmitButton>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button type="button" className="link link-primary" onClick={() => switchTo(kind === 'totp' ? 'backup' : 'totp')}>
          {kind === 'totp' ? 'Use a recovery code instead' : 'Use the authenticator app instead'}
        </button>
        <button type="button" className="link" onClick={onStartAgain}>
          Start again
        </button>
      </div>
    </form>
  );
}

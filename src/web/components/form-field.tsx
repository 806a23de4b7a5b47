import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

interface FieldShellProps {
  label: string;
  error?: FieldError;
  children: (ids: { inputId: string; errorId: string }) => ReactNode;
}

/** Label, control and error message wired together for screen readers. */
export function FieldShell({ label, error, children }: FieldShellProps) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  return (
    <div className="form-control w-full">
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      {children({ inputId, errorId })}
      {error?.message ? (
        <p id={errorId} className="mt-1 text-sm text-error" role="alert">
          {error.message}
        </p>
      ) : null}
    </div>
  );
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  error?: FieldError;
  registration: UseFormRegisterReturn;
};

export function TextField({ label, error, registration, className, ...input }: TextFieldProps) {
  return (
    <FieldShell label={label} error={error}>
      {({ inputId, errorId }) => (
        <input
          id={inputId}
          className={`input w-full ${error ? 'input-error' : ''} ${className ?? ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...input}
          {...registration}
        />
      )}
    </FieldShell>
  );
}

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & {
  label: string;
  error?: FieldError;
  registration: UseFormRegisterReturn;
};

export function TextAreaField({ label, error, registration, className, ...textarea }: TextAreaFieldProps) {
  return (
    <FieldShell label={label} error={error}>
      {({ inputId, errorId }) => (
        <textarea
          id={inputId}
          className={`textarea w-full ${error ? 'textarea-error' : ''} ${className ?? ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...textarea}
          {...registration}
        />
      )}
    </FieldShell>
  );
}

import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { NumberFormatBase } from 'react-number-format';
import { FieldShell } from '../../../components/form-field';

interface CardFieldProps<Values extends FieldValues> {
  control: Control<Values>;
  name: FieldPath<Values>;
  label: string;
  /** The browser's card autofill token: cc-number, cc-exp or cc-csc. */
  autoComplete: 'cc-number' | 'cc-exp' | 'cc-csc';
  placeholder: string;
  /** Shows the digits typed so far the way the field writes them ("4242 4242", "03 / 30"). */
  format: (digits: string) => string;
}

/**
 * A card field that takes digits only and lays them out as they are typed. react-number-format
 * keeps the caret in place and lets Backspace step over the spaces and the slash, which a plain
 * reformatting onChange gets wrong. The form keeps the formatted text, which the schema reads.
 */
export function CardField<Values extends FieldValues>({ control, name, label, autoComplete, placeholder, format }: CardFieldProps<Values>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState: { error } }) => (
        <FieldShell label={label} error={error}>
          {({ inputId, errorId }) => (
            <NumberFormatBase
              id={inputId}
              name={field.name}
              value={field.value as string}
              format={format}
              onValueChange={({ formattedValue }) => field.onChange(formattedValue)}
              onBlur={field.onBlur}
              getInputRef={field.ref}
              inputMode="numeric"
              autoComplete={autoComplete}
              placeholder={placeholder}
              className={`input w-full tabular-nums ${error ? 'input-error' : ''}`}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
          )}
        </FieldShell>
      )}
    />
  );
}

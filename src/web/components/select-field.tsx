import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className'> & {
  label: string;
  /** The wrapper's own classes beside `form-control` (its width and spacing). */
  className?: string;
  /** The select's own classes beside `select` (its width). */
  selectClassName?: string;
  /** The options. */
  children: ReactNode;
};

/** A select with its visible label, wired together for screen readers (the FieldShell of form-field.tsx, for a control outside a form). */
export function SelectField({ label, className = '', selectClassName = '', children, ...select }: SelectFieldProps) {
  const selectId = useId();
  return (
    <div className={`form-control ${className}`}>
      <label htmlFor={selectId} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <select id={selectId} className={`select ${selectClassName}`} {...select}>
        {children}
      </select>
    </div>
  );
}

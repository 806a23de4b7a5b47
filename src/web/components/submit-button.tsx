import type { ReactNode } from 'react';

/** The button's colour: the primary one, red for what removes, ends or undoes, or none (a quiet outline). */
type Tone = 'primary' | 'danger' | 'neutral';

interface SubmitButtonProps {
  /** Shows a spinner and disables the button while the form is being sent. */
  busy: boolean;
  disabled?: boolean;
  tone?: Tone;
  /** An outlined button of the tone (a quiet one beside a primary action). */
  outline?: boolean;
  /** `full`: the width of its form (a page's form ends with it); `auto`: its own (a dialog's buttons). */
  width?: 'full' | 'auto';
  /** `sm`: a small button inside a section of a larger form. */
  size?: 'md' | 'sm';
  /** The form it submits when it sits outside it (a dialog's footer). */
  form?: string;
  /** Layout around it (`self-start` in a column). */
  className?: string;
  children: ReactNode;
}

const TONES: Record<Tone, string> = { primary: 'btn-primary', danger: 'btn-error', neutral: '' };

/** Every form's submit button: its label, and a spinner while the form is sent, when it cannot be pressed. */
export function SubmitButton({ busy, disabled = false, tone = 'primary', outline = false, width = 'full', size = 'md', form, className, children }: SubmitButtonProps) {
  const classes = ['btn', TONES[tone], outline ? 'btn-outline' : '', size === 'sm' ? 'btn-sm' : '', width === 'full' ? 'w-full' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <button type="submit" form={form} className={classes} disabled={busy || disabled} aria-busy={busy || undefined}>
      {busy ? <span className={`loading loading-spinner ${size === 'sm' ? 'loading-xs' : 'loading-sm'}`} aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

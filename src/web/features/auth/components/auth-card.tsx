import type { ReactNode } from 'react';
import { AuthErrorAlert } from './auth-error-alert';
import { GoogleSignIn } from './google-button';

interface AuthCardProps {
  title: string;
  error: string | null;
  /** Where Google sends the person back to. */
  returnTo: string;
  onGoogleError: (message: string) => void;
  /** The form. */
  children: ReactNode;
  /** The link to the other auth page; none on the second step of a sign-in. */
  footer?: ReactNode;
  /**
   * Offer Google sign-in (when the store has it set up). Not on the second step of a sign-in: the
   * password was right and the code is all that is left, so another way in is only a distraction.
   */
  offerGoogle?: boolean;
}

/** The frame shared by Login and Sign Up: title, errors above the form, the form, Google (when set up). */
export function AuthCard({ title, error, returnTo, onGoogleError, children, footer, offerGoogle = true }: AuthCardProps) {
  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <div className="card bg-base-100 shadow-md ring-1 ring-base-300">
        <div className="card-body">
          <h1 className="card-title justify-center text-3xl">{title}</h1>
          <AuthErrorAlert message={error} />
          {children}
          {footer ? <p className="text-center text-sm">{footer}</p> : null}
          {offerGoogle ? <GoogleSignIn returnTo={returnTo} onError={onGoogleError} /> : null}
        </div>
      </div>
    </section>
  );
}

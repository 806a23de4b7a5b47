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
  /** The link to the other auth page. */
  footer: ReactNode;
}

/** The frame shared by Login and Sign Up: title, errors above the form, the form, Google (when set up). */
export function AuthCard({ title, error, returnTo, onGoogleError, children, footer }: AuthCardProps) {
  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <div className="card bg-base-100 shadow-md ring-1 ring-base-300">
        <div className="card-body">
          <h1 className="card-title justify-center text-3xl">{title}</h1>
          <AuthErrorAlert message={error} />
          {children}
          <p className="text-center text-sm">{footer}</p>
          <GoogleSignIn returnTo={returnTo} onError={onGoogleError} />
        </div>
      </div>
    </section>
  );
}

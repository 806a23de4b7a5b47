import type { ReactNode } from 'react';

/** The frame of the account pages without a sign-in form (forgot and reset password, verify email, check your email). */
export function AuthPanel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <div className="card bg-base-100 shadow-md ring-1 ring-base-300">
        <div className="card-body gap-4">
          <h1 className="card-title justify-center text-3xl">{title}</h1>
          {children}
        </div>
      </div>
    </section>
  );
}

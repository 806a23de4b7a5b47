import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { Loading } from '../../components/loading';
import { authClient } from '../../lib/auth-client';
import { failureMessage } from '../../lib/request-failure';
import { fetchAccessToken } from '../../lib/session';
import { readSessionNow } from '../../lib/session-query';
import { AuthPanel } from './components/auth-panel';
import { useLinkToken } from './use-link-token';

type Outcome =
  | { kind: 'verified'; signedIn: boolean }
  | { kind: 'expired' }
  | { kind: 'invalid' }
  | { kind: 'failed'; message: string };

/** One confirmation per token, even when React runs the effect twice (development) or the page re-renders. */
const confirmations = new Map<string, Promise<Outcome>>();

async function confirm(token: string): Promise<Outcome> {
  const { error } = await authClient.verifyEmail({ query: { token } });
  if (error) {
    if (error.code === 'TOKEN_EXPIRED') return { kind: 'expired' };
    if (error.status === 401 || error.status === 400) return { kind: 'invalid' };
    return { kind: 'failed', message: failureMessage(error) };
  }
  // The link confirms the address and does not sign anyone in (whoever signed up chose the
  // password: issue 19). A browser already signed in to the account carries on, with its token;
  // any other is asked to sign in.
  const email = (await readSessionNow())?.user.email;
  if (!email) return { kind: 'verified', signedIn: false };
  await fetchAccessToken(email);
  return { kind: 'verified', signedIn: true };
}

/** Opened from the verification email: confirms the address and says what happened. */
export default function VerifyEmailPage() {
  const token = useLinkToken();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome | null>(token ? null : { kind: 'invalid' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!token) return;
    let current = true;
    let confirmation = confirmations.get(token);
    if (!confirmation) {
      confirmation = confirm(token).catch((failure: unknown) => ({ kind: 'failed', message: failureMessage(failure) }) as const);
      confirmations.set(token, confirmation);
    }
    void confirmation.then(async (result) => {
      if (result.kind === 'verified') await queryClient.invalidateQueries();
      if (current) setOutcome(result);
    });
    return () => {
      current = false;
    };
  }, [token, queryClient, attempt]);

  const retry = () => {
    if (token) confirmations.delete(token);
    setOutcome(null);
    setAttempt((n) => n + 1);
  };

  if (!outcome) {
    return (
      <AuthPanel title="Confirming your email">
        <Loading label="Confirming your email address" />
      </AuthPanel>
    );
  }
  switch (outcome.kind) {
    case 'verified':
      return (
        <AuthPanel title="Email confirmed">
          <p role="status">Thank you: your email address is confirmed. You can now place orders.</p>
          {outcome.signedIn ? (
            <Link to={paths.ourTools} className="btn btn-primary w-full">Browse our tools</Link>
          ) : (
            <Link to={paths.login} className="btn btn-primary w-full">Login to continue</Link>
          )}
        </AuthPanel>
      );
    case 'expired':
      return (
        <AuthPanel title="This link has expired">
          <p role="alert">
            A confirmation link works for 24 hours. Please login, open a tool's purchase page and choose &lsquo;Send the link again&rsquo;
            for a new one.
          </p>
          <Link to={paths.login} className="btn btn-primary w-full">Login</Link>
        </AuthPanel>
      );
    case 'invalid':
      return (
        <AuthPanel title="This link does not work">
          <p role="alert">
            We could not confirm your email address with this link. Check that you opened the whole link from the email, or login and
            ask for a new one with &lsquo;Send the link again&rsquo; on a tool's purchase page.
          </p>
          <Link to={paths.login} className="btn btn-primary w-full">Login</Link>
        </AuthPanel>
      );
    case 'failed':
      return (
        <AuthPanel title="Confirming your email">
          <p role="alert">{outcome.message}</p>
          <button type="button" className="btn btn-primary w-full" onClick={retry}>
            Try again
          </button>
        </AuthPanel>
      );
  }
}

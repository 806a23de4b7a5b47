import { useEffect } from 'react';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { Loading } from '../components/loading';
import { useSession } from '../lib/session-query';
import { meansSignedOut } from '../lib/request-failure';
import { signOut } from '../lib/session';
import { useAdminStatus } from '../features/accounts/api/get-admin-status';
import { useAuthOptions } from '../features/accounts/api/get-auth-options';
import { securityOf } from '../features/security/session-security';
import { paths } from '../config/paths';
import type { LoginState } from '../lib/login-state';
import { StoreBusy } from './store-busy';

/**
 * Signed-in guard: anonymous visitors go to /login, which sends them back here afterwards. A
 * session check that failed for another reason (429, 5xx, no connection) is not "signed out".
 */
export function RequireAuth() {
  const { data, isPending, error, refetch } = useSession();
  const location = useLocation();
  if (isPending) return <Loading label="Checking your sign-in" />;
  if (data?.user) return <Outlet />;
  if (error && !meansSignedOut(error)) return <StoreBusy error={error} onRetry={refetch} />;
  return <Navigate to={paths.login} replace state={{ from: `${location.pathname}${location.search}` }} />;
}

/**
 * Role guards (spec section 4): the admin guard signs out and redirects non-admins; the customer
 * guard signs out and redirects admins. The role comes from the server, asked by email. Only a
 * refused credential or the wrong role signs out; a busy store shows its message and tries again.
 */
function RoleGuard({ admitAdmins }: { admitAdmins: boolean }) {
  const { data } = useSession();
  const email = data?.user.email;
  const status = useAdminStatus(email);
  const navigate = useNavigate();
  const location = useLocation();
  const wrongRole = status.data !== undefined && status.data.admin !== admitAdmins;
  const refused = (status.isError && meansSignedOut(status.error)) || wrongRole;

  useEffect(() => {
    if (!refused) return;
    // The wrong role: the login page says why. Not sent back here afterwards, or signing in again
    // with the same account would sign it out again. An ended session returns here after sign-in.
    const state: LoginState = wrongRole
      ? { signedOut: admitAdmins ? 'adminsOnly' : 'customersOnly' }
      : { from: `${location.pathname}${location.search}` };
    void signOut().finally(() => navigate(paths.login, { replace: true, state }));
  }, [refused, wrongRole, admitAdmins, location.pathname, location.search, navigate]);

  if (!email || refused) return <Loading label="Checking your access" />;
  // A role already known stays good when a later check fails for a busy store.
  if (status.data) return admitAdmins ? <AdminTwoFactorGate /> : <Outlet />;
  if (status.isError) return <StoreBusy error={status.error} onRetry={status.refetch} />;
  return <Loading label="Checking your access" />;
}

/**
 * The admin pages need two-step sign-in where ADMIN_TWO_FACTOR requires it, and a session that has
 * shown a code wherever it is on (decision 023). The server refuses admin calls otherwise, so
 * rather than let the pages fail (and a refusal sign the admin out), this says what to do.
 */
function AdminTwoFactorGate() {
  const { data } = useSession();
  const options = useAuthOptions();
  const { twoFactorEnabled, sessionShowedCode } = securityOf(data);
  if (options.isPending) return <Loading label="Checking your access" />;
  const needs = options.data?.adminTwoFactor === 'required' && !twoFactorEnabled ? 'enrol' : twoFactorEnabled && !sessionShowedCode ? 'code' : null;
  if (!needs) return <Outlet />;
  return (
    <section aria-labelledby="admin-two-factor-title" className="max-w-2xl space-y-4" data-testid="admin-two-factor-gate">
      <h2 id="admin-two-factor-title" className="text-3xl font-bold">
        {needs === 'enrol' ? 'Turn on two-step sign-in first' : 'Enter a code from your authenticator app'}
      </h2>
      <p>
        {needs === 'enrol'
          ? 'Admins of this store sign in with a code from an authenticator app as well as their password. Set it up once; the admin pages open as soon as it is on.'
          : 'This session was signed in without a code from your authenticator app. Enter one, and the admin pages open.'}
      </p>
      <Link to={paths.twoFactor} className="btn btn-primary">
        {needs === 'enrol' ? 'Set up two-step sign-in' : 'Enter a code'}
      </Link>
    </section>
  );
}

export const RequireAdmin = () => <RoleGuard admitAdmins />;
export const RequireCustomer = () => <RoleGuard admitAdmins={false} />;

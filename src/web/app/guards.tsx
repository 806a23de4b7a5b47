import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { Loading } from '../components/loading';
import { useSession } from '../lib/auth-client';
import { signOut } from '../lib/session';
import { useAdminStatus } from '../features/accounts/api/get-admin-status';
import { paths } from '../config/paths';

/** Signed-in guard: anonymous visitors go to /login, which sends them back here afterwards. */
export function RequireAuth() {
  const { data, isPending } = useSession();
  const location = useLocation();
  if (isPending) return <Loading label="Checking your sign-in" />;
  if (!data?.user) {
    return <Navigate to={paths.login} replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  return <Outlet />;
}

/**
 * Role guards (spec section 4): the admin guard signs out and redirects non-admins; the customer
 * guard signs out and redirects admins. The role comes from the server, asked by email.
 */
function RoleGuard({ admitAdmins }: { admitAdmins: boolean }) {
  const { data } = useSession();
  const email = data?.user.email;
  const status = useAdminStatus(email);
  const navigate = useNavigate();
  const refused = status.isError || (status.data !== undefined && status.data.admin !== admitAdmins);

  useEffect(() => {
    if (!refused) return;
    void signOut().finally(() => navigate(paths.login, { replace: true }));
  }, [refused, navigate]);

  if (!email || status.isPending || refused) return <Loading label="Checking your access" />;
  return <Outlet />;
}

export const RequireAdmin = () => <RoleGuard admitAdmins />;
export const RequireCustomer = () => <RoleGuard admitAdmins={false} />;

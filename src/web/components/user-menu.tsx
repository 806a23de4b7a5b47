import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '../config/paths';
import type { LoginState } from '../lib/login-state';
import { useSession } from '../lib/session-query';
import { signOut } from '../lib/session';

const DEFAULT_AVATAR = '/images/avatar-default.svg';

/** Right side of the navbar: a sign-in icon, or the person's avatar with their name and Logout. */
export function UserMenu() {
  const { data } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const user = data?.user;

  if (!user) {
    return (
      // Signing in brings the person back to this page (the login page keeps only same-site paths).
      <Link to={paths.login} state={{ from: `${location.pathname}${location.search}` } satisfies LoginState} className="btn btn-ghost btn-circle" aria-label="Sign in">
        <svg xmlns="http://www.w3.org/2000/svg" className="h-6 w-6" fill="none" viewBox="0 0 24 24" stroke="currentColor" aria-hidden="true">
          <path strokeLinecap="round" strokeLinejoin="round" strokeWidth="2" d="M16 7a4 4 0 11-8 0 4 4 0 018 0zM12 14a7 7 0 00-7 7h14a7 7 0 00-7-7z" />
        </svg>
      </Link>
    );
  }

  const logout = async () => {
    (document.activeElement as HTMLElement | null)?.blur();
    await signOut();
    navigate(paths.home);
  };

  return (
    <div className="dropdown dropdown-end">
      <button type="button" tabIndex={0} className="btn btn-ghost btn-circle avatar" aria-label="Account menu">
        <div className="w-10 rounded-full ring-2 ring-primary/40">
          <img src={user.image || DEFAULT_AVATAR} alt="" width="40" height="40" referrerPolicy="no-referrer" />
        </div>
      </button>
      <ul tabIndex={0} className="menu dropdown-content z-50 mt-3 w-60 rounded-box bg-base-100 p-2 shadow-lg">
        <li className="menu-title" data-testid="user-menu-name">
          {user.name}
        </li>
        <li>
          <Link to={paths.dashboard} onClick={() => (document.activeElement as HTMLElement | null)?.blur()}>
            Dashboard
          </Link>
        </li>
        <li>
          <button type="button" onClick={() => void logout()}>
            Logout
          </button>
        </li>
      </ul>
    </div>
  );
}

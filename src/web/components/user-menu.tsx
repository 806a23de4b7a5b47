import { Link } from 'react-router';
import { paths } from '../app/paths';

/** Right side of the navbar. Signed out: a person icon to /login. */
export function UserMenu() {
  return (
    <Link to={paths.login} className="btn btn-ghost btn-circle" aria-label="Sign in">
      <svg xmlns="http://www.w3.org/2000/svg" className="h-6 w-6" fill="none" viewBox="0 0 24 24" stroke="currentColor" aria-hidden="true">
        <path strokeLinecap="round" strokeLinejoin="round" strokeWidth="2" d="M16 7a4 4 0 11-8 0 4 4 0 018 0zM12 14a7 7 0 00-7 7h14a7 7 0 00-7-7z" />
      </svg>
    </Link>
  );
}

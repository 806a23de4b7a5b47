import { Link, NavLink, useLocation } from 'react-router';
import { paths } from '../config/paths';
import { useSession } from '../lib/session-query';
import { CartLink } from './cart-link';
import { UserMenu } from './user-menu';

const publicLinks = [
  { to: paths.ourTools, label: 'Our Tools' },
  { to: paths.contactUs, label: 'Contact Us' },
  { to: paths.aboutUs, label: 'About Us' },
];
const signedInLinks = [...publicLinks, { to: paths.dashboard, label: 'Dashboard' }];

function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { data } = useSession();
  const links = data?.user ? signedInLinks : publicLinks;
  return links.map((link) => (
    <li key={link.to}>
      <NavLink to={link.to} onClick={onNavigate} className={({ isActive }) => (isActive ? 'menu-active' : '')}>
        {link.label}
      </NavLink>
    </li>
  ));
}

/** A phone-bar button: its icon, with what it opens written small beneath. */
const CAPTIONED_ICON_BUTTON = 'btn btn-ghost h-auto min-h-12 flex-col gap-0.5 px-2 py-1';
const CAPTION = 'text-xs leading-none font-medium';

/** Top bar on every page. Below the lg breakpoint the links collapse into a dropdown. */
export function Navbar() {
  const closeDropdown = () => (document.activeElement as HTMLElement | null)?.blur();
  return (
    <header className="sticky top-0 z-40 border-b border-base-300 bg-base-100/95 backdrop-blur">
      <nav className="navbar mx-auto max-w-7xl px-4" aria-label="Main">
        <div className="navbar-start gap-1">
          <div className="dropdown lg:hidden">
            <button type="button" tabIndex={0} className={CAPTIONED_ICON_BUTTON} aria-label="Open menu" data-testid="site-menu-toggle">
              <svg xmlns="http://www.w3.org/2000/svg" className="h-6 w-6" fill="none" viewBox="0 0 24 24" stroke="currentColor" aria-hidden="true">
                <path strokeLinecap="round" strokeLinejoin="round" strokeWidth="2" d="M4 6h16M4 12h16M4 18h16" />
              </svg>
              <span className={CAPTION}>Menu</span>
            </button>
            <ul tabIndex={0} className="menu dropdown-content menu-md z-50 mt-3 w-56 rounded-box bg-base-100 p-2 shadow-lg">
              <NavLinks onNavigate={closeDropdown} />
            </ul>
          </div>
          <Link to={paths.home} className="btn btn-ghost gap-2 px-2 text-xl font-bold">
            <img src="/images/logo.svg" alt="" width="32" height="32" className="h-8 w-8" />
            <span>ToolHouse</span>
          </Link>
        </div>
        <div className="navbar-center hidden lg:flex">
          <ul className="menu menu-horizontal gap-1 px-1 text-base">
            <NavLinks />
          </ul>
        </div>
        <div className="navbar-end gap-1">
          <DashboardDrawerToggle />
          <CartLink />
          <UserMenu />
        </div>
      </nav>
    </header>
  );
}

/**
 * On dashboard paths on small screens: opens the dashboard's side menu (a daisyUI drawer). On a
 * phone it sits in the same bar as the site menu, so the two look different (a side panel, not
 * a second set of lines) and each says in words what it opens.
 */
function DashboardDrawerToggle() {
  const { pathname } = useLocation();
  if (!pathname.startsWith(paths.dashboard)) return null;
  return (
    // A real button (a <label> with a role would be announced as neither): it flips the drawer's checkbox.
    <button
      type="button"
      className={`${CAPTIONED_ICON_BUTTON} lg:hidden`}
      aria-label="Open dashboard menu"
      aria-controls="dashboard-drawer"
      data-testid="dashboard-menu-toggle"
      onClick={() => document.getElementById('dashboard-drawer')?.click()}
    >
      <svg xmlns="http://www.w3.org/2000/svg" className="h-6 w-6" fill="none" viewBox="0 0 24 24" stroke="currentColor" aria-hidden="true">
        <rect x="3" y="4" width="18" height="16" rx="2" strokeWidth="2" />
        <path strokeLinecap="round" strokeWidth="2" d="M9.5 4v16M5.5 8.5h1.5M5.5 12h1.5M5.5 15.5h1.5" />
      </svg>
      <span className={CAPTION}>Dashboard</span>
    </button>
  );
}

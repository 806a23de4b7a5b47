import { NavLink, Outlet } from 'react-router';
import { paths } from '../../config/paths';
import { Loading } from '../../components/loading';
import { useSession } from '../../lib/session-query';
import { useAdminStatus } from '../accounts/api/get-admin-status';
import { PRIVATE_HEAD } from '../../../shared/page-heads';
import { useDocumentHead } from '../../lib/document-head';

/** Everyone's account security pages, at the end of either menu. */
const securityItems: { to: string; label: string; end?: boolean }[] = [
  { to: paths.changePassword, label: 'Change Password' },
  { to: paths.sessions, label: 'Sessions' },
  { to: paths.twoFactor, label: 'Two-step sign-in' },
];
const customerItems = [
  { to: paths.dashboard, label: 'My Profile', end: true },
  { to: paths.myOrders, label: 'My Orders' },
  { to: paths.addReview, label: 'Add Review' },
  ...securityItems,
];
const adminItems = [
  { to: paths.dashboard, label: 'My Profile', end: true },
  { to: paths.overview, label: 'Overview' },
  { to: paths.manageUser, label: 'Manage Users' },
  { to: paths.addTool, label: 'Add Product' },
  { to: paths.manageTools, label: 'Manage Tools' },
  { to: paths.categories, label: 'Categories' },
  { to: paths.manageOrders, label: 'Manage Orders' },
  { to: paths.messages, label: 'Messages' },
  { to: paths.manageReviews, label: 'Reviews' },
  { to: paths.activity, label: 'Activity' },
  { to: paths.settings, label: 'Settings' },
  { to: paths.taxRates, label: 'Tax rates' },
  ...securityItems,
];

const closeDrawer = () => {
  const toggle = document.getElementById('dashboard-drawer') as HTMLInputElement | null;
  if (toggle) toggle.checked = false;
};

/** Side menu + child page. The menu shows customer or admin items (spec section 6). */
export default function DashboardLayout() {
  useDocumentHead(PRIVATE_HEAD);
  const { data } = useSession();
  const admin = useAdminStatus(data?.user.email);
  const items = admin.data?.admin ? adminItems : customerItems;

  return (
    <div className="drawer mx-auto max-w-7xl lg:drawer-open">
      <input id="dashboard-drawer" type="checkbox" className="drawer-toggle" aria-label="Dashboard menu" />
      <div className="drawer-content px-4 py-8 lg:px-8">
        <h1 className="sr-only">Dashboard</h1>
        <Outlet />
      </div>
      <div className="drawer-side z-40 lg:z-auto">
        {/* Clicking beside the open drawer closes it; keyboard users use the menu toggle. */}
        <label htmlFor="dashboard-drawer" className="drawer-overlay" aria-hidden="true" />
        <nav aria-label="Dashboard" className="min-h-full w-64 bg-base-200 p-4">
          <p className="mb-2 px-4 text-sm font-semibold uppercase tracking-wide text-base-content/80">Dashboard</p>
          {admin.isPending ? (
            <Loading label="Loading menu" />
          ) : (
            <ul className="menu w-full gap-1 p-0">
              {items.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} end={item.end} onClick={closeDrawer} className={({ isActive }) => (isActive ? 'menu-active' : '')}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          )}
        </nav>
      </div>
    </div>
  );
}

import { lazy, Suspense } from 'react';
import { Loading } from '../components/loading';
import { isAdminUser } from '../lib/session-role';
import { useSession } from '../lib/session-query';

// Each role's page is its own chunk: a customer's browser never downloads the admin's actions.
const CustomerOrderPage = lazy(() => import('../features/orders/order-page'));
const AdminOrderPage = lazy(() => import('../features/orders/admin/admin-order-page'));

/**
 * /dashboard/orders/:id: the buyer's order page, or the admin's (with the actions that ship,
 * refund and print). The server decides what each may read and do; this only picks the page.
 */
export default function OrderPageRoute() {
  const { data } = useSession();
  const Page = isAdminUser(data?.user) ? AdminOrderPage : CustomerOrderPage;
  return (
    <Suspense fallback={<Loading label="Loading the order" />}>
      <Page />
    </Suspense>
  );
}

import { createBrowserRouter, type RouteObject } from 'react-router';
import { RequireAdmin, RequireAuth, RequireCustomer } from './guards';
import { lazyPage } from './lazy-route';
import { NotFoundPage } from './not-found-page';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

/** Every page is its own lazily loaded chunk; the layout around them is in the main bundle. */
const home = lazyPage(() => import('../features/home/home-page'));

const dashboardChildren: RouteObject[] = [
  { index: true, lazy: lazyPage(() => import('../features/accounts/my-profile-page')) },
  { path: 'checkOut/:id', lazy: lazyPage(() => import('../features/orders/checkout-page')) },
  {
    Component: RequireCustomer,
    children: [
      { path: 'myOrders', lazy: lazyPage(() => import('../features/orders/my-orders-page')) },
      { path: 'addReview', lazy: lazyPage(() => import('../features/reviews/add-review-page')) },
    ],
  },
  {
    // Admin pages are separate chunks: a customer's browser never downloads them.
    Component: RequireAdmin,
    children: [
      { path: 'manageUser', lazy: lazyPage(() => import('../features/admin/manage-users-page')) },
      { path: 'addTool', lazy: lazyPage(() => import('../features/admin/add-tool-page')) },
      { path: 'manageTools', lazy: lazyPage(() => import('../features/admin/manage-tools-page')) },
      { path: 'manageOrders', lazy: lazyPage(() => import('../features/admin/manage-orders-page')) },
    ],
  },
  { path: '*', Component: NotFoundPage },
];

const pages: RouteObject[] = [
  { index: true, lazy: home },
  { path: 'home', lazy: home },
  { path: 'ourTools', lazy: lazyPage(() => import('../features/catalogue/our-tools-page')) },
  { path: 'contactUs', lazy: lazyPage(() => import('../features/contact/contact-page')) },
  { path: 'aboutUs', lazy: lazyPage(() => import('../features/about/about-page')) },
  { path: 'login', lazy: lazyPage(() => import('../features/auth/login-page')) },
  { path: 'registration', lazy: lazyPage(() => import('../features/auth/registration-page')) },
  {
    Component: RequireAuth,
    children: [
      { path: 'purchase/:id', lazy: lazyPage(() => import('../features/purchase/purchase-page')) },
      {
        path: 'dashboard',
        lazy: lazyPage(() => import('../features/dashboard/dashboard-layout')),
        children: dashboardChildren,
      },
    ],
  },
  { path: '*', Component: NotFoundPage },
];

export const router = createBrowserRouter([
  {
    path: '/',
    Component: RootLayout,
    // A pathless child holds the error screen, so the navbar and footer stay around it.
    children: [{ errorElement: <RouteError />, children: pages }],
  },
]);

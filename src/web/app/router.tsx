import { createBrowserRouter, type RouteObject } from 'react-router';
import { dashboardChild, segments, withIdParam } from '../config/paths';
import HomePage from '../features/home/home-page';
import { RequireAdmin, RequireAuth, RequireCustomer } from './guards';
import { lazyPage } from './lazy-route';
import { NotFoundPage } from './not-found-page';
import { PageLoading } from './page-loading';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

/**
 * Every page is its own lazily loaded chunk, except Home: most visits start there, and a lazy
 * Home would cost a second round trip before anything but the navbar could be drawn. The layout
 * around the pages is in the main bundle too.
 */

const dashboardChildren: RouteObject[] = [
  { index: true, lazy: lazyPage(() => import('../features/accounts/my-profile-page')) },
  { path: withIdParam(dashboardChild.checkOut), lazy: lazyPage(() => import('../features/orders/checkout-page')) },
  {
    Component: RequireCustomer,
    children: [
      { path: dashboardChild.myOrders, lazy: lazyPage(() => import('../features/orders/my-orders-page')) },
      { path: dashboardChild.addReview, lazy: lazyPage(() => import('../features/reviews/add-review-page')) },
    ],
  },
  {
    // Admin pages are separate chunks (named admin-*, see vite.config.ts): a customer's browser
    // never downloads them.
    Component: RequireAdmin,
    children: [
      { path: dashboardChild.overview, lazy: lazyPage(() => import('../features/admin/overview-page')) },
      { path: dashboardChild.manageUser, lazy: lazyPage(() => import('../features/admin/manage-users-page')) },
      { path: dashboardChild.addTool, lazy: lazyPage(() => import('../features/admin/add-tool-page')) },
      { path: dashboardChild.manageTools, lazy: lazyPage(() => import('../features/admin/manage-tools-page')) },
      { path: dashboardChild.manageOrders, lazy: lazyPage(() => import('../features/admin/manage-orders-page')) },
      { path: dashboardChild.messages, lazy: lazyPage(() => import('../features/admin/messages-page')) },
      { path: dashboardChild.activity, lazy: lazyPage(() => import('../features/admin/activity-page')) },
    ],
  },
  { path: '*', Component: NotFoundPage },
];

const pages: RouteObject[] = [
  { index: true, Component: HomePage },
  { path: segments.home, Component: HomePage },
  { path: segments.ourTools, lazy: lazyPage(() => import('../features/catalogue/our-tools-page')) },
  { path: segments.contactUs, lazy: lazyPage(() => import('../features/contact/contact-page')) },
  { path: segments.aboutUs, lazy: lazyPage(() => import('../features/about/about-page')) },
  { path: segments.login, lazy: lazyPage(() => import('../features/auth/login-page')) },
  { path: segments.registration, lazy: lazyPage(() => import('../features/auth/registration-page')) },
  { path: segments.forgotPassword, lazy: lazyPage(() => import('../features/auth/forgot-password-page')) },
  { path: segments.resetPassword, lazy: lazyPage(() => import('../features/auth/reset-password-page')) },
  { path: segments.verifyEmail, lazy: lazyPage(() => import('../features/auth/verify-email-page')) },
  {
    Component: RequireAuth,
    children: [
      { path: withIdParam(segments.purchase), lazy: lazyPage(() => import('../features/purchase/purchase-page')) },
      {
        path: segments.dashboard,
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
    // A pathless child holds the error screen, so the navbar and footer stay around it, and the
    // placeholder shown while the first page's code loads (a deep link to a lazy page).
    children: [{ errorElement: <RouteError />, HydrateFallback: PageLoading, children: pages }],
  },
]);

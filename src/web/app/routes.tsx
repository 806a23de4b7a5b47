import type { RouteObject } from 'react-router';
import { routes } from '../config/paths';
import { OurToolsLoading } from '../features/catalogue/components/our-tools-frame';
import HomePage from '../features/home/home-page';
import { RequireAdmin, RequireAuth, RequireCustomer } from './guards';
import { lazyPage } from './lazy-route';
import { NotFoundPage } from './not-found-page';
import { PageLoading } from './page-loading';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

/**
 * The route tree. Every path is a full pattern from `routes` (src/shared/routes.ts), the list the
 * server also reads to answer unknown addresses with 404; React Router accepts a child's full path
 * when it starts with its parent's (routes.test.ts checks the tree and the list agree).
 *
 * Every page is its own lazily loaded chunk, except Home: most visits start there, and a lazy
 * Home would cost a second round trip before anything but the navbar could be drawn. The layout
 * around the pages is in the main bundle too.
 */

const dashboardChildren: RouteObject[] = [
  { index: true, lazy: lazyPage(() => import('../features/accounts/my-profile-page')) },
  { path: routes.checkOut, lazy: lazyPage(() => import('../features/orders/checkout-page')) },
  { path: routes.orderPage, lazy: lazyPage(() => import('./order-page-route')) },
  // Everyone's account security pages.
  { path: routes.changePassword, lazy: lazyPage(() => import('../features/security/change-password-page')) },
  { path: routes.sessions, lazy: lazyPage(() => import('../features/security/sessions-page')) },
  { path: routes.twoFactor, lazy: lazyPage(() => import('../features/security/two-factor-page')) },
  {
    Component: RequireCustomer,
    children: [
      { path: routes.myOrders, lazy: lazyPage(() => import('../features/orders/my-orders-page')) },
      { path: routes.addReview, lazy: lazyPage(() => import('../features/reviews/add-review-page')) },
    ],
  },
  {
    // Admin pages are separate chunks (named admin-*, see vite.config.ts): a customer's browser
    // never downloads them.
    Component: RequireAdmin,
    children: [
      { path: routes.overview, lazy: lazyPage(() => import('../features/admin/overview-page')) },
      { path: routes.manageUser, lazy: lazyPage(() => import('../features/accounts/admin/manage-users-page')) },
      { path: routes.addTool, lazy: lazyPage(() => import('../features/catalogue/admin/add-tool-page')) },
      { path: routes.manageTools, lazy: lazyPage(() => import('../features/catalogue/admin/manage-tools-page')) },
      { path: routes.categories, lazy: lazyPage(() => import('../features/catalogue/admin/categories-page')) },
      { path: routes.manageOrders, lazy: lazyPage(() => import('../features/orders/admin/manage-orders-page')) },
      { path: routes.messages, lazy: lazyPage(() => import('../features/contact/admin/messages-page')) },
      { path: routes.activity, lazy: lazyPage(() => import('../features/admin/activity-page')) },
      { path: routes.manageReviews, lazy: lazyPage(() => import('../features/reviews/admin/manage-reviews-page')) },
      { path: routes.settings, lazy: lazyPage(() => import('../features/admin/settings-page')) },
      { path: routes.taxRates, lazy: lazyPage(() => import('../features/orders/admin/tax-rates-page')) },
    ],
  },
  { path: '*', Component: NotFoundPage },
];

const pages: RouteObject[] = [
  { index: true, Component: HomePage },
  { path: routes.homeAlias, Component: HomePage },
  {
    path: routes.ourTools,
    lazy: lazyPage(() => import('../features/catalogue/our-tools-page')),
    // A deep link shows the page's skeleton while its code loads, not the generic placeholder.
    HydrateFallback: OurToolsLoading,
  },
  // Public, and rendered on the server too: the first HTML of a tool's page holds the page (decision 040).
  { path: routes.toolPage, lazy: lazyPage(() => import('../features/catalogue/tool-page')) },
  { path: routes.contactUs, lazy: lazyPage(() => import('../features/contact/contact-page')) },
  { path: routes.aboutUs, lazy: lazyPage(() => import('../features/about/about-page')) },
  // The legal pages: one page module, which reads its page from the address (decision 047).
  ...[routes.terms, routes.privacy, routes.returns, routes.imprint].map((path) => ({ path, lazy: lazyPage(() => import('../features/legal/legal-page')) })),
  { path: routes.cart, lazy: lazyPage(() => import('../features/cart/cart-page')) },
  { path: routes.login, lazy: lazyPage(() => import('../features/auth/login-page')) },
  { path: routes.registration, lazy: lazyPage(() => import('../features/auth/registration-page')) },
  { path: routes.forgotPassword, lazy: lazyPage(() => import('../features/auth/forgot-password-page')) },
  { path: routes.resetPassword, lazy: lazyPage(() => import('../features/auth/reset-password-page')) },
  { path: routes.verifyEmail, lazy: lazyPage(() => import('../features/auth/verify-email-page')) },
  {
    Component: RequireAuth,
    children: [
      { path: routes.purchase, lazy: lazyPage(() => import('../features/purchase/purchase-page')) },
      {
        path: routes.dashboard,
        lazy: lazyPage(() => import('../features/dashboard/dashboard-layout')),
        children: dashboardChildren,
      },
    ],
  },
  { path: '*', Component: NotFoundPage },
];

export const appRoutes: RouteObject[] = [
  {
    path: routes.home,
    Component: RootLayout,
    // A pathless child holds the error screen, so the navbar and footer stay around it, and the
    // placeholder shown while the first page's code loads (a deep link to a lazy page).
    children: [{ errorElement: <RouteError />, HydrateFallback: PageLoading, children: pages }],
  },
];

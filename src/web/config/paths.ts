import { IDENTITY_LINK_PAGES } from '../../shared/identity-links';

/**
 * The route table. The router is built from `segments` and `dashboardChild`, and links use
 * `paths`, which is derived from the same segments, so a link can never drift from its route.
 */

/** Top-level route segments (children of `/`). */
export const segments = {
  home: 'home',
  login: 'login',
  registration: 'registration',
  /** 'Forgot Password?': asks for a reset link. */
  forgotPassword: IDENTITY_LINK_PAGES.forgotPassword,
  /** Opened from a reset link (#token=…): choose a new password. */
  resetPassword: IDENTITY_LINK_PAGES.resetPassword,
  /** Opened from a verification link (#token=…): confirms the address. */
  verifyEmail: IDENTITY_LINK_PAGES.verifyEmail,
  ourTools: 'ourTools',
  contactUs: 'contactUs',
  aboutUs: 'aboutUs',
  /** Followed by `/:id`. */
  purchase: 'purchase',
  dashboard: 'dashboard',
} as const;

/** Segments of the dashboard's child pages (children of `/dashboard`; the index is My Profile). */
export const dashboardChild = {
  myOrders: 'myOrders',
  /** Followed by `/:id`. */
  checkOut: 'checkOut',
  addReview: 'addReview',
  overview: 'overview',
  manageUser: 'manageUser',
  addTool: 'addTool',
  manageTools: 'manageTools',
  manageOrders: 'manageOrders',
  messages: 'messages',
  activity: 'activity',
} as const;

/** The route pattern of a page that shows one thing: `purchase/:id`; the page reads `useParams().id`. */
export const withIdParam = (segment: string) => `${segment}/:id`;

const top = (segment: string) => `/${segment}`;
const dashboard = top(segments.dashboard);
const inDashboard = (segment: string) => `${dashboard}/${segment}`;

/** Every route of the store as a link target. */
export const paths = {
  home: '/',
  homeAlias: top(segments.home),
  login: top(segments.login),
  registration: top(segments.registration),
  forgotPassword: top(segments.forgotPassword),
  resetPassword: top(segments.resetPassword),
  verifyEmail: top(segments.verifyEmail),
  ourTools: top(segments.ourTools),
  contactUs: top(segments.contactUs),
  aboutUs: top(segments.aboutUs),
  purchase: (id: string) => `${top(segments.purchase)}/${encodeURIComponent(id)}`,
  dashboard,
  myOrders: inDashboard(dashboardChild.myOrders),
  checkOut: (id: string) => `${inDashboard(dashboardChild.checkOut)}/${encodeURIComponent(id)}`,
  addReview: inDashboard(dashboardChild.addReview),
  overview: inDashboard(dashboardChild.overview),
  manageUser: inDashboard(dashboardChild.manageUser),
  addTool: inDashboard(dashboardChild.addTool),
  manageTools: inDashboard(dashboardChild.manageTools),
  manageOrders: inDashboard(dashboardChild.manageOrders),
  messages: inDashboard(dashboardChild.messages),
  activity: inDashboard(dashboardChild.activity),
} as const;

/**
 * Every page of the single-page app, as route patterns (`:id` stands for one path segment). The
 * web router is built from these patterns, and the server answers any address that matches none
 * of them with 404 (and the same app page, which shows "Page not found"). A page added to the
 * router without being added here still works, but its address would answer 404: add it here.
 * It imports nothing, so the web app's first visit pays only for this table.
 */
export const APP_ROUTES = {
  home: '/',
  homeAlias: '/home',
  login: '/login',
  registration: '/registration',
  /** 'Forgot Password?': asks for a reset link. */
  forgotPassword: '/forgotPassword',
  /** Opened from a mailed reset link (#token=…): choose a new password. */
  resetPassword: '/resetPassword',
  /** Opened from a mailed verification link (#token=…): confirms the address. */
  verifyEmail: '/verifyEmail',
  ourTools: '/ourTools',
  /** A tool's own page, by its address (slug): public, rendered on the server too (decision 040). */
  toolPage: '/tools/:id',
  contactUs: '/contactUs',
  aboutUs: '/aboutUs',
  /** The legal pages (shared/legal-pages.ts): public, their texts written by the owner in Settings. */
  terms: '/terms',
  privacy: '/privacy',
  returns: '/returns',
  imprint: '/imprint',
  /** The cart: anyone's (a visitor's is kept in the browser until they sign in). */
  cart: '/cart',
  purchase: '/purchase/:id',
  dashboard: '/dashboard',
  myOrders: '/dashboard/myOrders',
  checkOut: '/dashboard/checkOut/:id',
  /** One order: its lines, delivery, timeline, invoice, and what its buyer or an admin may do now. */
  orderPage: '/dashboard/orders/:id',
  addReview: '/dashboard/addReview',
  overview: '/dashboard/overview',
  manageUser: '/dashboard/manageUser',
  addTool: '/dashboard/addTool',
  manageTools: '/dashboard/manageTools',
  /** The catalogue's categories: add, rename, reorder, move, delete (admins). */
  categories: '/dashboard/categories',
  manageOrders: '/dashboard/manageOrders',
  messages: '/dashboard/messages',
  activity: '/dashboard/activity',
  settings: '/dashboard/settings',
  /** Tax rates by destination (decision 048, admins). */
  taxRates: '/dashboard/taxRates',
  manageReviews: '/dashboard/manageReviews',
  /** Everyone's account security (decision 023): change the password, see and end sessions, two-step sign-in. */
  changePassword: '/dashboard/changePassword',
  sessions: '/dashboard/sessions',
  twoFactor: '/dashboard/twoFactor',
} as const;

export type AppRoute = keyof typeof APP_ROUTES;
export type AppRoutePattern = (typeof APP_ROUTES)[AppRoute];

const PARAM = ':id';

/** A pattern with its `:id` filled in (encoded): `/purchase/:id` and `a b` give `/purchase/a%20b`. */
export function fillRoute(pattern: AppRoutePattern, id: string): string {
  return pattern.replace(PARAM, encodeURIComponent(id));
}

const segmentsOf = (path: string) => path.split('/').slice(1);

const PATTERNS = Object.values(APP_ROUTES).map((pattern) => (pattern === '/' ? [] : segmentsOf(pattern).map((s) => s.toLowerCase())));

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * True when `pathname` (no query string) is a page of the app, matched the way React Router
 * matches it: letters in any case, trailing slashes ignored, each segment percent-decoded, and
 * `:id` any one non-empty segment.
 */
export function isAppPath(pathname: string): boolean {
  if (!pathname.startsWith('/')) return false;
  const segments = segmentsOf(pathname.replace(/\/+$/, '')).map((s) => decodeSegment(s).toLowerCase());
  return PATTERNS.some(
    (pattern) =>
      pattern.length === segments.length &&
      pattern.every((part, i) => (part === PARAM ? segments[i] !== '' : part === segments[i])),
  );
}

import { APP_ROUTES, fillRoute } from '../../shared/routes';

/**
 * The route table. The router is built from the route patterns in `src/shared/routes.ts` (which
 * the server also reads, to answer unknown addresses with 404), and links use `paths`, derived
 * from the same patterns, so a link can never drift from its route.
 */
export { APP_ROUTES as routes } from '../../shared/routes';

/** Every route of the store as a link target. */
export const paths = {
  home: APP_ROUTES.home,
  homeAlias: APP_ROUTES.homeAlias,
  login: APP_ROUTES.login,
  registration: APP_ROUTES.registration,
  forgotPassword: APP_ROUTES.forgotPassword,
  resetPassword: APP_ROUTES.resetPassword,
  verifyEmail: APP_ROUTES.verifyEmail,
  ourTools: APP_ROUTES.ourTools,
  toolPage: (slug: string) => fillRoute(APP_ROUTES.toolPage, slug),
  contactUs: APP_ROUTES.contactUs,
  aboutUs: APP_ROUTES.aboutUs,
  terms: APP_ROUTES.terms,
  privacy: APP_ROUTES.privacy,
  returns: APP_ROUTES.returns,
  imprint: APP_ROUTES.imprint,
  cart: APP_ROUTES.cart,
  purchase: (id: string) => fillRoute(APP_ROUTES.purchase, id),
  dashboard: APP_ROUTES.dashboard,
  myOrders: APP_ROUTES.myOrders,
  checkOut: (id: string) => fillRoute(APP_ROUTES.checkOut, id),
  orderPage: (id: string) => fillRoute(APP_ROUTES.orderPage, id),
  addReview: APP_ROUTES.addReview,
  overview: APP_ROUTES.overview,
  manageUser: APP_ROUTES.manageUser,
  addTool: APP_ROUTES.addTool,
  manageTools: APP_ROUTES.manageTools,
  categories: APP_ROUTES.categories,
  manageOrders: APP_ROUTES.manageOrders,
  messages: APP_ROUTES.messages,
  activity: APP_ROUTES.activity,
  settings: APP_ROUTES.settings,
  taxRates: APP_ROUTES.taxRates,
  manageReviews: APP_ROUTES.manageReviews,
  changePassword: APP_ROUTES.changePassword,
  sessions: APP_ROUTES.sessions,
  twoFactor: APP_ROUTES.twoFactor,
} as const;

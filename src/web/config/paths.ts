/** Every route of the store, typed, so links never drift from the router. */
export const paths = {
  home: '/',
  homeAlias: '/home',
  login: '/login',
  registration: '/registration',
  ourTools: '/ourTools',
  contactUs: '/contactUs',
  aboutUs: '/aboutUs',
  purchase: (id: string) => `/purchase/${encodeURIComponent(id)}`,
  dashboard: '/dashboard',
  myOrders: '/dashboard/myOrders',
  checkOut: (id: string) => `/dashboard/checkOut/${encodeURIComponent(id)}`,
  addReview: '/dashboard/addReview',
  manageUser: '/dashboard/manageUser',
  addTool: '/dashboard/addTool',
  manageTools: '/dashboard/manageTools',
  manageOrders: '/dashboard/manageOrders',
} as const;

/**
 * The API error texts the first visit's own code shows (request failures, the session, the cart),
 * in a module of their own so that the first visit does not download every other error text: a
 * bundler keeps a whole object once any of its keys is used, and a whole module in one chunk
 * (decision 013). API_ERRORS refers to these, so each text is written once.
 */
export const FIRST_VISIT_API_ERRORS = {
  tooManyRequests: 'Too many requests, please try again later',
  internal: 'Something went wrong on our side. Please try again',
  signInRequired: 'Please sign in to continue',
  cartFull: 'Your cart can hold at most 50 different tools. Order or remove some first',
  /** What the purchase page and the cart check before sending (shared/buying.ts), as the API says it. */
  belowMinimum: (min: number) => `You must order at least ${min} units of this tool`,
  notEnoughStock: (available: number) =>
    available > 0 ? `Only ${available} units of this tool are available` : 'This tool is out of stock',
  belowMinimumOf: (name: string, min: number) => `You must order at least ${min} units of ${name}`,
  notEnoughStockOf: (name: string, available: number) =>
    available > 0 ? `Only ${available} units of ${name} are available` : `${name} is out of stock`,
} as const;

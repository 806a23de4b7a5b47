/**
 * Shown on the login page after a role guard signed someone out (spec section 4: the customer
 * guard signs admins out, the admin guard customers), so the person knows what happened.
 */
export const SIGNED_OUT_NOTICES = {
  customersOnly: 'That page is for customers, so you were signed out. Sign in with a customer account to open it.',
  adminsOnly: 'That page is for admins, so you were signed out. Sign in with an admin account to open it.',
} as const;
export type SignedOutReason = keyof typeof SIGNED_OUT_NOTICES;

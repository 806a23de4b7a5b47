import { APP_ROUTES } from './routes';

/**
 * The web pages that links in the store's identity emails open. The server writes the links and
 * the web app's router is built from the same list (src/shared/routes.ts), so a mailed link can
 * never point at a page that is not there.
 *
 * The token travels in the link's fragment (`#token=…`): a browser never sends a fragment to a
 * server, so the token stays out of access logs, proxies and Referer headers.
 */
export const IDENTITY_LINK_PAGES = {
  /** Confirms the address of a new email/password account (the page calls the identity service). */
  verifyEmail: APP_ROUTES.verifyEmail,
  /** Lets the owner of a reset link choose a new password. */
  resetPassword: APP_ROUTES.resetPassword,
  /** Asks for a reset link ('Forgot Password?' on the login page). */
  forgotPassword: APP_ROUTES.forgotPassword,
} as const;

/** The name of the fragment parameter that carries a link's token. */
export const LINK_TOKEN_PARAM = 'token';

/** `${publicUrl}${page}#token=…`: the address mailed to a person. */
export function identityLink(publicUrl: string, page: keyof typeof IDENTITY_LINK_PAGES, token: string): string {
  return `${publicUrl.replace(/\/$/, '')}${IDENTITY_LINK_PAGES[page]}#${LINK_TOKEN_PARAM}=${encodeURIComponent(token)}`;
}

/** The token in a link's fragment (`#token=…`), or null. */
export function linkTokenOf(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get(LINK_TOKEN_PARAM);
  return token && token.length > 0 ? token : null;
}

/** How long each mailed link works. */
export const LINK_LIFETIME_SECONDS = {
  /** A verification link may wait in an inbox for a day; 'Send the link again' makes a new one. */
  verifyEmail: 24 * 60 * 60,
  /** A reset link gives the account to whoever holds it, so it works for one hour, once. */
  resetPassword: 60 * 60,
} as const;

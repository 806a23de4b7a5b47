import { TOASTS } from '../../../shared/messages';
import { isStoreBusy, NO_CONNECTION } from '../../lib/request-failure';

/** The identity service's error codes, in plain words for the login and registration forms. */
const MESSAGES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'The email or password is wrong. Please check them and try again.',
  USER_ALREADY_EXISTS: 'An account with this email already exists. Please sign in instead.',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'An account with this email already exists. Please sign in instead.',
  PASSWORD_TOO_SHORT: 'Password must be contain at least 8 characters',
  PASSWORD_TOO_LONG: 'Password can be at most 128 characters',
  INVALID_EMAIL: 'Provide a valid email',
  // Two-step sign-in and the password checks of the Security pages (decision 023).
  INVALID_CODE: 'That code is wrong or has expired. Enter the code your app shows now.',
  INVALID_BACKUP_CODE: 'That recovery code is wrong, or it has been used already.',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: 'Too many wrong codes. Please sign in again.',
  INVALID_TWO_FACTOR_COOKIE: 'This sign-in took too long. Please sign in again.',
  INVALID_PASSWORD: 'The password is wrong.',
  CREDENTIAL_ACCOUNT_NOT_FOUND:
    'This account signs in with Google and has no password. Sign out and use Forgot Password? to set one first.',
  // OAuth callback errors arrive as ?error=… on the login page.
  // Google joins a password account only when both Google and the account itself have confirmed the address.
  account_not_linked:
    'This email already has an account with a password. Sign in with your password; once its email address is confirmed, Continue With Google signs in to the same account.',
  unable_to_link_account:
    'This email already has a password account, and Google did not confirm the address. Sign in with your password instead.',
  access_denied: 'Google sign-in was cancelled.',
  state_mismatch: 'Google sign-in took too long or was opened in another tab. Please try again.',
  please_restart_the_process: 'Google sign-in took too long or was opened in another tab. Please try again.',
};

const FALLBACK = 'Sign-in failed. Please try again.';

export interface AuthErrorLike {
  status?: number;
  code?: string | undefined;
  message?: string | undefined;
}

export function authErrorMessage(error: AuthErrorLike | null | undefined): string | null {
  if (!error) return null;
  if (error.code && MESSAGES[error.code]) return MESSAGES[error.code]!;
  if (error.status === 0) return NO_CONNECTION;
  if (error.status === 429) return error.message || 'Too many attempts. Please wait a few minutes and try again.';
  if (isStoreBusy(error)) return TOASTS.storeBusy;
  // Messages our own server words for people (common password, throttling, the name rules) come
  // through as they are.
  if (error.status && error.status < 500 && error.message) return error.message;
  return FALLBACK;
}

import type { SignedOutReason } from '../../shared/messages';

/**
 * What a guard hands the login page in the navigation state: where to go back to after signing
 * in, and, when a role guard signed the person out, why (shown above the form).
 */
export interface LoginState {
  from?: string;
  signedOut?: SignedOutReason;
}

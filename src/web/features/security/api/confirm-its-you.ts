import { identityCall } from '../../auth/api/identity-call';

/**
 * "Confirm it is you" before promoting, demoting or refunding (decision 023): six digits are a
 * code from the authenticator app, anything else the password. The store records on this session
 * that it was given; the action that follows within ten minutes is let through.
 */
export async function confirmItsYou(secret: string): Promise<void> {
  const trimmed = secret.trim();
  if (/^\d{6}$/.test(trimmed.replace(/\s/g, ''))) {
    await identityCall('/two-factor/verify-totp', { code: trimmed.replace(/\s/g, '') });
  } else {
    await identityCall('/verify-password', { password: secret });
  }
}

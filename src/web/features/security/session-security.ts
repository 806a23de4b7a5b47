import type { IdentitySession } from '../../lib/identity-session';

/**
 * What the identity session says about two-step sign-in: better-auth's two-factor plugin adds
 * `twoFactorEnabled` to the user; the store adds `secondFactorAt` to the session (decision 023).
 */
export function securityOf(data: IdentitySession | null): { twoFactorEnabled: boolean; sessionShowedCode: boolean } {
  return { twoFactorEnabled: Boolean(data?.user.twoFactorEnabled), sessionShowedCode: Boolean(data?.session.secondFactorAt) };
}

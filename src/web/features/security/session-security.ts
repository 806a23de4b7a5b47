import type { SessionState } from '../../lib/session-store';

/**
 * What the identity session says about two-step sign-in (better-auth's two-factor plugin adds
 * `twoFactorEnabled` to the user; the store adds `secondFactorAt` to the session, decision 023).
 * The identity client is created without its plugins' types, so they are read here, once.
 */
export function securityOf(data: SessionState['data']): { twoFactorEnabled: boolean; sessionShowedCode: boolean } {
  const user = data?.user as { twoFactorEnabled?: boolean | null } | undefined;
  const session = data?.session as { secondFactorAt?: Date | string | null } | undefined;
  return { twoFactorEnabled: Boolean(user?.twoFactorEnabled), sessionShowedCode: Boolean(session?.secondFactorAt) };
}

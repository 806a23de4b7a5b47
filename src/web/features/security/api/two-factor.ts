import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshSession } from '../../../lib/session-query';
import { adoptNewSession } from './adopt-new-session';
import { identityCall, IdentityCallError } from '../../auth/api/identity-call';
import type { RecoveryCodesAnswer, TwoFactorCodeAnswer, TwoFactorEnrolment, TwoFactorOffAnswer } from '../../../../shared/identity-answers';

/**
 * Two-step sign-in (better-auth's two-factor plugin, decision 023). One module for its four
 * calls, which share their before and after: each needs the password or a code, and turning it
 * on or off replaces this browser's session.
 */

/** A set-up waiting for its first code. `backupCodes` is null when it was started before (they are shown once). */
export interface Enrolment {
  totpURI: TwoFactorEnrolment['totpURI'];
  backupCodes: TwoFactorEnrolment['backupCodes'] | null;
}

/**
 * Starts the set-up, or takes up the one already waiting for its first code (issue 28): a reload
 * half-way must not make a new key, or the one already added to the phone would never work.
 * POST /two-factor/get-totp-uri {password} gives the waiting key again (better-auth keeps it,
 * unconfirmed, until a code confirms it or /two-factor/disable drops it); only when there is none
 * does POST /two-factor/enable {password} make a new key and recovery codes.
 */
export async function startEnrolment(password: string): Promise<Enrolment> {
  try {
    const { totpURI } = await identityCall<{ totpURI: string }>('/two-factor/get-totp-uri', { password });
    return { totpURI, backupCodes: null };
  } catch (failure) {
    if (!(failure instanceof IdentityCallError && failure.code === 'TOTP_NOT_ENABLED')) throw failure;
  }
  return identityCall<TwoFactorEnrolment>('/two-factor/enable', { password });
}

/** POST /two-factor/verify-totp {code}: the first code turns it on; later, it shows this session has the app. */
export const verifyCode = (code: string) => identityCall<TwoFactorCodeAnswer>('/two-factor/verify-totp', { code });

/** POST /two-factor/disable {password}: turns it off, or drops a set-up still waiting for its first code. */
export const turnOff = (password: string) => identityCall<TwoFactorOffAnswer>('/two-factor/disable', { password });

/** POST /two-factor/generate-backup-codes {password}: new recovery codes; the old ones stop working. */
export const newRecoveryCodes = (password: string) => identityCall<RecoveryCodesAnswer>('/two-factor/generate-backup-codes', { password });

export function useStartEnrolment() {
  return useMutation({ mutationFn: startEnrolment });
}

/** Confirming the first code, or showing one in a session that has not: either way the session changed. */
export function useVerifyCode(email: string | undefined, { replacesSession }: { replacesSession: boolean }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyCode,
    onSuccess: () => (replacesSession && email ? adoptNewSession(queryClient, email) : refreshSession()),
  });
}

export function useTurnOff(email: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: turnOff, onSuccess: () => (email ? adoptNewSession(queryClient, email) : undefined) });
}

export function useNewRecoveryCodes() {
  return useMutation({ mutationFn: newRecoveryCodes });
}

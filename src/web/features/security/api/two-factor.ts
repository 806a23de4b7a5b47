import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshSession } from '../../../lib/session-query';
import { adoptNewSession } from './adopt-new-session';
import { identityCall } from '../../auth/api/identity-call';
import type { RecoveryCodesAnswer, TwoFactorCodeAnswer, TwoFactorEnrolment, TwoFactorOffAnswer } from '../../../../shared/identity-answers';

/**
 * Two-step sign-in (better-auth's two-factor plugin, decision 023). One module for its four
 * calls, which share their before and after: each needs the password or a code, and turning it
 * on or off replaces this browser's session.
 */

export type Enrolment = TwoFactorEnrolment;

/** POST /two-factor/enable {password}: a new secret and recovery codes; on once a first code confirms it. */
export const startEnrolment = (password: string) => identityCall<Enrolment>('/two-factor/enable', { password });

/** POST /two-factor/verify-totp {code}: the first code turns it on; later, it shows this session has the app. */
export const verifyCode = (code: string) => identityCall<TwoFactorCodeAnswer>('/two-factor/verify-totp', { code });

/** POST /two-factor/disable {password}. */
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

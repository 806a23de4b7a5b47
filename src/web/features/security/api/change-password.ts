import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordAnswer } from '../../../../shared/identity-answers';
import type { ChangePasswordForm } from '../../../../shared/schemas/accounts';
import { adoptNewSession } from './adopt-new-session';
import { identityCall } from '../../auth/api/identity-call';

/**
 * POST /api/auth/change-password: the store ends every session of the account and every access
 * token, and gives this browser a new session (decision 023).
 */
export async function changePassword(form: ChangePasswordForm) {
  return identityCall<ChangePasswordAnswer>('/change-password', { ...form, revokeOtherSessions: true });
}

export function useChangePassword(email: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => (email ? adoptNewSession(queryClient, email) : undefined),
  });
}

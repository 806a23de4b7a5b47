import { useMutation } from '@tanstack/react-query';
import type { AccountDeleted, DeleteAccountBody } from '../../../../shared/schemas/data-rights';
import { authedRequest } from '../../../lib/authed-request';
import { signOut } from '../../../lib/session';

/**
 * DELETE /api/me with the password or a code (decision 046). The server has ended every session by
 * then, so signing out here only forgets the person in this browser; it may find the session gone.
 */
export async function deleteMyAccount(body: DeleteAccountBody): Promise<AccountDeleted> {
  const { data } = await authedRequest<AccountDeleted>('/me', { method: 'DELETE', body });
  await signOut().catch(() => undefined);
  return data;
}

export function useDeleteMyAccount() {
  return useMutation({ mutationFn: deleteMyAccount });
}

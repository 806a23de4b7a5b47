import { useMutation } from '@tanstack/react-query';
import { authedRequest } from '../../../lib/authed-request';
import { signOut } from '../../../lib/session';

/** DELETE /api/account/sessions: ends every session of the account, this one too; then forgets it here. */
export async function signOutEverywhere() {
  const { data } = await authedRequest<{ endedCount: number }>('/account/sessions', { method: 'DELETE' });
  await signOut();
  return data;
}

export function useSignOutEverywhere() {
  return useMutation({ mutationFn: signOutEverywhere });
}

import { useMutation } from '@tanstack/react-query';
import { authedRequest } from '../../../lib/authed-request';
import { signOut } from '../../../lib/session';
import type { EndedSessions } from '../../../../shared/schemas/accounts';

/** DELETE /api/account/sessions: ends every session of the account, this one too; then forgets it here. */
export async function signOutEverywhere() {
  const { data } = await authedRequest<EndedSessions>('/account/sessions', { method: 'DELETE' });
  await signOut();
  return data;
}

export function useSignOutEverywhere() {
  return useMutation({ mutationFn: signOutEverywhere });
}

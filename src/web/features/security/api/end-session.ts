import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authedRequest } from '../../../lib/authed-request';
import { sessionsQueryKey } from './get-sessions';
import type { EndedSessions } from '../../../../shared/schemas/accounts';

/** DELETE /api/account/sessions/{id}: signs one other browser out. */
export async function endSession(id: string) {
  return (await authedRequest<EndedSessions>(`/account/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' })).data;
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: endSession, onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }) });
}

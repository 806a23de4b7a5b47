import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authedRequest } from '../../../lib/authed-request';
import { messagesQueryKey } from './get-messages';
import { refreshAdminViews } from './refresh-admin-views';

/** PATCH /queries/{id} {handled} (admin). */
export async function setMessageHandled({ id, handled }: { id: string; handled: boolean }) {
  return (await authedRequest<{ modifiedCount: number }>(`/queries/${encodeURIComponent(id)}`, { method: 'PATCH', body: { handled } })).data;
}

export function useSetMessageHandled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMessageHandled,
    onSuccess: () => refreshAdminViews(queryClient, [messagesQueryKey]),
  });
}

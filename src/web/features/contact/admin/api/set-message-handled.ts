import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authedRequest } from '../../../../lib/authed-request';
import { messagesQueryKey } from './get-messages';
import { refreshAdminViews } from '../../../admin/api/refresh-admin-views';
import type { ModifiedCount } from '../../../../../shared/schemas/accounts';

/** PATCH /queries/{id} {handled} (admin). */
export async function setMessageHandled({ id, handled }: { id: string; handled: boolean }) {
  return (await authedRequest<ModifiedCount>(`/queries/${encodeURIComponent(id)}`, { method: 'PATCH', body: { handled } })).data;
}

export function useSetMessageHandled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMessageHandled,
    onSuccess: () => refreshAdminViews(queryClient, [messagesQueryKey]),
  });
}

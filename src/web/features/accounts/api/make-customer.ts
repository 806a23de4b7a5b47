import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authedRequest } from '../../../lib/authed-request';
import { usersQueryKey } from './get-users';
import type { ModifiedCount } from '../../../../shared/schemas/accounts';

/** DELETE /user/admin/{email}: make an admin a customer again (409 when no other admin would remain). */
export async function makeCustomer(email: string) {
  return (await authedRequest<ModifiedCount>(`/user/admin/${encodeURIComponent(email)}`, { method: 'DELETE' })).data;
}

export function useMakeCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeCustomer,
    // The role guards ask again too: an admin who made themselves a customer is signed out of the
    // admin pages at once, with the login page's "for admins" notice.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: usersQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['admin-status'] }),
      ]),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authedRequest } from '../../../lib/authed-request';
import { usersQueryKey } from './get-users';
import type { ModifiedCount } from '../../../../shared/schemas/accounts';

/** PUT /user/admin/{email}: promote a user to admin. */
export async function makeAdmin(email: string) {
  return (await authedRequest<ModifiedCount>(`/user/admin/${encodeURIComponent(email)}`, { method: 'PUT' })).data;
}

export function useMakeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeAdmin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}

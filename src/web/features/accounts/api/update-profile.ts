import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Acknowledged, ProfileUpdateBody } from '../../../../shared/schemas/accounts';
import { authedRequest } from '../../../lib/authed-request';
import { profileQueryKey } from './get-profile';

/** PUT /user/{email} with the bearer token. */
export async function updateProfile(email: string, changes: ProfileUpdateBody) {
  return (await authedRequest<Acknowledged>(`/user/${encodeURIComponent(email)}`, { method: 'PUT', body: changes })).data;
}

export function useUpdateProfile(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ProfileUpdateBody) => updateProfile(email, changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryKey(email) }),
  });
}

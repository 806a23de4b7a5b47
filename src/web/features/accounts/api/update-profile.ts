import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdate } from '../../../../shared/schemas/accounts';
import { apiRequest } from '../../../lib/api-client';
import { authedRequest } from '../../../lib/authed-request';
import { profileQueryKey } from './get-profile';

/** PUT /user/{email} with the bearer token. */
export async function updateProfile(email: string, changes: ProfileUpdate) {
  return (await authedRequest<{ acknowledged: boolean }>(`/user/${encodeURIComponent(email)}`, { method: 'PUT', body: changes })).data;
}

/** The same call right after sign-up, before an access token exists: the identity session cookie vouches. */
export async function updateProfileWithSession(email: string, changes: ProfileUpdate & { email?: string }) {
  return (await apiRequest<{ acknowledged: boolean }>(`/user/${encodeURIComponent(email)}`, { method: 'PUT', body: changes })).data;
}

export function useUpdateProfile(email: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ProfileUpdate) => updateProfile(email, changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryKey(email) }),
  });
}

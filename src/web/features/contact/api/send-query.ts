import { useMutation } from '@tanstack/react-query';
import type { ContactQueryInput } from '../../../../shared';
import { apiRequest } from '../../../lib/api-client';

export async function sendQuery(query: ContactQueryInput): Promise<{ insertedId: string }> {
  return (await apiRequest<{ insertedId: string }>('/queries', { method: 'POST', body: query })).data;
}

export function useSendQuery() {
  return useMutation({ mutationFn: sendQuery });
}

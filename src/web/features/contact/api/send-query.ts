import { useMutation } from '@tanstack/react-query';
import type { ContactQueryInput } from '../../../../shared';
import { apiRequest } from '../../../lib/api-client';
import type { InsertedId } from '../../../../shared/schemas/common';

export async function sendQuery(query: ContactQueryInput): Promise<InsertedId> {
  return (await apiRequest<InsertedId>('/queries', { method: 'POST', body: query })).data;
}

export function useSendQuery() {
  return useMutation({ mutationFn: sendQuery });
}

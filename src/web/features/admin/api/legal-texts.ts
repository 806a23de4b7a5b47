import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LegalPage } from '../../../../shared/legal-pages';
import type { LegalText } from '../../../../shared/schemas/legal';
import { authedGet, authedRequest } from '../../../lib/authed-request';
import { legalTextQueryKey } from '../../legal/api/get-legal-text';

const legalTextsQueryKey = ['settings', 'legal-texts'] as const;

/** GET /settings/legal (admin): every legal page's text, version and time of its last save. */
export const legalTextsQueryOptions = () =>
  queryOptions({ queryKey: legalTextsQueryKey, queryFn: ({ signal }) => authedGet<LegalText[]>('/settings/legal', signal) });

export function useLegalTexts() {
  return useQuery(legalTextsQueryOptions());
}

/** PUT /settings/legal/:page (admin): answers the page as saved (a new version when the text changed). */
export function useSaveLegalText() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ page, text }: { page: LegalPage; text: string }) =>
      (await authedRequest<LegalText>(`/settings/legal/${page}`, { method: 'PUT', body: { text } })).data,
    onSuccess: (saved) => {
      queryClient.setQueryData<LegalText[]>(legalTextsQueryKey, (all) => all?.map((one) => (one.page === saved.page ? saved : one)));
      // The public page, if this browser has it, shows the new text.
      queryClient.setQueryData(legalTextQueryKey(saved.page), saved);
    },
  });
}

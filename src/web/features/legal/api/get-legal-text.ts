import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LegalPage } from '../../../../shared/legal-pages';
import type { LegalText } from '../../../../shared/schemas/legal';
import { apiGet } from '../../../lib/api-client';

export const legalTextQueryKey = (page: LegalPage) => ['legal-text', page] as const;

/** GET /legal/:page: a legal page's text (Markdown), its version and when it was saved. */
export const legalTextQueryOptions = (page: LegalPage) =>
  queryOptions({ queryKey: legalTextQueryKey(page), queryFn: ({ signal }) => apiGet<LegalText>(`/legal/${page}`, signal) });

export function useLegalText(page: LegalPage) {
  return useQuery(legalTextQueryOptions(page));
}

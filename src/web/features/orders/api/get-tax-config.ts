import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TaxConfig } from '../../../../shared/schemas/tax';
import { apiGet } from '../../../lib/api-client';

/**
 * GET /tax-config: the seller's country, whether prices include tax, the countries a buyer may
 * choose and the rates. Fetched by the forms that place orders and the price labels, never on the
 * first visit's path; the list of countries comes from the server, so no table of codes is bundled.
 */
export const taxConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['tax-config'],
    queryFn: ({ signal }) => apiGet<TaxConfig>('/tax-config', signal),
    staleTime: 5 * 60_000,
  });

export function useTaxConfig() {
  return useQuery(taxConfigQueryOptions());
}

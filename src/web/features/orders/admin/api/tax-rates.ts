import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TaxRateView } from '../../../../../shared/schemas/tax';
import { authedGet, authedRequest } from '../../../../lib/authed-request';
import { taxConfigQueryOptions } from '../../api/get-tax-config';

const taxRatesQueryKey = ['tax-rates'] as const;

/** GET /tax-rates (admins): every rate, by country, region and class of tools. */
export const taxRatesQueryOptions = () =>
  queryOptions({ queryKey: taxRatesQueryKey, queryFn: ({ signal }) => authedGet<TaxRateView[]>('/tax-rates', signal) });

export function useTaxRates() {
  return useQuery(taxRatesQueryOptions());
}

/** PUT /tax-rates (admins): the whole list replaces the one before; answers the list as saved. */
export function useSaveTaxRates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (rates: Array<Omit<TaxRateView, 'region'> & { region: string | null }>) =>
      (await authedRequest<TaxRateView[]>('/tax-rates', { method: 'PUT', body: rates })).data,
    onSuccess: (saved) => {
      queryClient.setQueryData(taxRatesQueryKey, saved);
      void queryClient.invalidateQueries({ queryKey: taxConfigQueryOptions().queryKey });
    },
  });
}

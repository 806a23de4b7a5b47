import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StoreSettings, StoreSettingsUpdate } from '../../../../shared/schemas/settings';
import { authedGet, authedRequest } from '../../../lib/authed-request';
import { statsQueryKey } from './get-stats';

const settingsQueryKey = ['store-settings'] as const;

/** GET /settings (admin): the seller on invoices, where notices go, the low-stock mark. */
export const storeSettingsQueryOptions = () =>
  queryOptions({ queryKey: settingsQueryKey, queryFn: ({ signal }) => authedGet<StoreSettings>('/settings', signal) });

export function useStoreSettings() {
  return useQuery(storeSettingsQueryOptions());
}

/** PUT /settings (admin): answers the settings as saved. */
export function useUpdateStoreSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: StoreSettingsUpdate) => (await authedRequest<StoreSettings>('/settings', { method: 'PUT', body: settings })).data,
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsQueryKey, saved);
      // The Overview's low-stock list follows the mark.
      void queryClient.invalidateQueries({ queryKey: statsQueryKey });
      // The buyers' forms and price labels follow the seller's country and prices-include-tax.
      void queryClient.invalidateQueries({ queryKey: ['tax-config'] });
    },
  });
}

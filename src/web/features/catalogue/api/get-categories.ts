import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '../../../../shared/schemas/catalogue';
import { apiGet } from '../../../lib/api-client';

export const categoriesQueryKey = ['categories'] as const;

/** GET /categories: every category with its tool count, each top-level one followed by its subcategories. */
export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: categoriesQueryKey,
    queryFn: ({ signal }) => apiGet<Category[]>('/categories', signal),
  });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}

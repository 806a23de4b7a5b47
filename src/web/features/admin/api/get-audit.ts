import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditEntry } from '../../../../shared/schemas/admin';
import { fetchAuthedPage } from '../../../lib/paging';

/** Prefix of every Activity query: each back-office change invalidates it. */
export const auditQueryKey = ['admin', 'audit'] as const;

export const AUDIT_PAGE_SIZE = 20;

/** GET /audit?limit=&offset= (admin): one page of the audit log, newest first. */
export const auditQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...auditQueryKey, { page, pageSize: AUDIT_PAGE_SIZE }],
    queryFn: ({ signal }) => fetchAuthedPage<AuditEntry>('/audit', page, AUDIT_PAGE_SIZE, signal),
  });

export function useAudit(page: number) {
  return useQuery({ ...auditQueryOptions(page), placeholderData: keepPreviousData });
}

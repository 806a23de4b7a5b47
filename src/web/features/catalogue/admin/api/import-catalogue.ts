import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportProblem, ImportReport } from '../../../../../shared/schemas/catalogue-structure';
import { isApiError } from '../../../../lib/api-client';
import { uploadFileAuthed } from '../../../../lib/authed-request';
import { categoriesQueryKey } from '../../api/get-categories';
import { itemsQueryKey } from '../../api/get-items';
import { refreshAdminViews } from '../../../admin/api/refresh-admin-views';

/**
 * POST /items/import?dryRun= (admin): the CSV file itself is the body (as a photo's upload is,
 * upload-image.ts), sent as text/csv whatever type the browser gives the file (Windows calls a
 * .csv file application/vnd.ms-excel). A dry run answers the report and writes nothing; a real
 * import with any problem is refused (422) with every problem, which `problemsOf` reads.
 */
export async function importCatalogue({ file, dryRun }: { file: File; dryRun: boolean }): Promise<ImportReport> {
  return uploadFileAuthed<ImportReport>(`/items/import?dryRun=${dryRun}`, file, 'text/csv');
}

/** The problems of a refused import (IMPORT_REFUSED), or null for any other failure. */
export function problemsOf(error: unknown): ImportProblem[] | null {
  if (!isApiError(error, 'IMPORT_REFUSED')) return null;
  const problems = (error.body as { problems?: unknown } | null)?.problems;
  return Array.isArray(problems) ? (problems as ImportProblem[]) : null;
}

/** After an import that wrote: the catalogue's lists (Manage Tools, Our Tools, home) and the categories refresh. */
export function useImportCatalogue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importCatalogue,
    onSuccess: (report) => (report.dryRun ? undefined : refreshAdminViews(queryClient, [itemsQueryKey, categoriesQueryKey])),
  });
}

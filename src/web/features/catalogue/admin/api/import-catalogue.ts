import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TOASTS } from '../../../../../shared/messages';
import type { ImportProblem, ImportReport } from '../../../../../shared/schemas/catalogue-structure';
import { ApiRequestError, isApiError } from '../../../../lib/api-client';
import { meansSignedOut } from '../../../../lib/request-failure';
import { getAccessToken, signOut } from '../../../../lib/session';
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
  try {
    const token = await getAccessToken();
    let response: Response;
    try {
      response = await fetch(`/api/items/import?dryRun=${dryRun}`, {
        method: 'POST',
        headers: { accept: 'application/json', authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
        body: file,
        credentials: 'same-origin',
      });
    } catch {
      throw new ApiRequestError(0, TOASTS.tryAgain, null);
    }
    const body = await response.json().catch(() => null);
    if (!response.ok) throw ApiRequestError.fromResponse(response.status, body);
    return body as ImportReport;
  } catch (error) {
    // Like every protected call, a refused credential signs the person out.
    if (meansSignedOut(error)) await signOut();
    throw error;
  }
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

import { useMutation } from '@tanstack/react-query';
import { accountExportFileName } from '../../../../shared/schemas/data-rights';
import { downloadFile } from '../../../lib/download';

/** GET /api/me/export with the bearer token: everything the store holds about the person, saved as a JSON file (decision 046). */
export function downloadMyData(): Promise<void> {
  return downloadFile('/me/export', accountExportFileName(new Date()));
}

export function useDownloadMyData() {
  return useMutation({ mutationFn: downloadMyData });
}

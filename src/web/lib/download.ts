import { authedRequestRaw } from './authed-request';

/**
 * Downloads a file the API makes for the signed-in person (an invoice PDF, a CSV) and hands it to
 * the browser as a download named `fileName`. A plain link cannot carry the bearer token.
 */
export async function downloadFile(path: string, fileName: string): Promise<void> {
  const blob = await authedRequestRaw(path);
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has started the download; the address is no longer needed.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

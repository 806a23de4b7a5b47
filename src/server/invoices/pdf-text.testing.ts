import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** What a PDF says, page by page: its text as a reader's copy and paste would give it (tests only). */
export async function readPdfPages(bytes: Buffer | Uint8Array): Promise<string[]> {
  // pdfjs takes the array over; a copy leaves the caller's buffer alone. Verbosity 0: no console noise.
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const content = await (await pdf.getPage(number)).getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : '')).join(''));
    }
    return pages;
  } finally {
    await pdf.destroy();
  }
}

/** The whole text of a PDF, pages joined. */
export const readPdfText = async (bytes: Buffer | Uint8Array) => (await readPdfPages(bytes)).join('\n');

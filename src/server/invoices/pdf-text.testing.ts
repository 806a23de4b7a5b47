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

/** The files embedded in a PDF, by name, as text (tests only): a Factur-X invoice's factur-x.xml. */
export async function readPdfAttachments(bytes: Buffer | Uint8Array): Promise<Record<string, string>> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  try {
    const attachments = ((await pdf.getAttachments()) ?? {}) as Record<string, { filename: string; content: Uint8Array }>;
    return Object.fromEntries(Object.values(attachments).map((file) => [file.filename, new TextDecoder().decode(file.content)]));
  } finally {
    await pdf.destroy();
  }
}

/** A PDF's XMP metadata as XML text (tests only): where a PDF/A says its part and a Factur-X its profile. */
export async function readPdfXmp(bytes: Buffer | Uint8Array): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  try {
    const { metadata } = await pdf.getMetadata();
    return (metadata as { getRaw?: () => string } | null)?.getRaw?.() ?? '';
  } finally {
    await pdf.destroy();
  }
}

import type { ToolDocument } from '../../../../../shared/schemas/catalogue';

const SIZE = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** "240 KB", "1.4 MB": what a download will cost, as people read it. */
export function fileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${SIZE.format(Math.max(1, Math.round(bytes / 1024)))} KB`;
  return `${SIZE.format(bytes / (1024 * 1024))} MB`;
}

/** The tool's documents (datasheet, manual, safety sheet), each a PDF download with its size. */
export function ToolDocuments({ documents }: { documents: readonly ToolDocument[] }) {
  if (documents.length === 0) return null;
  return (
    <section aria-labelledby="tool-documents-title" className="mt-12">
      <h2 id="tool-documents-title" className="text-2xl font-bold">Documents</h2>
      <ul className="mt-4 grid gap-2 sm:grid-cols-2" data-testid="tool-documents">
        {documents.map((document) => (
          <li key={document._id}>
            <a href={document.url} download className="flex items-center gap-3 rounded-box border border-base-300 p-3 hover:bg-base-200">
              <svg xmlns="http://www.w3.org/2000/svg" className="h-6 w-6 shrink-0 text-primary" fill="none" viewBox="0 0 24 24" stroke="currentColor" aria-hidden="true">
                <path strokeLinecap="round" strokeLinejoin="round" strokeWidth="2" d="M12 10v6m0 0l-3-3m3 3l3-3M6 20h12a2 2 0 002-2V8l-6-6H6a2 2 0 00-2 2v14a2 2 0 002 2z" />
              </svg>
              <span>
                <span className="font-medium underline">{document.name}</span>
                <span className="block text-sm text-base-content/80">{`PDF, ${fileSize(document.size)}`}</span>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

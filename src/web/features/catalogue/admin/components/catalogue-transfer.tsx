import { useId, useRef, useState, type ChangeEvent } from 'react';
import { CATALOGUE_TEXTS } from '../../../../../shared/messages/catalogue';
import { CATALOGUE_CSV_COLUMNS, CATALOGUE_LIMITS, type ImportProblem, type ImportReport } from '../../../../../shared/schemas/catalogue-structure';
import { DataTable } from '../../../../components/data-table';
import { Loading } from '../../../../components/loading';
import { useModalDialog } from '../../../../components/use-modal-dialog';
import { failureMessage } from '../../../../lib/request-failure';
import { notify } from '../../../../lib/toast';
import { CATALOGUE_CSV_HREF } from '../api/export-catalogue-csv';
import { problemsOf, useImportCatalogue } from '../api/import-catalogue';

/**
 * Manage Tools' Import and Export (issue 24). Export is a plain link (the session cookie authorises
 * the download). Import opens a dialog: the chosen file is first sent as a dry run, whose report
 * is shown (what would be added and updated, the categories to be made, every problem with its
 * row and column); only a file without problems can then be imported, as a second request.
 */
export function CatalogueTransfer({ className = '' }: { className?: string }) {
  const [open, setOpen] = useState(false);
  /** Each opening starts afresh: no file, no report. */
  const [opening, setOpening] = useState(0);
  const dialog = useModalDialog(open);
  const titleId = useId();
  const close = () => setOpen(false);
  return (
    <div className={`flex flex-wrap gap-2 ${className}`}>
      <button
        type="button"
        className="btn btn-sm btn-outline"
        onClick={() => {
          setOpening((n) => n + 1);
          setOpen(true);
        }}
      >
        Import CSV
      </button>
      <a className="btn btn-sm btn-outline" href={CATALOGUE_CSV_HREF} download>
        Export CSV
      </a>
      {/* The native <dialog>: focus moves in, Escape cancels, the page behind is inert, and focus returns to Import CSV. */}
      <dialog ref={dialog} className="modal" aria-labelledby={titleId} onCancel={close} onClose={() => open && close()}>
        {open ? <ImportSteps key={opening} titleId={titleId} onClose={close} /> : null}
      </dialog>
    </div>
  );
}

const PROBLEMS_PAGE_SIZE = 20;
const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The import button says what it would write, once the dry run has said. */
function importLabel(report: ImportReport | null): string {
  if (!report) return 'Import';
  const toWrite = report.created + report.updated;
  return toWrite === 0 && report.problems.length === 0 ? 'Nothing to import' : `Import ${plural(toWrite, 'tool', 'tools')}`;
}

/** What the browser can tell before sending: a CSV by its name or type, within the size limit. */
function checkFile(file: File): string | null {
  if (!/\.csv$/i.test(file.name) && file.type !== 'text/csv') return CATALOGUE_TEXTS.importNotCsv;
  if (file.size > CATALOGUE_LIMITS.importBytesMax) return CATALOGUE_TEXTS.importTooLarge(CATALOGUE_LIMITS.importBytesMax / (1024 * 1024));
  return null;
}

function ImportSteps({ titleId, onClose }: { titleId: string; onClose: () => void }) {
  const helpId = useId();
  const inputId = useId();
  const preview = useImportCatalogue();
  const commit = useImportCatalogue();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReportState] = useState<ImportReport | null>(null);
  /** Each report shows its problems from their first page. */
  const [reportNumber, setReportNumber] = useState(0);
  const setReport = (next: ImportReport | null) => {
    setReportState(next);
    setReportNumber((n) => n + 1);
  };
  const [message, setMessage] = useState<string | null>(null);
  /** The file whose answer counts: a dry run of a file chosen before it is ignored. */
  const current = useRef<File | null>(null);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    // Emptied, so that choosing the same file again (fixed in the spreadsheet) checks it again.
    event.target.value = '';
    if (!chosen) return;
    current.current = chosen;
    setFile(chosen);
    setReport(null);
    const refusal = checkFile(chosen);
    setMessage(refusal);
    if (refusal) return;
    preview.mutate(
      { file: chosen, dryRun: true },
      {
        onSuccess: (answer) => current.current === chosen && setReport(answer),
        onError: (error) => current.current === chosen && setMessage(failureMessage(error)),
      },
    );
  };

  const toWrite = report ? report.created + report.updated : 0;
  const importNow = () => {
    if (!file || !report) return;
    commit.mutate(
      { file, dryRun: false },
      {
        onSuccess: (done) => {
          notify.success(`Catalogue imported: ${plural(done.created, 'tool', 'tools')} added, ${done.updated.toLocaleString('en-US')} updated`);
          onClose();
        },
        onError: (error) => {
          // The catalogue changed since the preview (another admin, a sale): its new problems.
          const problems = problemsOf(error);
          if (problems) setReport({ ...report, problems });
          else notify.failure(error);
          setMessage(failureMessage(error));
        },
      },
    );
  };

  return (
    <div className="modal-box max-w-3xl">
      <h2 id={titleId} className="text-lg font-bold">
        Import tools from a CSV file
      </h2>
      <p id={helpId} className="mt-2 text-sm">
        Columns: {CATALOGUE_CSV_COLUMNS.join(', ')} (image, specifications and taxClass may be left out). A row whose SKU a tool has updates
        that tool; any other row adds one. You will see what would change before anything is imported. Export CSV writes a file in
        this form.
      </p>
      <div className="form-control mt-4 w-full">
        <label htmlFor={inputId} className="mb-1 block text-sm font-medium">
          CSV file
        </label>
        <input
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          className="file-input w-full"
          aria-describedby={helpId}
          onChange={choose}
          disabled={commit.isPending}
        />
        {file ? <p className="mt-1 text-sm text-base-content/70">Chosen: {file.name}</p> : null}
      </div>
      {message ? (
        <p role="alert" className="alert alert-error mt-4">
          {message}
        </p>
      ) : null}
      {preview.isPending ? <Loading label="Checking the file" /> : null}
      {report ? <ImportPreview key={reportNumber} report={report} /> : null}
      <div className="modal-action">
        <button type="button" className="btn" onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn-primary"
          onClick={importNow}
          disabled={!report || report.problems.length > 0 || toWrite === 0 || commit.isPending || preview.isPending}
        >
          {commit.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          {importLabel(report)}
        </button>
      </div>
    </div>
  );
}

/** The dry run's report: counts, categories to be made, and the problems as a table (paged). */
function ImportPreview({ report }: { report: ImportReport }) {
  const [page, setPage] = useState(1);
  const headingId = useId();
  const problems = report.problems.map((problem, i) => ({ ...problem, key: String(i) }));
  const shown = problems.slice((page - 1) * PROBLEMS_PAGE_SIZE, page * PROBLEMS_PAGE_SIZE);
  return (
    <section className="mt-4" aria-labelledby={headingId}>
      <h3 id={headingId} className="font-semibold">
        What the file would change
      </h3>
      <ul className="mt-2 list-inside list-disc text-sm" data-testid="import-counts">
        <li>{plural(report.rows, 'row', 'rows')} read</li>
        <li>{plural(report.created, 'new tool', 'new tools')}</li>
        <li>{plural(report.updated, 'tool', 'tools')} to update</li>
        <li>{plural(report.unchanged, 'tool', 'tools')} unchanged</li>
      </ul>
      {report.categoriesCreated.length > 0 ? (
        <>
          <h4 className="mt-3 text-sm font-semibold">Categories to create</h4>
          <ul className="mt-1 list-inside list-disc text-sm" aria-label="Categories to create">
            {report.categoriesCreated.map((path) => (
              <li key={path}>{path}</li>
            ))}
          </ul>
        </>
      ) : null}
      {problems.length > 0 ? (
        <>
          <p role="alert" className="alert alert-warning mt-3 text-sm">
            {plural(problems.length, 'problem', 'problems')} to fix in the file first: nothing is imported while the file has any. Fix them
            and choose the file again.
          </p>
          <DataTable<ImportProblem & { key: string }>
            className="mt-3"
            caption="Problems in the file"
            rows={shown}
            getRowKey={(problem) => problem.key}
            rowTestId="import-problem"
            columns={[
              { header: 'Row', rowHeader: true, className: 'whitespace-nowrap', cell: (problem) => problem.row },
              { header: 'Column', className: 'whitespace-nowrap', cell: (problem) => problem.field || '—' },
              { header: 'Problem', primary: true, className: 'min-w-48', cell: (problem) => problem.detail },
            ]}
            page={page}
            pageSize={PROBLEMS_PAGE_SIZE}
            total={problems.length}
            onPageChange={setPage}
          />
        </>
      ) : null}
    </section>
  );
}

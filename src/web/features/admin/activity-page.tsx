import { EMPTY_TEXT } from '../../../shared/messages';
import { AUDIT_ACCOUNT_HOLDER_ACTOR, AUDIT_ACTION_LABELS, AUDIT_SYSTEM_ACTOR, type AuditEntry } from '../../../shared/schemas/admin';
import type { DataTableColumn } from '../../components/data-table';
import { PagedTable } from '../../components/paged-table';
import { usePageParam } from '../../lib/paging';
import { AUDIT_PAGE_SIZE, useAudit } from './api/get-audit';
import { auditChangeLines, auditTargetName } from './audit-summary';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const columns: DataTableColumn<AuditEntry>[] = [
  {
    header: 'When',
    className: 'whitespace-nowrap',
    cell: (entry) => <time dateTime={entry.createdAt}>{when.format(new Date(entry.createdAt))}</time>,
  },
  { header: 'What', primary: true, rowHeader: true, className: 'font-medium', cell: (entry) => AUDIT_ACTION_LABELS[entry.action] ?? entry.action },
  {
    header: 'Who',
    className: 'min-w-40',
    // Refunds of payments that could not settle their order are made by the store itself.
    cell: (entry) =>
      entry.actorEmail === AUDIT_SYSTEM_ACTOR ? (
        <span className="italic">The store (automatic)</span>
      ) : entry.actorEmail === AUDIT_ACCOUNT_HOLDER_ACTOR ? (
        <span className="italic">The customer (not named)</span>
      ) : (
        <span className="break-all">{entry.actorEmail}</span>
      ),
  },
  {
    header: 'Target',
    className: 'min-w-44',
    cell: (entry) => {
      const name = auditTargetName(entry.action, entry.before, entry.after);
      return (
        <div>
          {name ? <p className="break-words">{name}</p> : null}
          <p className="font-mono text-xs break-all text-base-content/80" title={entry.targetId}>
            {entry.targetId}
          </p>
        </div>
      );
    },
  },
  {
    header: 'Change',
    className: 'min-w-56',
    cell: (entry) => {
      const lines = auditChangeLines(entry.action, entry.before, entry.after);
      return lines.length === 0 ? (
        <span className="text-base-content/80">—</span>
      ) : (
        <ul className="space-y-0.5 text-sm">
          {lines.map((line) => (
            <li key={line} className="break-words">{line}</li>
          ))}
        </ul>
      );
    },
  },
];

export default function ActivityPage() {
  const [page, setPage] = usePageParam();
  const audit = useAudit(page);

  return (
    <section aria-labelledby="activity-title">
      <h2 id="activity-title" className="text-3xl font-bold">Activity</h2>
      <p className="mt-2 text-base-content/80">
        Every change made in the back office, and every payment the store refunded by itself, newest first.
      </p>
      <PagedTable
        query={audit}
        loadingLabel="Loading the activity"
        failedText="The activity could not be loaded."
        aria-labelledby="activity-title"
        getRowKey={(entry) => entry._id}
        rowTestId="activity-row"
        stackBelow="lg"
        emptyText={EMPTY_TEXT.activity}
        columns={columns}
        page={page}
        pageSize={AUDIT_PAGE_SIZE}
        onPageChange={setPage}
      />
    </section>
  );
}

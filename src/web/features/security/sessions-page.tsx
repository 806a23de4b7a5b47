import { useNavigate } from 'react-router';
import type { AccountSession } from '../../../shared/schemas/accounts';
import { paths } from '../../config/paths';
import { ConfirmModal } from '../../components/confirm-modal';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { Loading } from '../../components/loading';
import { useConfirmedMutation } from '../../lib/use-confirmed-mutation';
import { useEndSession } from './api/end-session';
import { useSessions } from './api/get-sessions';
import { useSignOutEverywhere } from './api/sign-out-everywhere';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A browser's name from its User-Agent, roughly: enough to tell one's phone from one's laptop. */
function deviceOf(userAgent: string | null): string {
  if (!userAgent) return 'Unknown browser';
  const browser = /Edg\//.test(userAgent) ? 'Edge' : /Firefox\//.test(userAgent) ? 'Firefox' : /Chrome\//.test(userAgent) ? 'Chrome' : /Safari\//.test(userAgent) ? 'Safari' : 'Browser';
  const system = /Android/.test(userAgent) ? 'Android' : /iPhone|iPad/.test(userAgent) ? 'iOS' : /Windows/.test(userAgent) ? 'Windows' : /Mac OS X/.test(userAgent) ? 'macOS' : /Linux/.test(userAgent) ? 'Linux' : null;
  return system ? `${browser} on ${system}` : browser;
}

const time = (iso: string) => (
  <time className="whitespace-nowrap" dateTime={iso}>
    {when.format(new Date(iso))}
  </time>
);

/** Sessions: where this account is signed in, ending one, and signing out everywhere (decision 023). */
export default function SessionsPage() {
  const sessions = useSessions();
  const end = useEndSession();
  const everywhere = useSignOutEverywhere();
  const navigate = useNavigate();
  const ending = useConfirmedMutation({ mutate: (session: AccountSession) => end.mutateAsync(session.id), success: 'That browser is signed out' });
  // The dialog asks about every session at once: its target is just "asked".
  const signingOut = useConfirmedMutation<true>({
    mutate: () => everywhere.mutateAsync(),
    success: 'Signed out everywhere',
    onSuccess: () => navigate(paths.login, { replace: true }),
  });

  const columns: DataTableColumn<AccountSession>[] = [
    {
      header: 'Browser',
      rowHeader: true,
      primary: true,
      cell: (session) => (
        <span>
          {deviceOf(session.userAgent)}
          {session.current ? <span className="badge badge-primary ml-2">This browser</span> : null}
        </span>
      ),
    },
    { header: 'Address', cell: (session) => <span className="break-all">{session.ipAddress ?? 'Unknown'}</span> },
    { header: 'Signed in', cell: (session) => time(session.createdAt) },
    { header: 'Last active', cell: (session) => time(session.lastActiveAt) },
    {
      header: 'Action',
      cell: (session) =>
        session.current ? null : (
          <button
            type="button"
            className="btn btn-sm btn-outline"
            disabled={end.isPending}
            onClick={() => void ending.run(session)}
            aria-label={`Sign out: ${deviceOf(session.userAgent)}, signed in ${when.format(new Date(session.createdAt))}`}
          >
            Sign out
          </button>
        ),
    },
  ];

  return (
    <section aria-labelledby="sessions-title" className="max-w-5xl">
      <h2 id="sessions-title" className="text-3xl font-bold">Sessions</h2>
      <p className="mt-2 text-base-content/80">The browsers signed in to your account. Sign out any you do not recognise, then change your password.</p>
      <button type="button" className="btn btn-error mt-4" onClick={() => signingOut.ask(true)} disabled={everywhere.isPending}>
        Sign out everywhere
      </button>
      {sessions.isPending ? <Loading label="Loading your sessions" /> : null}
      {sessions.data ? (
        <DataTable
          className="mt-6"
          aria-labelledby="sessions-title"
          rows={sessions.data}
          getRowKey={(session) => session.id}
          rowTestId="session-row"
          stackBelow="lg"
          emptyText="No sessions"
          columns={columns}
        />
      ) : null}
      <ConfirmModal
        open={signingOut.target !== null}
        message="Sign out everywhere? Every browser signed in to your account, this one too, is signed out."
        confirmLabel="Sign out everywhere"
        busy={everywhere.isPending}
        onConfirm={() => void signingOut.confirm()}
        onCancel={signingOut.cancel}
      />
    </section>
  );
}

import { useState } from 'react';
import type { UserSummary } from '../../../shared/schemas/accounts';
import { CONFIRM, EMPTY_TEXT, TOASTS } from '../../../shared/messages';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { Loading } from '../../components/loading';
import { ApiRequestError } from '../../lib/api-client';
import { useKeepPageInRange, usePageParam } from '../../lib/paging';
import { notify } from '../../lib/toast';
import { USERS_PAGE_SIZE, useUsers } from '../accounts/api/get-users';
import { useMakeAdmin } from '../accounts/api/make-admin';
import { useMakeCustomer } from '../accounts/api/make-customer';
import { ConfirmItsYouModal } from './components/confirm-its-you-modal';

const createdDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** A role change waiting for the admin's yes. */
type RoleChange = { to: 'admin' | 'customer'; user: UserSummary };

const columns: DataTableColumn<UserSummary>[] = [
  // The number continues across pages: the first row of page 2 is 21.
  { header: 'No.', rowHeader: true, className: 'sm:w-16', cell: (_user, index) => index + 1 },
  { header: 'Name', primary: true, cell: (user) => user.userName },
  { header: 'Email', cell: (user) => <span className="break-all">{user.email}</span> },
  // No `whitespace-nowrap` on these cells: on a phone their headers are the cards' labels, which must wrap.
  { header: 'Address confirmed', cell: (user) => (user.emailVerified ? 'Yes' : 'No') },
  {
    header: 'Account created',
    cell: (user) => (
      <time className="whitespace-nowrap" dateTime={user.createdAt}>
        {createdDay.format(new Date(user.createdAt))}
      </time>
    ),
  },
];

export default function ManageUsersPage() {
  const [page, setPage] = usePageParam();
  const users = useUsers(page);
  useKeepPageInRange(page, users.data?.total, USERS_PAGE_SIZE, setPage);
  const makeAdmin = useMakeAdmin();
  const makeCustomer = useMakeCustomer();
  const [pending, setPending] = useState<RoleChange | null>(null);
  const busy = makeAdmin.isPending || makeCustomer.isPending;

  const promote = async (email: string) => {
    try {
      await makeAdmin.mutateAsync(email);
      notify.success(TOASTS.makeAdminOk);
    } catch (error) {
      notify.error(error instanceof ApiRequestError && error.status === 403 ? TOASTS.makeAdminFailed : TOASTS.tryAgain);
    }
  };

  const demote = async (email: string) => {
    try {
      await makeCustomer.mutateAsync(email);
      notify.success(TOASTS.makeCustomerOk);
    } catch (error) {
      // A 409 says why in the server's words: the store must keep an admin.
      notify.failure(error);
    }
  };

  const confirm = async () => {
    if (!pending) return;
    try {
      await (pending.to === 'admin' ? promote(pending.user.email) : demote(pending.user.email));
    } finally {
      setPending(null);
    }
  };

  const actionColumn: DataTableColumn<UserSummary> = {
    header: 'Action',
    cell: (user) =>
      user.role === 'admin' ? (
        <div className="flex flex-wrap items-center gap-2">
          <span className="badge badge-success">Admin</span>
          <button
            type="button"
            className="btn btn-sm btn-outline"
            disabled={busy}
            onClick={() => setPending({ to: 'customer', user })}
            aria-label={`Make customer: ${user.userName}`}
          >
            Make customer
          </button>
        </div>
      ) : (
        <button
          type="button"
          className="btn btn-sm btn-primary"
          disabled={busy}
          onClick={() => setPending({ to: 'admin', user })}
          aria-label={`Make Admin: ${user.userName}`}
        >
          Make Admin
        </button>
      ),
  };

  return (
    <section aria-labelledby="users-title">
      <h2 id="users-title" className="text-3xl font-bold">Manage Users</h2>
      {users.isPending ? <Loading label="Loading users" /> : null}
      {users.data ? (
        <DataTable
          className="mt-6"
          aria-labelledby="users-title"
          rows={users.data.items}
          getRowKey={(user) => user._id}
          rowTestId="user-row"
          stackBelow="lg"
          emptyText={EMPTY_TEXT.manageUsers}
          columns={[...columns, actionColumn]}
          busy={users.isPlaceholderData}
          page={page}
          pageSize={USERS_PAGE_SIZE}
          total={users.data.total}
          onPageChange={setPage}
        />
      ) : null}
      {/* A role change needs the admin's password or a code, given just now (decision 023). */}
      <ConfirmItsYouModal
        open={pending !== null}
        message={
          pending
            ? pending.to === 'admin'
              ? CONFIRM.makeAdmin(pending.user.userName, pending.user.email)
              : CONFIRM.makeCustomer(pending.user.userName, pending.user.email)
            : ''
        }
        confirmLabel={pending?.to === 'customer' ? 'Make customer' : 'Make Admin'}
        tone={pending?.to === 'customer' ? 'danger' : 'primary'}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      />
    </section>
  );
}

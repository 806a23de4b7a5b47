import type { UserSummary } from '../../../../shared/schemas/accounts';
import { CONFIRM, EMPTY_TEXT, TOASTS } from '../../../../shared/messages';
import type { DataTableColumn } from '../../../components/data-table';
import { PagedTable } from '../../../components/paged-table';
import { isApiError } from '../../../lib/api-client';
import { usePageParam } from '../../../lib/paging';
import { notify } from '../../../lib/toast';
import { useConfirmedMutation } from '../../../lib/use-confirmed-mutation';
import { USERS_PAGE_SIZE, useUsers } from '../api/get-users';
import { useMakeAdmin } from '../api/make-admin';
import { useMakeCustomer } from '../api/make-customer';
import { ConfirmItsYouModal } from '../../../components/confirm-its-you-modal';
import { confirmItsYou } from '../../security/api/confirm-its-you';

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
  const makeAdmin = useMakeAdmin();
  const makeCustomer = useMakeCustomer();
  const roleChange = useConfirmedMutation({
    mutate: (change: RoleChange) => (change.to === 'admin' ? makeAdmin : makeCustomer).mutateAsync(change.user.email),
    success: (change) => (change.to === 'admin' ? TOASTS.makeAdminOk : TOASTS.makeCustomerOk),
    onFailure: (error, change) => {
      if (change.to === 'admin') notify.error(isApiError(error, 'FORBIDDEN') ? TOASTS.makeAdminFailed : TOASTS.tryAgain);
      // A 409 says why in the server's words: the store must keep an admin.
      else notify.failure(error);
    },
  });
  const pending = roleChange.target;
  const busy = makeAdmin.isPending || makeCustomer.isPending;

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
            onClick={() => roleChange.ask({ to: 'customer', user })}
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
          onClick={() => roleChange.ask({ to: 'admin', user })}
          aria-label={`Make Admin: ${user.userName}`}
        >
          Make Admin
        </button>
      ),
  };

  return (
    <section aria-labelledby="users-title">
      <h2 id="users-title" className="text-3xl font-bold">Manage Users</h2>
      <PagedTable
        query={users}
        loadingLabel="Loading users"
        aria-labelledby="users-title"
        getRowKey={(user) => user._id}
        rowTestId="user-row"
        stackBelow="lg"
        emptyText={EMPTY_TEXT.manageUsers}
        columns={[...columns, actionColumn]}
        page={page}
        pageSize={USERS_PAGE_SIZE}
        onPageChange={setPage}
      />
      {/* A role change needs the admin's password or a code, given just now (decision 023). */}
      <ConfirmItsYouModal
        verify={confirmItsYou}
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
        onConfirm={() => roleChange.confirm()}
        onCancel={roleChange.cancel}
      />
    </section>
  );
}

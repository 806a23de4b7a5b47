import type { UserSummary } from '../../../shared/schemas/accounts';
import { EMPTY_TEXT, TOASTS } from '../../../shared/messages';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { Loading } from '../../components/loading';
import { ApiRequestError } from '../../lib/api-client';
import { useKeepPageInRange, usePageParam } from '../../lib/paging';
import { notify } from '../../lib/toast';
import { USERS_PAGE_SIZE, useUsers } from '../accounts/api/get-users';
import { useMakeAdmin } from '../accounts/api/make-admin';

export default function ManageUsersPage() {
  const [page, setPage] = usePageParam();
  const users = useUsers(page);
  useKeepPageInRange(page, users.data?.total, USERS_PAGE_SIZE, setPage);
  const makeAdmin = useMakeAdmin();

  const promote = async (email: string) => {
    try {
      await makeAdmin.mutateAsync(email);
      notify.success(TOASTS.makeAdminOk);
    } catch (error) {
      notify.error(error instanceof ApiRequestError && error.status === 403 ? TOASTS.makeAdminFailed : TOASTS.tryAgain);
    }
  };

  const columns: DataTableColumn<UserSummary>[] = [
    // The number continues across pages: the first row of page 2 is 21.
    { header: 'No.', rowHeader: true, className: 'sm:w-16', cell: (_user, index) => index + 1 },
    { header: 'Name', primary: true, cell: (user) => user.userName },
    { header: 'Email', cell: (user) => <span className="break-all">{user.email}</span> },
    {
      header: 'Action',
      cell: (user) =>
        user.role === 'admin' ? (
          <span className="badge badge-success">Admin</span>
        ) : (
          <button
            type="button"
            className="btn btn-sm btn-primary"
            disabled={makeAdmin.isPending}
            onClick={() => void promote(user.email)}
            aria-label={`Make Admin: ${user.userName}`}
          >
            Make Admin
          </button>
        ),
    },
  ];

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
          emptyText={EMPTY_TEXT.manageUsers}
          columns={columns}
          busy={users.isPlaceholderData}
          page={page}
          pageSize={USERS_PAGE_SIZE}
          total={users.data.total}
          onPageChange={setPage}
        />
      ) : null}
    </section>
  );
}

import { EMPTY_TEXT, TOASTS } from '../../../shared/messages';
import { Loading } from '../../components/loading';
import { ApiRequestError } from '../../lib/api-client';
import { notify } from '../../lib/toast';
import { useUsers } from '../accounts/api/get-users';
import { useMakeAdmin } from '../accounts/api/make-admin';

export default function ManageUsersPage() {
  const users = useUsers();
  const makeAdmin = useMakeAdmin();
  const rows = users.data?.pages.flatMap((page) => page.items) ?? [];

  const promote = async (email: string) => {
    try {
      await makeAdmin.mutateAsync(email);
      notify.success(TOASTS.makeAdminOk);
    } catch (error) {
      notify.error(error instanceof ApiRequestError && error.status === 403 ? TOASTS.makeAdminFailed : TOASTS.tryAgain);
    }
  };

  return (
    <section aria-labelledby="users-title">
      <h2 id="users-title" className="text-3xl font-bold">Manage Users</h2>
      {users.isPending ? <Loading label="Loading users" /> : null}
      {users.isSuccess && rows.length === 0 ? <p className="mt-6">{EMPTY_TEXT.manageUsers}</p> : null}
      {rows.length > 0 ? (
        <div className="mt-6 overflow-x-auto rounded-box ring-1 ring-base-300">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((user, index) => (
                <tr key={user._id}>
                  <th scope="row">{index + 1}</th>
                  <td>{user.userName}</td>
                  <td>{user.email}</td>
                  <td>
                    {user.role === 'admin' ? (
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
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {users.hasNextPage ? (
        <button type="button" className="btn btn-outline mt-4" onClick={() => void users.fetchNextPage()} disabled={users.isFetchingNextPage}>
          Load more users
        </button>
      ) : null}
    </section>
  );
}

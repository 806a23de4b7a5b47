import { useSearchParams } from 'react-router';
import { EMPTY_TEXT, TOASTS } from '../../../../shared/messages';
import type { ContactMessage } from '../../../../shared/schemas/contact';
import type { DataTableColumn } from '../../../components/data-table';
import { PagedTable } from '../../../components/paged-table';
import { SelectField } from '../../../components/select-field';
import { usePageParam } from '../../../lib/paging';
import { notifyWithUndo } from '../../../lib/undo-toast';
import { useConfirmedMutation } from '../../../lib/use-confirmed-mutation';
import { MESSAGES_PAGE_SIZE, useMessages } from './api/get-messages';
import { useSetMessageHandled } from './api/set-message-handled';

const receivedDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const receivedTime = new Intl.DateTimeFormat('en-US', { timeStyle: 'short' });

const columns: DataTableColumn<ContactMessage>[] = [
  { header: 'Name', primary: true, rowHeader: true, className: 'min-w-28 font-medium', cell: (message) => message.name },
  {
    header: 'Contact',
    className: 'min-w-40',
    cell: (message) => (
      <div className="space-y-1">
        <a className="link block break-all" href={`mailto:${message.email}`}>
          {message.email}
        </a>
        <a className="link block whitespace-nowrap" href={`tel:${message.number.replace(/[^+\d]/g, '')}`}>
          {message.number}
        </a>
      </div>
    ),
  },
  { header: 'Message', className: 'min-w-56', cell: (message) => <p className="whitespace-pre-line">{message.message}</p> },
  {
    header: 'Received',
    className: 'whitespace-nowrap',
    cell: (message) => (
      <time dateTime={message.createdAt}>
        {receivedDay.format(new Date(message.createdAt))}{' '}
        <span className="block text-sm text-base-content/80">{receivedTime.format(new Date(message.createdAt))}</span>
      </time>
    ),
  },
];

export default function MessagesPage() {
  const [params, setParams] = useSearchParams();
  const [page, setPage] = usePageParam();
  // Unanswered messages are what an admin comes here for; `?show=all` lists every one.
  const showAll = params.get('show') === 'all';
  const messages = useMessages(!showAll, page);
  const setHandled = useSetMessageHandled();
  // Marking handled says so, with an undo: under the Unhandled filter the row leaves the list at
  // once, and a slip of the finger would otherwise send the message out of sight. Marking it
  // unhandled again needs no toast: the row's badge flips to New.
  const undoing = useConfirmedMutation({
    mutate: (message: ContactMessage) => setHandled.mutateAsync({ id: message._id, handled: false }),
    success: (message) => TOASTS.messageUnhandledAgain(message.name),
  });
  const handling = useConfirmedMutation({
    mutate: (message: ContactMessage) => setHandled.mutateAsync({ id: message._id, handled: !message.handled }),
    onSuccess: (_data, message) => {
      if (!message.handled) notifyWithUndo(TOASTS.messageHandled(message.name), () => void undoing.run(message));
    },
  });

  const changeFilter = (all: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (all) next.set('show', 'all');
        else next.delete('show');
        next.delete('page');
        return next;
      },
      { preventScrollReset: true },
    );

  return (
    <section aria-labelledby="messages-title">
      <h2 id="messages-title" className="text-3xl font-bold">Messages</h2>
      <SelectField
        label="Show"
        className="mt-6 w-full sm:w-auto"
        selectClassName="w-full sm:w-64"
        value={showAll ? 'all' : 'unhandled'}
        onChange={(event) => changeFilter(event.target.value === 'all')}
      >
        <option value="unhandled">Unhandled</option>
        <option value="all">All</option>
      </SelectField>
      <PagedTable
        query={messages}
        loadingLabel="Loading messages"
        failedText="The messages could not be loaded."
        aria-labelledby="messages-title"
        getRowKey={(message) => message._id}
        rowTestId="message-row"
        stackBelow="lg"
        emptyText={showAll ? EMPTY_TEXT.messages : EMPTY_TEXT.unhandledMessages}
        columns={[
          ...columns,
          {
            header: 'State',
            className: 'whitespace-nowrap',
            cell: (message) => {
              const busy = setHandled.isPending && setHandled.variables?.id === message._id;
              return (
                <div className="flex flex-wrap items-center gap-2">
                  {message.handled ? <span className="badge badge-success">Handled</span> : <span className="badge badge-warning">New</span>}
                  <button
                    type="button"
                    className={`btn btn-sm ${message.handled ? 'btn-outline' : 'btn-primary'}`}
                    disabled={busy}
                    aria-busy={busy || undefined}
                    onClick={() => void handling.run(message)}
                    aria-label={`${message.handled ? 'Mark unhandled' : 'Mark handled'}: message from ${message.name}`}
                  >
                    {message.handled ? 'Mark unhandled' : 'Mark handled'}
                  </button>
                </div>
              );
            },
          },
        ]}
        page={page}
        pageSize={MESSAGES_PAGE_SIZE}
        onPageChange={setPage}
      />
    </section>
  );
}

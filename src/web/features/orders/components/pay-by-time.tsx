const timeOnly = new Intl.DateTimeFormat('en-US', { timeStyle: 'short' });
const dayAndTime = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

const sameDay = (a: Date, b: Date) => a.toDateString() === b.toDateString();

/**
 * Until when an unpaid order may be paid: 'Pay by 3:45 PM', with the date when that is not
 * today. Nothing once the time has passed (the order is about to show as expired).
 */
export function PayByTime({ payBy }: { payBy: string }) {
  const deadline = new Date(payBy);
  const now = new Date();
  if (Number.isNaN(deadline.getTime()) || deadline <= now) return null;
  return (
    <span className="text-sm whitespace-nowrap opacity-80" data-testid="pay-by">
      Pay by <time dateTime={payBy}>{(sameDay(deadline, now) ? timeOnly : dayAndTime).format(deadline)}</time>
    </span>
  );
}

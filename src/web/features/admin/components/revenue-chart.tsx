import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Stats } from '../../../../shared/schemas/admin';
import { formatUsd } from '../../../../shared/text';

type RevenueDay = Stats['revenueByDay'][number];

// The API's days are UTC calendar days ("2026-11-21"); they are shown as such, not shifted.
const shortDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const longDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const dayOf = (day: string) => new Date(`${day}T00:00:00Z`);
const compactUsd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', notation: 'compact', maximumFractionDigits: 1 });

/** What a screen reader hears instead of the bars. */
export function revenueSummary(days: readonly RevenueDay[]): string {
  if (days.length === 0) return 'Revenue per day: no data yet.';
  const total = days.reduce((sum, day) => sum + day.revenue, 0);
  const orders = days.reduce((sum, day) => sum + day.orders, 0);
  const best = days.reduce((top, day) => (day.revenue > top.revenue ? day : top), days[0]!);
  const first = longDay.format(dayOf(days[0]!.day));
  const last = longDay.format(dayOf(days[days.length - 1]!.day));
  const highest = best.revenue > 0 ? ` The best day was ${longDay.format(dayOf(best.day))} with ${formatUsd(best.revenue)}.` : '';
  return `Bar chart of revenue per day from ${first} to ${last}: ${formatUsd(total)} from ${orders} paid ${orders === 1 ? 'order' : 'orders'} in total.${highest}`;
}

/**
 * Revenue per day as bars. recharts is imported here and nowhere else, so it is only in the
 * Overview's chunk (admin-*, see vite.config.ts). The bars are one image to assistive technology
 * (its label summarises them); the exact figures follow in a table only screen readers see.
 */
export function RevenueChart({ days, captionId }: { days: readonly RevenueDay[]; captionId: string }) {
  return (
    <figure aria-labelledby={captionId}>
      <div role="img" aria-label={revenueSummary(days)} className="h-72 w-full">
        <ResponsiveContainer width="100%" height="100%">
          {/* No keyboard layer: inside role="img" the chart must not be focusable. */}
          <BarChart data={[...days]} margin={{ top: 8, right: 8, bottom: 24, left: 8 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis
              dataKey="day"
              tickFormatter={(day: string) => shortDay.format(dayOf(day))}
              minTickGap={16}
              label={{ value: 'Day (UTC)', position: 'insideBottom', offset: -16 }}
            />
            <YAxis
              tickFormatter={(value: number) => compactUsd.format(value)}
              width={64}
              label={{ value: 'Revenue', angle: -90, position: 'insideLeft', offset: 0 }}
            />
            <Tooltip
              formatter={(value) => formatUsd(Number(value))}
              labelFormatter={(day) => longDay.format(dayOf(String(day)))}
            />
            <Bar dataKey="revenue" name="Revenue" fill="var(--color-primary)" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <table className="sr-only">
        <caption>Revenue per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Revenue</th>
            <th scope="col">Paid orders</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.day}>
              <th scope="row">{longDay.format(dayOf(day.day))}</th>
              <td>{formatUsd(day.revenue)}</td>
              <td>{day.orders}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

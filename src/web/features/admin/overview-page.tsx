import { useId } from 'react';
import { Link } from 'react-router';
import { EMPTY_TEXT } from '../../../shared/messages';
import { STATS, type Stats } from '../../../shared/schemas/admin';
import type { OrderState } from '../../../shared/schemas/order-list';
import { formatUsd } from '../../../shared/text';
import { paths } from '../../config/paths';
import { ORDER_STATE_LABELS } from '../../lib/order-state-labels';
import { DataTable } from '../../components/data-table';
import { Loading } from '../../components/loading';
import { useStats } from './api/get-stats';
import { RevenueChart } from './components/revenue-chart';

const STATE_ORDER: OrderState[] = ['unpaid', 'pending', 'shipped', 'expired', 'refunded'];

type TopTool = Stats['topTools'][number];
type LowStockTool = Stats['lowStock'][number];

export default function OverviewPage() {
  const stats = useStats();
  const chartTitleId = useId();

  return (
    <section aria-labelledby="overview-title">
      <h2 id="overview-title" className="text-3xl font-bold">Overview</h2>
      {stats.isPending ? <Loading label="Loading the overview" /> : null}
      {stats.isError ? (
        <div role="alert" className="alert alert-error mt-6">
          <span>The overview could not be loaded.</span>
          <button type="button" className="btn btn-sm" onClick={() => void stats.refetch()}>Try again</button>
        </div>
      ) : null}
      {stats.data ? (
        <>
          {/* Two tiles a row even on a phone: one a row made the figures a long scroll. */}
          <ul className="mt-6 grid grid-cols-2 gap-3 md:grid-cols-3 2xl:grid-cols-6" aria-label="Key figures">
            <li className="card bg-primary p-4 text-primary-content">
              <p className="text-sm">Paid revenue</p>
              <p className="text-2xl font-bold">{formatUsd(stats.data.paidRevenue)}</p>
            </li>
            {STATE_ORDER.map((state) => (
              <li key={state} className="card bg-base-100 p-4 ring-1 ring-base-300">
                <p className="text-sm">{ORDER_STATE_LABELS[state]}</p>
                <p className="text-2xl font-bold">
                  <Link to={`${paths.manageOrders}?state=${state}`} className="link link-hover" aria-label={`${stats.data.ordersByState[state]} ${ORDER_STATE_LABELS[state]} orders`}>
                    {stats.data.ordersByState[state]}
                  </Link>
                </p>
              </li>
            ))}
          </ul>

          <div className="card mt-8 bg-base-100 p-4 ring-1 ring-base-300">
            <h3 id={chartTitleId} className="text-xl font-semibold">
              Revenue per day, last {STATS.days} days
            </h3>
            <RevenueChart days={stats.data.revenueByDay} captionId={chartTitleId} />
          </div>

          <div className="mt-8 grid gap-8 xl:grid-cols-2">
            <div>
              <h3 id="top-tools-title" className="text-xl font-semibold">Top tools</h3>
              <DataTable<TopTool>
                className="mt-3"
                aria-labelledby="top-tools-title"
                rows={stats.data.topTools}
                getRowKey={(tool) => tool.toolId ?? tool.name}
                rowTestId="top-tool-row"
                emptyText={EMPTY_TEXT.topTools}
                columns={[
                  { header: 'Tool', primary: true, rowHeader: true, cell: (tool) => tool.name },
                  { header: 'Units sold', cell: (tool) => tool.quantity },
                  { header: 'Revenue', className: 'whitespace-nowrap', cell: (tool) => formatUsd(tool.revenue) },
                ]}
              />
            </div>
            <div>
              <h3 id="low-stock-title" className="text-xl font-semibold">Low stock</h3>
              <DataTable<LowStockTool>
                className="mt-3"
                aria-labelledby="low-stock-title"
                rows={stats.data.lowStock}
                getRowKey={(tool) => tool._id}
                rowTestId="low-stock-row"
                emptyText={EMPTY_TEXT.lowStock}
                columns={[
                  { header: 'Tool', primary: true, rowHeader: true, cell: (tool) => tool.name },
                  { header: 'Available', cell: (tool) => tool.availableQty },
                  { header: 'Low at', cell: (tool) => tool.threshold },
                  { header: 'Min. quantity', cell: (tool) => tool.minQty },
                ]}
              />
            </div>
          </div>
        </>
      ) : null}
    </section>
  );
}

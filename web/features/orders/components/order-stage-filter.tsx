import type { OrderListStage } from '../../../../common/schemas/orders.ts';

/** Manage Orders' filters, in the order an order moves through them; undefined is All. */
export const stageFilters: Array<{ stage: OrderListStage | undefined; label: string }> = [
  { stage: undefined, label: 'All' },
  { stage: 'unpaid', label: 'Not paid' },
  { stage: 'to-ship', label: 'To ship' },
  { stage: 'shipped', label: 'Shipped' },
  { stage: 'delivered', label: 'Delivered' },
  { stage: 'cancelled', label: 'Cancelled' },
  { stage: 'refunded', label: 'Refunded' },
];

/** A row of toggle buttons on a wide screen; a select on a narrow one, where seven buttons would not fit. */
export function OrderStageFilter({ stage, onStage }: { stage: OrderListStage | undefined; onStage: (stage: OrderListStage | undefined) => void }) {
  return (
    <>
      <div role="group" aria-label="Show orders" className="hidden flex-wrap gap-1 rounded-lg bg-base-200 p-1 md:flex">
        {stageFilters.map((filter) => (
          <button
            key={filter.label}
            type="button"
            aria-pressed={filter.stage === stage}
            className={`btn btn-sm ${filter.stage === stage ? 'btn-neutral' : 'btn-ghost'}`}
            onClick={() => onStage(filter.stage)}
          >
            {filter.label}
          </button>
        ))}
      </div>
      <label className="block md:hidden">
        <span className="mb-1.5 block text-sm font-medium text-stone-800">Show orders</span>
        <select className="select w-full" value={stage ?? ''} onChange={(event) => onStage(stageFilters.find((filter) => (filter.stage ?? '') === event.target.value)?.stage)}>
          {stageFilters.map((filter) => (
            <option key={filter.label} value={filter.stage ?? ''}>
              {filter.label}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}

import { changeText } from '../../../../common/catalogue-file.ts';
import type { CatalogueImportPlan } from '../../../../common/schemas/catalogue-file.ts';
import { StackingCell, StackingRow, StackingTable } from '../../../components/ui/stacking-table.tsx';

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** One line for the whole dry run. */
export function planSummary(plan: CatalogueImportPlan): string {
  return [
    `${count(plan.create.length, 'row', 'rows')} to create`,
    `${count(plan.update.length, 'row', 'rows')} to change`,
    `${count(plan.refuse.length, 'row', 'rows')} refused`,
    `${count(plan.unchanged, 'row', 'rows')} unchanged`,
  ].join(', ');
}

/** What a dry run found: refused rows first (they stop the import), then the changes, then what is new. */
export function ImportPlanTables({ plan }: { plan: CatalogueImportPlan }) {
  return (
    <div className="space-y-8">
      <p role="status" className="font-medium text-stone-900">
        {planSummary(plan)}
      </p>
      {plan.refuse.length > 0 && (
        <section aria-labelledby="refused-rows" className="space-y-3">
          <h2 id="refused-rows" className="text-lg font-semibold text-error">
            Refused
          </h2>
          <p className="text-sm text-stone-600">Correct these rows and check the file again: while any row is refused, nothing can be imported.</p>
          <StackingTable caption="Refused rows" headings={[{ label: 'Row' }, { label: 'Reason' }]}>
            {plan.refuse.map(({ row, reason }) => (
              <StackingRow key={row}>
                <StackingCell heading="Row">{row}</StackingCell>
                <StackingCell heading="Reason">
                  <span className="[overflow-wrap:anywhere]">{reason}</span>
                </StackingCell>
              </StackingRow>
            ))}
          </StackingTable>
        </section>
      )}
      {plan.update.length > 0 && (
        <section aria-labelledby="changed-rows" className="space-y-3">
          <h2 id="changed-rows" className="text-lg font-semibold text-stone-900">
            Would change
          </h2>
          <StackingTable caption="Rows that would change" headings={[{ label: 'Row' }, { label: 'SKU' }, { label: 'Changes' }]}>
            {plan.update.map(({ row, sku, changes }) => (
              <StackingRow key={row}>
                <StackingCell heading="Row">{row}</StackingCell>
                <StackingCell heading="SKU">
                  <span className="font-mono text-sm">{sku}</span>
                </StackingCell>
                <StackingCell heading="Changes">
                  <ul className="space-y-1">
                    {changes.map((change) => (
                      <li key={change.field} className="[overflow-wrap:anywhere]">
                        <span className="font-medium">{change.field}</span>: {changeText(change.from, change.to)}
                      </li>
                    ))}
                  </ul>
                </StackingCell>
              </StackingRow>
            ))}
          </StackingTable>
        </section>
      )}
      {plan.create.length > 0 && (
        <section aria-labelledby="created-rows" className="space-y-3">
          <h2 id="created-rows" className="text-lg font-semibold text-stone-900">
            Would be created
          </h2>
          <StackingTable caption="Rows that would be created" headings={[{ label: 'Row' }, { label: 'SKU' }, { label: 'Product' }]}>
            {plan.create.map(({ row, sku, name }) => (
              <StackingRow key={row}>
                <StackingCell heading="Row">{row}</StackingCell>
                <StackingCell heading="SKU">
                  <span className="font-mono text-sm">{sku}</span>
                </StackingCell>
                <StackingCell heading="Product">
                  <span className="[overflow-wrap:anywhere]">{name}</span>
                </StackingCell>
              </StackingRow>
            ))}
          </StackingTable>
        </section>
      )}
    </div>
  );
}

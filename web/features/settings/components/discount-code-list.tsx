import { useState } from 'react';
import { discountCodeMessages, type DiscountCode } from '../../../../common/schemas/discount-codes.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { EmptyState, ErrorState } from '../../../components/ui/query-states.tsx';
import { StackingCell, StackingRow, StackingTable } from '../../../components/ui/stacking-table.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { dateOnly } from '../../../lib/date-format.ts';
import { useCategoryName } from '../../categories/api/category-queries.ts';
import { useDeleteDiscountCode, useDiscountCodes } from '../api/settings-queries.ts';
import { discountConditions, discountKindLabels, discountTakesOff } from '../discount-kinds.ts';

const pageSize = 10;

function Uses({ code }: { code: DiscountCode }) {
  return (
    <div className="text-sm">
      <p className="whitespace-nowrap text-stone-900">{code.maxUses === undefined ? `${code.uses} used` : `${code.uses} of ${code.maxUses} used`}</p>
      {code.maxUsesPerCustomer !== undefined && <p className="whitespace-nowrap text-stone-600">{code.maxUsesPerCustomer} per customer</p>}
    </div>
  );
}

/** When it works: its first day and its last (the day before the instant it stops), or always. */
function Dates({ code }: { code: DiscountCode }) {
  if (!code.startsAt && !code.endsAt) return <p className="text-sm text-stone-600">Any time</p>;
  return (
    <div className="text-sm text-stone-700">
      {code.startsAt && (
        <p className="whitespace-nowrap">
          From <time dateTime={code.startsAt}>{dateOnly.format(new Date(code.startsAt))}</time>
        </p>
      )}
      {code.endsAt && (
        <p className="whitespace-nowrap">
          Until <time dateTime={code.endsAt}>{dateOnly.format(new Date(Date.parse(code.endsAt) - 1))}</time>
        </p>
      )}
    </div>
  );
}

function DeleteCode({ code }: { code: DiscountCode }) {
  const toast = useToast();
  const remove = useDeleteDiscountCode();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn btn-ghost btn-sm text-error"
        aria-label={`Delete ${code.code}`}
        onClick={() => {
          remove.reset();
          setAsking(true);
        }}
      >
        Delete
      </button>
      <ConfirmDialog
        open={asking}
        title={`Delete ${code.code}?`}
        confirmLabel="Delete"
        tone="danger"
        busy={remove.isPending}
        error={remove.error?.message}
        onClose={() => setAsking(false)}
        onConfirm={() =>
          remove.mutate(code.code, {
            onSuccess: () => {
              setAsking(false);
              toast(discountCodeMessages.deleted(code.code));
            },
          })
        }
      >
        <p>No order can use it from now on. Orders placed with it keep their discount.</p>
      </ConfirmDialog>
    </>
  );
}

/** The codes, newest first, a page at a time, each with what it takes off, its conditions, its uses and its days. */
export function DiscountCodeList() {
  const [page, setPage] = useState(1);
  const codes = useDiscountCodes({ limit: pageSize, offset: (page - 1) * pageSize });
  const categoryName = useCategoryName();
  // After the last code of the last page is deleted, step back to the page that is now last.
  const lastPage = Math.max(1, Math.ceil((codes.data?.total ?? 0) / pageSize));
  if (codes.data && page > lastPage) setPage(lastPage);

  if (codes.isPending) return <div className="skeleton h-64 w-full rounded-xl" aria-label="Loading the discount codes" />;
  if (codes.isError) return <ErrorState title="We could not load the discount codes" error={codes.error} onRetry={() => void codes.refetch()} />;
  if (codes.data.items.length === 0) return <EmptyState title="No discount codes yet">Codes you make above are listed here, newest first.</EmptyState>;
  return (
    <div className="space-y-4">
      <StackingTable
        caption="Discount codes, newest first"
        headings={[{ label: 'Code' }, { label: 'Takes off' }, { label: 'Conditions' }, { label: 'Uses' }, { label: 'Dates' }, { label: 'Actions', className: 'text-right' }]}
      >
        {codes.data.items.map((code) => {
          const conditions = discountConditions(code, categoryName);
          return (
            <StackingRow key={code.code} columns="grid-cols-2">
              <StackingCell className="col-span-full">
                <p className="font-mono font-semibold tracking-wide text-stone-900 [overflow-wrap:anywhere]">{code.code}</p>
              </StackingCell>
              <StackingCell heading="Takes off">
                <p className="whitespace-nowrap font-medium text-stone-900">{discountTakesOff(code)}</p>
                <p className="text-xs text-stone-500">{discountKindLabels[code.kind]}</p>
              </StackingCell>
              <StackingCell heading="Conditions">
                {conditions.length === 0 ? (
                  <p className="text-sm text-stone-600">Any order</p>
                ) : (
                  <ul className="space-y-0.5 text-sm text-stone-700">
                    {conditions.map((condition) => (
                      <li key={condition}>{condition}</li>
                    ))}
                  </ul>
                )}
              </StackingCell>
              <StackingCell heading="Uses">
                <Uses code={code} />
              </StackingCell>
              <StackingCell heading="Dates">
                <Dates code={code} />
              </StackingCell>
              <StackingCell action>
                <DeleteCode code={code} />
              </StackingCell>
            </StackingRow>
          );
        })}
      </StackingTable>
      <Pagination page={page} pageCount={lastPage} onPage={setPage} label="Discount code pages" />
    </div>
  );
}

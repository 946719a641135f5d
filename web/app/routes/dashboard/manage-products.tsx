import { useState } from 'react';
import { formatUsd } from '../../../../common/money.ts';
import type { Product } from '../../../../common/schemas/products.ts';
import { productMessages } from '../../../../common/shop-management.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { EmptyState, ErrorState } from '../../../components/ui/query-states.tsx';
import { StackingCell, StackingRow, StackingTable } from '../../../components/ui/stacking-table.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { DashboardPage } from '../../../features/dashboard/components/dashboard-page.tsx';
import { useDeleteProduct, useUpdateProduct } from '../../../features/products/api/product-mutations.ts';
import { useManagedProduct, useManagedProductList } from '../../../features/products/api/product-queries.ts';
import { BulkEditDialog } from '../../../features/products/components/bulk-edit-dialog.tsx';
import { OrderableNote } from '../../../features/products/components/orderable-note.tsx';
import { ProductForm } from '../../../features/products/components/product-form.tsx';

const pageSize = 10;

/** The edit form, once the product's pictures are read: the form saves every picture it shows, so it must show them all. */
function EditProductForm({ id, onSaved }: { id: string; onSaved: () => void }) {
  const toast = useToast();
  const update = useUpdateProduct();
  // The admin's own read: a hidden product is not found at its public address.
  const detail = useManagedProduct(id);
  if (detail.isPending) return <div className="skeleton h-96 w-full rounded-xl" role="status" aria-label="Loading the product" />;
  if (detail.isError) return <ErrorState title="We could not load this product" error={detail.error} onRetry={() => void detail.refetch()} />;
  const { rating: _rating, ...product } = detail.data;
  return (
    <ProductForm
      label={`Edit ${product.name}`}
      submitLabel="Save changes"
      initial={product}
      busy={update.isPending}
      error={update.error?.message}
      onSubmit={(changes) =>
        // The stock the form was opened with: if customers bought some meanwhile, the server refuses.
        update.mutateAsync({ id, product: { ...changes, stockSeen: product.availQuantity } }).then((saved) => {
          onSaved();
          toast(productMessages.updated(saved.name));
        })
      }
    />
  );
}

function EditProduct({ product }: { product: Product }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-outline btn-sm" aria-label={`Edit ${product.name}`} onClick={() => setOpen(true)}>
        Edit
      </button>
      <Modal open={open} title={`Edit ${product.name}`} onClose={() => setOpen(false)} wide>
        {/* The modal mounts it while open only: each opening starts a new form. */}
        <EditProductForm id={product._id} onSaved={() => setOpen(false)} />
        <button type="button" className="btn btn-ghost btn-sm mt-3" onClick={() => setOpen(false)}>
          Close without saving
        </button>
      </Modal>
    </>
  );
}

function DeleteProduct({ product }: { product: Product }) {
  const toast = useToast();
  const remove = useDeleteProduct();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn btn-ghost btn-sm text-error"
        aria-label={`Delete ${product.name}`}
        onClick={() => {
          remove.reset();
          setAsking(true);
        }}
      >
        Delete
      </button>
      <ConfirmDialog
        open={asking}
        title={`Delete ${product.name}?`}
        confirmLabel="Delete"
        tone="danger"
        busy={remove.isPending}
        error={remove.error?.message}
        onClose={() => setAsking(false)}
        onConfirm={() =>
          remove.mutate(product._id, {
            onSuccess: () => {
              setAsking(false);
              toast(productMessages.deleted(product.name));
            },
          })
        }
      >
        <p>It leaves the catalogue at once. Orders already placed keep their own copy of its name and price.</p>
      </ConfirmDialog>
    </>
  );
}

export default function ManageProductsPage() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const products = useManagedProductList({ q: search.trim() || undefined, limit: pageSize, offset: (page - 1) * pageSize }, { keepPrevious: true });
  // After the last product of the last page is deleted, step back to the page that is now last.
  const lastPage = Math.max(1, Math.ceil((products.data?.total ?? 0) / pageSize));
  if (products.data && page > lastPage) setPage(lastPage);
  // The products ticked for a bulk edit, on any page.
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const toggle = (ids: string[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  const pageIds = products.data?.items.map((product) => product._id) ?? [];
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selected.has(id));

  return (
    <DashboardPage title="Manage Products" intro="Every product in the catalogue, newest first. Edit one, delete it after a confirmation, or tick several and change them at once.">
      <div className="space-y-6">
        <input
          type="search"
          aria-label="Search products by name"
          placeholder="Search by name"
          className="input w-full max-w-sm"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
        />
        {products.isPending ? (
          <div className="skeleton h-64 w-full rounded-xl" aria-label="Loading the products" />
        ) : products.isError ? (
          <ErrorState title="We could not load the products" error={products.error} onRetry={() => void products.refetch()} />
        ) : products.data.items.length === 0 ? (
          <EmptyState title={search ? `No product matches “${search}”` : 'The catalogue is empty'} />
        ) : (
          <>
            <div className="flex flex-wrap items-center gap-3">
              <label className="flex items-center gap-2 text-sm font-medium text-stone-700">
                <input type="checkbox" className="checkbox checkbox-sm" checked={allOnPage} onChange={(event) => toggle(pageIds, event.target.checked)} />
                Select all on this page
              </label>
              <span className="text-sm text-stone-600" aria-live="polite">
                {selected.size} selected
              </span>
              <BulkEditDialog ids={[...selected]} onDone={() => setSelected(new Set())} />
            </div>
            <StackingTable
              caption="Products, newest first"
              headings={[{ label: 'Product' }, { label: 'Price' }, { label: 'In stock' }, { label: 'Smallest order' }, { label: 'Actions', className: 'text-right' }]}
            >
              {products.data.items.map((product) => (
                <StackingRow key={product._id} columns="grid-cols-3" middle>
                  <StackingCell className="col-span-full">
                    <div className="flex items-center gap-3">
                      <input
                        type="checkbox"
                        className="checkbox checkbox-sm"
                        aria-label={`Select ${product.name}`}
                        checked={selected.has(product._id)}
                        onChange={(event) => toggle([product._id], event.target.checked)}
                      />
                      <img src={product.img} alt="" width={96} height={72} loading="lazy" className="h-12 w-16 shrink-0 rounded-md bg-stone-100 object-cover lg:h-14 lg:w-18" />
                      <p className="font-medium text-stone-900 [overflow-wrap:anywhere]">{product.name}</p>
                      {product.hidden && <span className="badge badge-ghost badge-sm shrink-0">Hidden</span>}
                    </div>
                  </StackingCell>
                  <StackingCell heading="Price">
                    <span className="whitespace-nowrap">{product.priceMax > product.price ? `from ${formatUsd(product.price)}` : formatUsd(product.price)}</span>
                  </StackingCell>
                  <StackingCell heading="In stock">
                    {product.availQuantity}
                    <OrderableNote stock={product} />
                  </StackingCell>
                  <StackingCell heading="Smallest order">{product.minQuantity}</StackingCell>
                  <StackingCell action>
                    <div className="flex gap-2">
                      <EditProduct product={product} />
                      <DeleteProduct product={product} />
                    </div>
                  </StackingCell>
                </StackingRow>
              ))}
            </StackingTable>
            <Pagination page={page} pageCount={Math.ceil(products.data.total / pageSize)} onPage={setPage} label="Product pages" />
          </>
        )}
      </div>
    </DashboardPage>
  );
}

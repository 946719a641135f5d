import { useState } from 'react';
import { addressBookLimits, addressBookMessages, type SavedAddress } from '../../../../common/schemas/addresses.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ErrorState } from '../../../components/ui/query-states.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useAddressBook, useChangeAddress, useDeleteAddress, useSaveAddress } from '../api/address-queries.ts';
import { AddressForm } from './address-form.tsx';
import { AddressLabel } from './address-label.tsx';
import { addressValues, blankAddress } from './saved-address-choice.tsx';

/** What is being edited: nothing, a new address, or one of the book's. */
type Editing = { kind: 'none' } | { kind: 'new' } | { kind: 'change'; address: SavedAddress };

/**
 * My Profile's address book (ADR 030): the customer's addresses laid out as on a parcel, the default
 * marked; each can be changed, made the default or deleted, and a new one added. Checkout and Buy Now
 * offer them.
 */
export function AddressBook({ name }: { name: string }) {
  const toast = useToast();
  const book = useAddressBook();
  const save = useSaveAddress();
  const change = useChangeAddress();
  const remove = useDeleteAddress();
  const [editing, setEditing] = useState<Editing>({ kind: 'none' });
  const [deleting, setDeleting] = useState<SavedAddress | null>(null);
  const addresses = book.data ?? [];

  const saved = () => {
    setEditing({ kind: 'none' });
    toast(addressBookMessages.saved);
  };

  function makeDefault(address: SavedAddress) {
    change.mutate({ id: address._id, address: { ...addressValues(address), isDefault: true } }, { onError: (error) => toast(error.message, 'error') });
  }

  return (
    <section aria-labelledby="address-book-heading" className="space-y-4 rounded-xl border border-base-300 bg-base-100 p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="address-book-heading" className="text-lg font-semibold text-stone-900">
            Addresses
          </h2>
          <p className="mt-1 text-sm text-stone-600">Where your tools go. Checkout offers them, the default first.</p>
        </div>
        {editing.kind === 'none' && addresses.length < addressBookLimits.addresses && (
          <button type="button" className="btn btn-outline btn-sm" onClick={() => setEditing({ kind: 'new' })}>
            Add an address
          </button>
        )}
      </div>

      {book.isPending ? (
        <div className="skeleton h-24 w-full rounded-lg" aria-label="Loading your addresses" />
      ) : book.isError ? (
        <ErrorState title="We could not load your addresses" error={book.error} onRetry={() => void book.refetch()} />
      ) : addresses.length === 0 && editing.kind === 'none' ? (
        <p className="rounded-lg bg-base-200 px-4 py-3 text-sm text-stone-700">No saved addresses yet. Add one, or tick "Save this address" when you order.</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {addresses.map((address) => (
            <li
              key={address._id}
              className={`flex flex-col justify-between gap-3 rounded-lg border p-4 ${address.isDefault ? 'border-primary/60 bg-primary/5' : 'border-base-300'}`}
            >
              <div className="text-sm text-stone-800">
                {address.isDefault && <span className="badge badge-primary badge-sm mb-2">Default</span>}
                <AddressLabel address={address} />
              </div>
              <div className="flex flex-wrap gap-2">
                <button type="button" className="btn btn-ghost btn-xs" onClick={() => setEditing({ kind: 'change', address })} aria-label={`Edit ${address.line1}`}>
                  Edit
                </button>
                {!address.isDefault && (
                  <button
                    type="button"
                    className="btn btn-ghost btn-xs"
                    disabled={change.isPending}
                    onClick={() => makeDefault(address)}
                    aria-label={`Make ${address.line1} the default`}
                  >
                    Make default
                  </button>
                )}
                <button type="button" className="btn btn-ghost btn-xs text-error" onClick={() => setDeleting(address)} aria-label={`Delete ${address.line1}`}>
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}

      {editing.kind === 'new' && (
        <AddressForm
          title="New address"
          defaults={blankAddress(name)}
          isDefault={addresses.length === 0}
          busy={save.isPending}
          error={save.error?.message}
          onCancel={() => setEditing({ kind: 'none' })}
          onSave={(address) => save.mutate(address, { onSuccess: saved })}
        />
      )}
      {editing.kind === 'change' && (
        <AddressForm
          key={editing.address._id}
          title="Edit address"
          defaults={addressValues(editing.address)}
          isDefault={editing.address.isDefault}
          busy={change.isPending}
          error={change.error?.message}
          onCancel={() => setEditing({ kind: 'none' })}
          onSave={(address) => change.mutate({ id: editing.address._id, address }, { onSuccess: saved })}
        />
      )}

      <ConfirmDialog
        open={deleting !== null}
        title="Delete this address?"
        confirmLabel="Delete"
        tone="danger"
        busy={remove.isPending}
        error={remove.error?.message}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting._id, {
            onSuccess: () => {
              setDeleting(null);
              toast(addressBookMessages.deleted);
            },
          })
        }
      >
        {deleting && <AddressLabel address={deleting} className="text-sm text-stone-800" />}
      </ConfirmDialog>
    </section>
  );
}

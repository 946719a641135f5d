import { addressBookLimits, addressBookMessages, type SavedAddress } from '../../../common/schemas/addresses.ts';
import { addressFromStored, type PostalAddress } from '../../../common/postal-addresses.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { conflict, notFound } from '../../errors.ts';
import { isRecordId, newRecordId } from '../../record-id.ts';
import type { SignedInUser } from '../auth/viewer.ts';
import type { AddressRepository, AddressRow } from './address-repository.ts';

/** An address as the schema leaves it: checked, trimmed, with the default wish apart. */
type CheckedAddress = PostalAddress & { isDefault?: boolean | undefined };

export function toSavedAddress({ id, user_id: _owner, postal_code, is_default, created_at: _created, updated_at: _updated, ...parts }: AddressRow): SavedAddress {
  return { _id: id, ...addressFromStored({ ...parts, postalCode: postal_code }), isDefault: is_default === 1 };
}

const columnsOf = (address: CheckedAddress) => ({
  name: address.name,
  line1: address.line1,
  line2: address.line2 ?? null,
  city: address.city,
  region: address.region ?? null,
  postal_code: address.postalCode ?? null,
  country: address.country,
});

const notYours = () => notFound('No address of yours has that id.');

/**
 * A customer's address book (ADR 030): their own addresses only, at most twenty, exactly one of them
 * the default while there is any. Each change holds the customer's account row, so that changes sent
 * at once never make a 21st address or two defaults.
 */
export function createAddressService(addresses: AddressRepository, clock: Clock) {
  async function listed(viewer: SignedInUser, on?: Database): Promise<SavedAddress[]> {
    return (await addresses.listOf(viewer.id, on)).map(toSavedAddress);
  }

  return {
    list: (viewer: SignedInUser) => listed(viewer),

    /** One of the viewer's addresses, for an order to go to; someone else's answers 404. */
    async own(viewer: SignedInUser, id: string): Promise<SavedAddress> {
      const row = isRecordId(id) ? await addresses.findOwn(viewer.id, id) : undefined;
      if (!row) throw notYours();
      return toSavedAddress(row);
    },

    async add(viewer: SignedInUser, input: CheckedAddress): Promise<SavedAddress> {
      return addresses.withBookHeld(viewer.id, async (trx) => {
        const book = await addresses.listOf(viewer.id, trx);
        if (book.length >= addressBookLimits.addresses) throw conflict(addressBookMessages.full, 'ADDRESS_BOOK_FULL');
        const isDefault = book.length === 0 || input.isDefault === true;
        if (isDefault) await addresses.clearDefault(trx, viewer.id);
        const now = clock().toISOString();
        const row = await addresses.insert(trx, { id: newRecordId(), user_id: viewer.id, ...columnsOf(input), is_default: isDefault ? 1 : 0, created_at: now, updated_at: now });
        return toSavedAddress(row);
      });
    },

    /** Changes an address; `isDefault: true` makes it the default. The default cannot be unmade but by making another one. */
    async change(viewer: SignedInUser, id: string, input: CheckedAddress): Promise<SavedAddress> {
      if (!isRecordId(id)) throw notYours();
      return addresses.withBookHeld(viewer.id, async (trx) => {
        const current = await addresses.findOwn(viewer.id, id, trx);
        if (!current) throw notYours();
        const isDefault = current.is_default === 1 || input.isDefault === true;
        if (isDefault && current.is_default !== 1) await addresses.clearDefault(trx, viewer.id);
        const row = await addresses.update(trx, viewer.id, id, { ...columnsOf(input), is_default: isDefault ? 1 : 0, updated_at: clock().toISOString() });
        if (!row) throw notYours();
        return toSavedAddress(row);
      });
    },

    /** Deletes an address; when it was the default, the newest of the others becomes the default. */
    async remove(viewer: SignedInUser, id: string): Promise<{ deletedCount: number }> {
      if (!isRecordId(id)) throw notYours();
      return addresses.withBookHeld(viewer.id, async (trx) => {
        const removed = await addresses.remove(trx, viewer.id, id);
        if (!removed) throw notYours();
        if (removed.is_default === 1) {
          const [newest] = await addresses.listOf(viewer.id, trx);
          if (newest) await addresses.update(trx, viewer.id, newest.id, { is_default: 1 });
        }
        return { deletedCount: 1 };
      });
    },
  };
}

export type AddressService = ReturnType<typeof createAddressService>;

import { z } from 'zod';
import { postalAddressOutputSchema, postalAddressSchema } from './postal-addresses.ts';

export const addressBookLimits = { addresses: 20 } as const;

export const addressBookMessages = {
  full: `An address book holds at most ${addressBookLimits.addresses} addresses. Please delete one first.`,
  saved: 'Address saved',
  deleted: 'Address deleted',
} as const;

/** `POST /addresses` and `PUT /addresses/{id}`: an address, and whether it is to be the default. */
export const addressInputSchema = postalAddressSchema.safeExtend({
  isDefault: z.boolean().optional().meta({ description: 'Make it the default address (the first one saved is)' }),
});
export type AddressInput = z.input<typeof addressInputSchema>;

/** An address of the customer's address book, as the wire carries it. */
export const savedAddressSchema = postalAddressOutputSchema.extend({ _id: z.string(), isDefault: z.boolean() });
export type SavedAddress = z.infer<typeof savedAddressSchema>;

export const addressIdParamsSchema = z.object({ id: z.string().max(200) });

import { z } from 'zod';
import { staffRoles } from '../staff-roles.ts';

/** What an owner may give someone: a staff role, or `customer`, which takes the role away. */
export const roleChoices = [...staffRoles, 'customer'] as const;
export type RoleChoice = (typeof roleChoices)[number];

/** `PUT /users/{email}/role`, and the role chooser on the Make Admin page. */
export const roleChangeSchema = z.object({
  role: z.enum(roleChoices, { error: 'Choose owner, manager, fulfilment, support or customer.' }),
});
export type RoleChange = z.infer<typeof roleChangeSchema>;

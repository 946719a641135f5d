import { hasRight, type StaffRight, withoutRightMessage } from '../../../common/staff-roles.ts';
import { AppError } from '../../errors.ts';
import type { SignedInUser } from './viewer.ts';

/**
 * Refuses, with 403, a signed-in person without `right`: a customer as "only an admin", a staff
 * member with a message that names what their role does not let them do (ADR 042). The access hook
 * uses it for every admin route; the domain for calls open to customers that reach others' things.
 */
export function refuseWithoutRight(viewer: Pick<SignedInUser, 'staffRole'>, right: StaffRight): void {
  if (!viewer.staffRole) throw new AppError(403, 'FORBIDDEN', 'Only an admin may do this.');
  if (!hasRight(viewer.staffRole, right)) throw new AppError(403, 'FORBIDDEN', withoutRightMessage(viewer.staffRole, right));
}

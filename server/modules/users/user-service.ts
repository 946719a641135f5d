import { sameEmail } from '../../../common/contact-rules.ts';
import type { z } from 'zod';
import type { RoleChoice } from '../../../common/schemas/staff-roles.ts';
import type { User, userUpdateSchema } from '../../../common/schemas/users.ts';
import type { StaffRight, StaffRole } from '../../../common/staff-roles.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import { refuseWithoutRight } from '../auth/staff-rights.ts';
import type { AuditRecorder } from '../audit/audit-trail.ts';
import type { SignedInUser } from '../auth/viewer.ts';
import type { UserRepository, UserRow } from './user-repository.ts';

type ParsedUpdate = z.output<typeof userUpdateSchema>;

function toUser(row: UserRow): User {
  return {
    _id: row.id,
    userName: row.name,
    userEmail: row.email,
    userEdu: row.education ?? '',
    userLocation: row.location ?? '',
    userNumber: row.contactNumber ?? '',
    ...(row.role === 'admin' ? { userRole: 'admin' as const } : {}),
    ...(row.staffRole ? { staffRole: row.staffRole } : {}),
  };
}

/**
 * Users as design.md's table allows: a customer sees and edits only themselves; staff reach others
 * with their role's rights (ADR 042): reading needs 'customers.read', changing 'customers', and making
 * an admin or choosing a role 'roles'.
 */
export function createUserService(users: UserRepository, audit: AuditRecorder) {
  function mayReach(viewer: SignedInUser, email: string, right: StaffRight): void {
    if (sameEmail(viewer.email, email)) return;
    if (!viewer.staffRole) throw new AppError(403, 'FORBIDDEN', 'You can only see and change your own profile.');
    refuseWithoutRight(viewer, right);
  }

  /**
   * Gives or takes a staff role in the one transaction that keeps an owner (user-repository.ts), and
   * records the change in the audit trail in that transaction; `ip` is the address the owner called from.
   */
  async function setStaffRole(viewer: SignedInUser, ip: string, row: UserRow, role: StaffRole | null): Promise<UserRow> {
    const actor = { userId: viewer.id, email: viewer.email, ip };
    const outcome = await users.setStaffRole(row.id, role, viewer.id, (transaction, before) =>
      audit(transaction, actor, { kind: 'role.changed', subject: row.email, detail: { changes: [{ field: 'role', before: before ?? 'customer', after: role ?? 'customer' }] } }),
    );
    if (outcome === 'changer-not-allowed') throw new AppError(403, 'FORBIDDEN', 'Your own role changed a moment ago: you may no longer choose who is staff.');
    if (outcome === 'last-owner') throw conflict(`${row.name} is the shop’s only owner. Make someone else an owner first.`, 'LAST_OWNER');
    return { ...row, role: role ? 'admin' : 'user', staffRole: role };
  }

  async function find(email: string): Promise<UserRow> {
    const row = await users.findByEmail(email.trim());
    if (!row) throw notFound('There is no user with that e-mail address.');
    return row;
  }

  return {
    async list(page: { limit: number; offset: number }) {
      const { items, total } = await users.list(page);
      return { items: items.map(toUser), total };
    },

    async get(viewer: SignedInUser, email: string): Promise<User> {
      mayReach(viewer, email, 'customers.read');
      return toUser(await find(email));
    },

    async update(viewer: SignedInUser, ip: string, email: string, changes: ParsedUpdate): Promise<User> {
      if (changes.userRole && !viewer.staffRole) throw new AppError(403, 'FORBIDDEN', 'Only an admin can make someone an admin.');
      // Make Admin is the owner's: it gives the owner role (ADR 042).
      if (changes.userRole) refuseWithoutRight(viewer, 'roles');
      mayReach(viewer, email, 'customers');
      const row = await find(email);
      if (changes.userEmail && !sameEmail(changes.userEmail, row.email)) {
        throw new AppError(400, 'VALIDATION_FAILED', 'The e-mail address of an account cannot be changed here.');
      }
      const next = {
        ...(changes.userName !== undefined && { name: changes.userName }),
        ...(changes.userEdu !== undefined && { education: changes.userEdu }),
        ...(changes.userLocation !== undefined && { location: changes.userLocation }),
        ...(changes.userNumber !== undefined && { contactNumber: changes.userNumber }),
      };
      const promoted = changes.userRole ? await setStaffRole(viewer, ip, row, 'owner') : row;
      await users.updateProfile(row.id, next);
      return toUser({ ...promoted, ...next });
    },

    /** `PUT /users/{email}/role`: a staff role given, changed, or (`customer`) taken away. */
    async setRole(viewer: SignedInUser, ip: string, email: string, role: RoleChoice): Promise<User> {
      return toUser(await setStaffRole(viewer, ip, await find(email), role === 'customer' ? null : role));
    },

    hasPassword: (userId: string) => users.hasPassword(userId),
  };
}

export type UserService = ReturnType<typeof createUserService>;

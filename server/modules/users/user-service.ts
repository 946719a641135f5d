import { sameEmail } from '../../../common/contact-rules.ts';
import type { z } from 'zod';
import type { User, userUpdateSchema } from '../../../common/schemas/users.ts';
import { AppError, notFound } from '../../errors.ts';
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
  };
}

/** Users as design.md's table allows: a customer sees and edits only themselves; an admin anyone. */
export function createUserService(users: UserRepository) {
  function mayReach(viewer: SignedInUser, email: string): void {
    if (viewer.role !== 'admin' && !sameEmail(viewer.email, email)) {
      throw new AppError(403, 'FORBIDDEN', 'You can only see and change your own profile.');
    }
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
      mayReach(viewer, email);
      return toUser(await find(email));
    },

    async update(viewer: SignedInUser, email: string, changes: ParsedUpdate): Promise<User> {
      mayReach(viewer, email);
      if (changes.userRole && viewer.role !== 'admin') {
        throw new AppError(403, 'FORBIDDEN', 'Only an admin can make someone an admin.');
      }
      const row = await find(email);
      if (changes.userEmail && !sameEmail(changes.userEmail, row.email)) {
        throw new AppError(400, 'VALIDATION_FAILED', 'The e-mail address of an account cannot be changed here.');
      }
      const next = {
        ...(changes.userName !== undefined && { name: changes.userName }),
        ...(changes.userEdu !== undefined && { education: changes.userEdu }),
        ...(changes.userLocation !== undefined && { location: changes.userLocation }),
        ...(changes.userNumber !== undefined && { contactNumber: changes.userNumber }),
        ...(changes.userRole && { role: changes.userRole }),
      };
      await users.updateProfile(row.id, next);
      return toUser({ ...row, ...next });
    },

    hasPassword: (userId: string) => users.hasPassword(userId),
  };
}

export type UserService = ReturnType<typeof createUserService>;

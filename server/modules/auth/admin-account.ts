import { isAPIError } from 'better-auth/api';
import type { FastifyBaseLogger } from 'fastify';
import type { ErrorCode } from '../../../common/error-codes.ts';
import type { UserRepository } from '../users/user-repository.ts';
import type { Auth } from './auth.ts';

export class AdminAccountError extends Error {
  override name = 'AdminAccountError';
}

/**
 * Makes sure the account named by ADMIN_EMAIL exists and is an admin, with the owner role (ADR 042). A new account gets
 * ADMIN_PASSWORD. An existing customer account is promoted only if ADMIN_PASSWORD is its password:
 * e-mail addresses are not verified, so whoever registered the address first must not become
 * admin by it. An account made here counts as confirmed and keeps no session from its making. Two
 * processes starting at once both end with one admin.
 */
export async function ensureAdminAccount(auth: Auth, users: UserRepository, admin: { email: string; password: string }, log: FastifyBaseLogger): Promise<void> {
  let created = false;
  if (!(await users.findByEmail(admin.email))) {
    try {
      await auth.api.signUpEmail({ body: { name: 'Shop admin', email: admin.email, password: admin.password } });
      created = true;
    } catch (error) {
      if (isAPIError(error) && error.body?.code === ('PASSWORD_TOO_COMMON' satisfies ErrorCode)) {
        throw new AdminAccountError('ADMIN_PASSWORD is one of the most common passwords, which the shop refuses for every account. Choose another.');
      }
      // Another process may have created it a moment ago; anything else is a real failure.
      if (!(await users.findByEmail(admin.email))) throw error;
    }
  }
  const account = await users.findByEmail(admin.email);
  if (account && created) await users.settleMadeAtStart(account.id);
  // Already staff (every start after the first): nothing to do and nothing to say. The role an owner
  // has given it since stays: a restart does not undo an owner's choice.
  if (!account || account.staffRole !== null) return;

  const hash = await users.passwordHash(account.id);
  const { password } = await auth.$context;
  if (!hash || !(await password.verify({ hash, password: admin.password }))) {
    throw new AdminAccountError(
      `ADMIN_EMAIL names an existing account (${admin.email}) whose password is not ADMIN_PASSWORD; it was not made an admin. ` +
        'Sign in to that account and make it an admin another way, or choose another ADMIN_EMAIL.',
    );
  }
  await users.setStaffRole(account.id, 'owner');
  // One line, said once the account is an admin: sign-up makes a customer, promoted just above.
  log.info({ email: admin.email }, created ? 'admin account created' : 'existing account made an admin');
}

import type { FastifyBaseLogger } from 'fastify';
import type { UserRepository } from '../users/user-repository.ts';
import type { Auth } from './auth.ts';

/**
 * Makes sure the account named by ADMIN_EMAIL exists and is an admin. An existing account keeps its
 * password; a new one gets ADMIN_PASSWORD. Two processes starting at once both end with one admin.
 */
export async function ensureAdminAccount(
  auth: Auth,
  users: UserRepository,
  admin: { email: string; password: string },
  log: FastifyBaseLogger,
): Promise<void> {
  if (!(await users.findByEmail(admin.email))) {
    try {
      await auth.api.signUpEmail({ body: { name: 'Shop admin', email: admin.email, password: admin.password } });
      log.info({ email: admin.email }, 'admin account created');
    } catch (error) {
      // Another process may have created it a moment ago; anything else is a real failure.
      if (!(await users.findByEmail(admin.email))) throw error;
    }
  }
  const account = await users.findByEmail(admin.email);
  if (account && account.role !== 'admin') await users.updateProfile(account.id, { role: 'admin' });
}

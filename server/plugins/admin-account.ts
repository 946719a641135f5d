import fp from 'fastify-plugin';
import { ensureAdminAccount } from '../modules/auth/admin-account.ts';
import type { Auth } from '../modules/auth/auth.ts';
import type { UserRepository } from '../modules/users/user-repository.ts';

export interface AdminAccountOptions {
  auth: Auth;
  users: UserRepository;
  /** ADMIN_EMAIL and ADMIN_PASSWORD, when set. */
  admin: { email: string; password: string } | undefined;
}

/** The admin account named in the settings, made on ready: once the app, and better-auth with it, has started. */
export const adminAccount = fp<AdminAccountOptions>(
  (app, { auth, users, admin }, loaded) => {
    if (admin) app.addHook('onReady', () => ensureAdminAccount(auth, users, admin, app.log));
    loaded();
  },
  // After the route checks and the queue's start, whose onReady hooks run first: a shop that refuses
  // to start changes no account, and the queue's tables are ready for any mail the sign-up enqueues.
  { name: 'admin-account', dependencies: ['route-access', 'job-queue'], fastify: '5.x' },
);

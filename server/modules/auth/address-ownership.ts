import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { isPostgres } from '../../db/dialect.ts';
import type { AccountSessionRepository } from './account-session-repository.ts';
import { sessionTokenAsRead } from './session-cookie.ts';

/**
 * How someone proved that they read the mail of an address: Google vouched for it, they used the
 * reset link, or they opened the confirmation link somewhere the account is not signed in.
 */
export type AddressProof = 'google' | 'password-reset' | 'confirmation-link';

/**
 * An address belongs to whoever can read its mail (ADR 016). Until someone proves it, an account's
 * address is only a claim: anyone may sign up with another person's address, or sign in with a
 * Facebook profile that names it. When the owner proves it (Google vouches for it, or they use the
 * reset link mailed to it) on an account whose address was never proved, the account becomes theirs:
 * every way in set up by the claimant (a password, a Facebook identity, an authenticator app) is
 * removed and every session ends, so the claimant is locked out and the owner starts clean.
 *
 * The proving way in is kept: a Google sign-in is linked by better-auth right after this, and a
 * reset has just set the owner's own password.
 */
export interface AddressOwnershipDependencies {
  db: Database;
  /** The read of who a session cookie signs in, as every call makes it. */
  accountSessions: Pick<AccountSessionRepository, 'signedInBy'>;
  /** The key better-auth signs session cookies with. */
  secret: string;
  /** Whether better-auth's cookies carry the `__Secure-` prefix (the shop served over https). */
  secureCookies: boolean;
  clock: Clock;
  /** better-auth's own reading of a request's session: the signed-in account's id, or null. */
  askBetterAuth: (headers: Headers) => Promise<string | null>;
}

export function createAddressOwnership({ db, accountSessions, secret, secureCookies, clock, askBetterAuth }: AddressOwnershipDependencies) {
  // better-auth keeps its flags as booleans on PostgreSQL and as 0/1 on SQLite.
  const flag = (value: boolean) => (isPostgres(db) ? value : Number(value));
  return {
    /**
     * Whether a request comes from a browser signed in to this account: someone who confirms their
     * address there is the one who signed up, and keeps the password they chose. The cookie is read
     * as the shop reads it on every call (ADR 058): one cookie under the name better-auth reads,
     * signed under the shop's secret, of a session that has not ended. Whatever the shop does not
     * read itself (two session cookies, one under the other name, a signature under another secret
     * while secrets rotate) is better-auth's to answer, as it answers it on every other call.
     */
    async signedInAs(userId: string, headers: Headers | undefined): Promise<boolean> {
      const found = sessionTokenAsRead(headers?.get('cookie'), { secure: secureCookies, secret });
      if (found.kind === 'none') return false;
      if (found.kind === 'better-auth') return (await askBetterAuth(headers!)) === userId;
      const session = await accountSessions.signedInBy(found.token);
      return session?.id === userId && new Date(session.expiresAt).getTime() > clock().getTime();
    },

    async proven(email: string, by: AddressProof): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const claimed = await trx.selectFrom('user').select('id').where('email', '=', email.trim().toLowerCase()).where('emailVerified', '=', flag(false)).executeTakeFirst();
        if (!claimed) return;
        // A reset has just set the owner's own password; nothing else the account had was theirs.
        const kept = by === 'password-reset' ? 'credential' : undefined;
        let unproven = trx.deleteFrom('account').where('userId', '=', claimed.id);
        if (kept) unproven = unproven.where('providerId', '!=', kept);
        await unproven.execute();
        await trx.deleteFrom('twoFactor').where('userId', '=', claimed.id).execute();
        await trx.deleteFrom('session').where('userId', '=', claimed.id).execute();
        await trx
          .updateTable('user')
          .set({ emailVerified: flag(true), twoFactorEnabled: flag(false) })
          .where('id', '=', claimed.id)
          .execute();
      });
    },
  };
}

export type AddressOwnership = ReturnType<typeof createAddressOwnership>;

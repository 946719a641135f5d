import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { UserRole } from '../../../common/account-rules.ts';
import { type StaffRole, staffRoles } from '../../../common/staff-roles.ts';
import type { Clock } from '../../clock.ts';
import type { AccountSessionRepository } from './account-session-repository.ts';
import type { Auth } from './auth.ts';
import { hasDontRememberCookie, sessionTokenAsRead } from './session-cookie.ts';
import { sessionLifetime } from './session-lifetime.ts';

/** Who is signed in, as the server's checks need them. */
export interface SignedInUser {
  id: string;
  name: string;
  email: string;
  role: UserRole;
  /** Which admin calls a staff member may make (common/staff-roles.ts); null for a customer. */
  staffRole: StaffRole | null;
  twoFactorEnabled: boolean;
  /** Whether the owner has confirmed the address with the link mailed to it (or Google vouched for it). */
  emailVerified: boolean;
}

/** Finds who is signed in on a request, from its session cookie, once per request. */
export interface Sessions {
  viewerOf(request: FastifyRequest): Promise<SignedInUser | null>;
  /** The id (never the token) of the session the request is signed in with. */
  sessionIdOf(request: FastifyRequest): Promise<string | null>;
}

interface SignedInSession {
  viewer: SignedInUser;
  sessionId: string;
}

/** The stored staff role, or null for anything else (a customer's is null): a word the shop does not know grants nothing. */
function staffRoleOf(stored: unknown): StaffRole | null {
  return staffRoles.find((role) => role === stored) ?? null;
}

/** The account as the checks see it, from better-auth's user or the shop's own read of the row. */
function viewerOf(user: { id: string; name: string; email: string; role: unknown; staffRole: unknown; twoFactorEnabled: unknown; emailVerified: unknown }): SignedInUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role === 'admin' ? 'admin' : 'user',
    staffRole: staffRoleOf(user.staffRole),
    twoFactorEnabled: Boolean(user.twoFactorEnabled),
    emailVerified: Boolean(user.emailVerified),
  };
}

export interface SessionReading {
  auth: Auth;
  /** better-auth's session and user rows, read by the shop in one query. */
  accountSessions: Pick<AccountSessionRepository, 'signedInBy'>;
  /** The key better-auth signs session cookies with. */
  secret: string;
  /** Whether better-auth's cookies carry the `__Secure-` prefix (the shop served over https). */
  secureCookies: boolean;
  clock: Clock;
}

const found = new WeakMap<FastifyRequest, Promise<SignedInSession | null>>();

/**
 * The session table is read for every request that carries a session cookie (ADR 036): nothing is
 * kept between requests, so a session ended or an account changed on any process counts on every
 * process from its next request. Within one request the answer is read once, however many hooks ask.
 *
 * The read is the shop's own (ADR 058): the cookie's signature checked with node:crypto and the
 * session with its account in one query, which is what better-auth's getSession does for a live
 * session, at a fraction of its cost on every signed-in call. Whatever better-auth would change or
 * decide otherwise goes to better-auth itself: a session expired (which it deletes) or due to be
 * pushed back (which it writes), a "don't remember me" session, a cookie whose signature is not under
 * the shop's secret, and a request with two session cookies or one under the name better-auth does not
 * read (the plain name on https, the `__Secure-` one on http).
 */
export function createSessions({ auth, accountSessions, secret, secureCookies, clock }: SessionReading): Sessions {
  async function askBetterAuth(request: FastifyRequest): Promise<SignedInSession | null> {
    const signedIn = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!signedIn) return null;
    const { user } = signedIn;
    return { viewer: viewerOf({ ...user, staffRole: user.staffRole }), sessionId: signedIn.session.id };
  }

  async function lookUp(request: FastifyRequest): Promise<SignedInSession | null> {
    const { cookie } = request.headers;
    const found = sessionTokenAsRead(cookie, { secure: secureCookies, secret });
    if (found.kind === 'none') return null;
    if (found.kind === 'better-auth' || hasDontRememberCookie(cookie)) return askBetterAuth(request);
    const row = await accountSessions.signedInBy(found.token);
    if (!row) return null;
    const expiresAt = new Date(row.expiresAt).getTime();
    const now = clock().getTime();
    // better-auth's rule for pushing a session's end back: a day (updateAge) after it last was.
    const dueToBePushedBack = expiresAt - sessionLifetime.expiresInSeconds * 1000 + sessionLifetime.updateAgeSeconds * 1000 <= now;
    if (expiresAt <= now || dueToBePushedBack) return askBetterAuth(request);
    return { viewer: viewerOf({ ...row, staffRole: row.staff_role }), sessionId: row.sessionId };
  }

  function sessionOf(request: FastifyRequest): Promise<SignedInSession | null> {
    let session = found.get(request);
    if (!session) {
      session = lookUp(request);
      found.set(request, session);
    }
    return session;
  }
  return {
    viewerOf: async (request) => (await sessionOf(request))?.viewer ?? null,
    sessionIdOf: async (request) => (await sessionOf(request))?.sessionId ?? null,
  };
}

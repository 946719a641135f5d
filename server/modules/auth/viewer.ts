import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { UserRole } from '../../../common/account-rules.ts';
import type { Clock } from '../../clock.ts';
import type { VersionWatch } from '../../db/version-watch.ts';
import type { Auth } from './auth.ts';
import { sessionCookieValue, sessionTokenOf } from './session-cookie.ts';

/** Who is signed in, as the server's checks need them. */
export interface SignedInUser {
  id: string;
  name: string;
  email: string;
  role: UserRole;
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
  /** The session's token, which its cookie carries. */
  token: string;
  /** When better-auth ends the session. */
  expiresAt: Date;
}

/** Who a session cookie was found to be, and until when that may be believed without asking again. */
interface KnownSession {
  session: SignedInSession;
  /** The accounts' version read before the session was: a change since drops the entry. */
  version: number;
  /** performance.now() after which the session table is read again. */
  freshUntil: number;
}

export interface SessionCacheSettings {
  /** How long a process believes a session cookie without reading the session table; 0 never. */
  keepMs: number;
  /** How many sessions a process keeps; the oldest goes first. */
  maxSessions: number;
}

const found = new WeakMap<FastifyRequest, Promise<SignedInSession | null>>();

/**
 * `accounts` watches the version the database raises whenever a session ends or changes or an
 * account changes (migration 020). A reading request (GET, HEAD) signed in with a cookie this process
 * has looked up within `keepMs`, while that version stayed the same, is not looked up again (ADR 023):
 * a sign-out anywhere, a role taken away or a password changed reaches every process within the
 * version's look interval. A request that changes something always reads the session table.
 */
export function createSessions(auth: Auth, accounts: VersionWatch, clock: Clock, settings: SessionCacheSettings): Sessions {
  const known = new Map<string, KnownSession>();

  async function lookUpAndKeep(request: FastifyRequest): Promise<SignedInSession | null> {
    const cookie = sessionCookieValue(request.headers.cookie);
    const reading = request.method === 'GET' || request.method === 'HEAD';
    if (!cookie || settings.keepMs === 0) return lookUp(request);
    // Read before the session is: a change that lands in between leaves this entry behind the version.
    const version = await accounts.current();
    const kept = known.get(cookie);
    if (reading && kept && kept.version === version && performance.now() < kept.freshUntil && clock() < kept.session.expiresAt) return kept.session;
    const session = await lookUp(request);
    known.delete(cookie);
    // Kept under the cookie only if better-auth found the session that very cookie names.
    if (session && session.token === sessionTokenOf(cookie)) {
      known.set(cookie, { session, version, freshUntil: performance.now() + settings.keepMs });
      if (known.size > settings.maxSessions) known.delete(known.keys().next().value!);
    }
    return session;
  }

  async function lookUp(request: FastifyRequest): Promise<SignedInSession | null> {
    const signedIn = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!signedIn) return null;
    const { user } = signedIn;
    const viewer: SignedInUser = {
      id: user.id,
      name: user.name,
      email: user.email,
      role: user.role === 'admin' ? 'admin' : 'user',
      twoFactorEnabled: Boolean(user.twoFactorEnabled),
      emailVerified: user.emailVerified,
    };
    return { viewer, sessionId: signedIn.session.id, token: signedIn.session.token, expiresAt: new Date(signedIn.session.expiresAt) };
  }
  function sessionOf(request: FastifyRequest): Promise<SignedInSession | null> {
    let session = found.get(request);
    if (!session) {
      session = lookUpAndKeep(request);
      found.set(request, session);
    }
    return session;
  }
  return {
    viewerOf: async (request) => (await sessionOf(request))?.viewer ?? null,
    sessionIdOf: async (request) => (await sessionOf(request))?.sessionId ?? null,
  };
}

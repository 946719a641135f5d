import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { UserRole } from '../../../common/account-rules.ts';
import { type StaffRole, staffRoles } from '../../../common/staff-roles.ts';
import type { Auth } from './auth.ts';

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

const found = new WeakMap<FastifyRequest, Promise<SignedInSession | null>>();

/**
 * better-auth reads the session table for every request that carries a session cookie (ADR 036):
 * nothing is kept between requests, so a session ended or an account changed on any process counts
 * on every process from its next request, reading or not. Within one request the answer is read once,
 * however many hooks ask.
 */
export function createSessions(auth: Auth): Sessions {
  async function lookUp(request: FastifyRequest): Promise<SignedInSession | null> {
    const signedIn = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!signedIn) return null;
    const { user } = signedIn;
    const viewer: SignedInUser = {
      id: user.id,
      name: user.name,
      email: user.email,
      role: user.role === 'admin' ? 'admin' : 'user',
      staffRole: staffRoleOf(user.staffRole),
      twoFactorEnabled: Boolean(user.twoFactorEnabled),
      emailVerified: user.emailVerified,
    };
    return { viewer, sessionId: signedIn.session.id };
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

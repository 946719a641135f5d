import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { errorCodes } from '../../../common/schemas/errors.ts';
import type { UserRole } from '../../../common/account-rules.ts';
import { AppError } from '../../errors.ts';
import type { Auth } from './auth.ts';

/** Who is signed in, as the server's checks need them. */
export interface SignedInUser {
  id: string;
  name: string;
  email: string;
  role: UserRole;
  twoFactorEnabled: boolean;
}

/** Finds who is signed in on a request, from its session cookie, once per request. */
export interface Sessions {
  viewerOf(request: FastifyRequest): Promise<SignedInUser | null>;
}

const viewers = new WeakMap<FastifyRequest, Promise<SignedInUser | null>>();

export function createSessions(auth: Auth): Sessions {
  async function lookUp(request: FastifyRequest): Promise<SignedInUser | null> {
    const found = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
    if (!found) return null;
    const { user } = found;
    return {
      id: user.id,
      name: user.name,
      email: user.email,
      role: user.role === 'admin' ? 'admin' : 'user',
      twoFactorEnabled: Boolean(user.twoFactorEnabled),
    };
  }
  return {
    viewerOf(request) {
      let viewer = viewers.get(request);
      if (!viewer) {
        viewer = lookUp(request);
        viewers.set(request, viewer);
      }
      return viewer;
    },
  };
}

/** The signed-in person, or a 401 the page turns into a trip to /login. */
export async function requireSignedIn(sessions: Sessions, request: FastifyRequest): Promise<SignedInUser> {
  const viewer = await sessions.viewerOf(request);
  if (!viewer) throw new AppError(401, errorCodes.unauthenticated, 'Please log in first.');
  return viewer;
}

export async function requireAdmin(sessions: Sessions, request: FastifyRequest): Promise<SignedInUser> {
  const viewer = await requireSignedIn(sessions, request);
  if (viewer.role !== 'admin') throw new AppError(403, errorCodes.forbidden, 'Only an admin may do this.');
  return viewer;
}

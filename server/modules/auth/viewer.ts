import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { UserRole } from '../../../common/account-rules.ts';
import type { Auth } from './auth.ts';

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
      emailVerified: user.emailVerified,
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

import type { FastifyRequest } from 'fastify';
import { signedInViewer } from '../../plugins/route-access.ts';

/**
 * Who takes a staff action, as the audit trail records them: their account, their e-mail as it is
 * now, and the address they called from (`request.ip`, which is the client's own behind the proxies
 * TRUST_PROXY names, and the proxy's otherwise).
 */
export interface StaffActor {
  userId: string;
  email: string;
  ip: string;
}

/** The staff member calling an `admin` route. */
export function staffActorOf(request: FastifyRequest): StaffActor {
  const viewer = signedInViewer(request);
  return { userId: viewer.id, email: viewer.email, ip: request.ip };
}

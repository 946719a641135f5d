import type { IncomingHttpHeaders } from 'node:http';

/** A request as far as negotiation reads it: Fastify's, or Node's before Fastify sees it. */
type Negotiating = { headers: IncomingHttpHeaders };

/** The encodings the shop keeps its answers in, best first. */
export type Encoding = 'br' | 'gzip' | 'identity';

/** The best encoding the client accepts among those `available` (identity always is). */
export function preferredEncoding(request: Negotiating, available: { br?: unknown; gzip?: unknown } = { br: true, gzip: true }): Encoding {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (available.br && /\bbr\b/.test(accepted)) return 'br';
  if (available.gzip && /\bgzip\b/.test(accepted)) return 'gzip';
  return 'identity';
}

/** Whether the client's If-None-Match names `tag` (weak or strong, or `*`): its copy is current, a 304 will do. */
export function matchesEntityTag(request: Negotiating, tag: string): boolean {
  const sent = request.headers['if-none-match'];
  if (!sent) return false;
  return sent.split(',').some((candidate) => candidate.trim() === '*' || candidate.trim().replace(/^W\//, '') === tag);
}

import type { IncomingHttpHeaders } from 'node:http';

/** A request as far as negotiation reads it: its headers alone. */
type Negotiating = { headers: IncomingHttpHeaders };

/** The encodings the shop keeps its answers in, best first. */
export type Encoding = 'br' | 'gzip' | 'identity';

/** The codings an Accept-Encoding header accepts, in lower case: each listed one whose q is not 0. */
function acceptedCodings(header: string | string[] | undefined): Set<string> {
  const codings = new Set<string>();
  for (const part of String(header ?? '').split(',')) {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const refused = parameters.some((parameter) => /^q=0(\.0*)?$/.test(parameter));
    if (name && !refused) codings.add(name);
  }
  return codings;
}

function bestOf(accepted: Set<string>, available: { br?: unknown; gzip?: unknown }): Encoding {
  if (available.br && accepted.has('br')) return 'br';
  if (available.gzip && accepted.has('gzip')) return 'gzip';
  return 'identity';
}

const everyEncoding = { br: true, gzip: true };
/** The choice among every encoding, by header: browsers send a handful of different ones, on every request. */
const choiceByHeader = new Map<string, Encoding>();

/** The best encoding the client names among those `available` (identity always is): brotli, then gzip. */
export function preferredEncoding(request: Negotiating, available: { br?: unknown; gzip?: unknown } = everyEncoding): Encoding {
  const header = request.headers['accept-encoding'];
  if (available !== everyEncoding || typeof header !== 'string') return bestOf(acceptedCodings(header), available);
  let choice = choiceByHeader.get(header);
  if (choice === undefined) {
    choice = bestOf(acceptedCodings(header), available);
    if (choiceByHeader.size >= 100) choiceByHeader.clear();
    choiceByHeader.set(header, choice);
  }
  return choice;
}

/** Whether the client's If-None-Match names `tag` (weak or strong, or `*`): its copy is current, a 304 will do. */
export function matchesEntityTag(request: Negotiating, tag: string): boolean {
  const sent = request.headers['if-none-match'];
  if (!sent) return false;
  return sent.split(',').some((candidate) => candidate.trim() === '*' || candidate.trim().replace(/^W\//, '') === tag);
}

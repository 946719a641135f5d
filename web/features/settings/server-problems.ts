import { failedWith } from '../../lib/api-client.ts';

/** One field the server refused: its path in the request (`0.rates.1.price`) and what is wrong with it. */
export interface ServerFieldProblem {
  path: string;
  message: string;
}

/**
 * The fields a refused request names. The server's 400 says `Invalid request. 0.rates.1.price: A price
 * from …; 1.name: Name the zone` (server/plugins/error-handler.ts): a path and a message per problem.
 */
export function serverFieldProblems(error: unknown): ServerFieldProblem[] {
  if (!failedWith(error, 'VALIDATION_FAILED')) return [];
  const problems = error.message.replace(/^Invalid request\.\s*/, '');
  return problems.split('; ').flatMap((problem) => {
    const match = /^([\w.]+): (.+)$/s.exec(problem);
    return match ? [{ path: match[1]!, message: match[2]! }] : [];
  });
}

const words = (name: string) => name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

/**
 * A request's path as a person reads it: `0.rates.1.price` of the zones is "Zone 1, rate 2, price";
 * `seller.address.postalCode` is "Seller, address, postal code". `item` names what the request's
 * own list holds, when it is a list; `names` what the form calls a field the request names otherwise.
 */
export function readablePath(path: string, item?: string, names: Record<string, string> = {}): string {
  const segments = path.split('.');
  const parts: string[] = [];
  segments.forEach((segment, index) => {
    if (/^\d+$/.test(segment)) {
      const list = index === 0 ? item : segments[index - 1];
      const noun = list ? words(list).replace(/ies$/, 'y').replace(/s$/, '') : 'item';
      // "rates 2" reads as "rate 2": the list's name stands for its item.
      if (index > 0) parts.pop();
      parts.push(`${noun} ${Number(segment) + 1}`);
    } else {
      parts.push(names[segment] ?? words(segment));
    }
  });
  const text = parts.join(', ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** What a refused save says above its button: each field the server named and why, or its own message. */
export function refusalSummary(error: Error | null, item?: string, names?: Record<string, string>): string | undefined {
  if (!error) return undefined;
  const problems = serverFieldProblems(error);
  if (problems.length === 0) return error.message;
  return `Nothing was saved. ${problems.map((problem) => `${readablePath(problem.path, item, names)}: ${problem.message}`).join('. ')}`;
}

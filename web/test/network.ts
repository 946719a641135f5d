import { vi } from 'vitest';
import type { ApiError } from '../../common/schemas/errors.ts';

/** What the stubbed server answers to one call. */
export interface Reply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface Call {
  method: string;
  path: string;
  /** The query string's parameters. */
  query: URLSearchParams;
  /** The request's headers, by their names in lower case (a guest's `x-order-key`, say). */
  headers: Record<string, string>;
  body: unknown;
}

/** An answer, or a function of the call (which may wait, to hold a page in its loading state). */
type Answer = Reply | ((call: Call) => Reply | Promise<Reply>);

/** A JSON body parsed; any other text (a CSV file) as it is. */
function parsedBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Stands in for the shop's server, and for nothing else: `fetch` answers the calls listed, keyed
 * "METHOD /path" (decoded, without the query string), with the wire shapes of common/schemas. Any other call
 * answers 404, as the server would, and every call is kept for the test to inspect.
 */
export function stubServer(answers: Record<string, Answer>) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const url = new URL(input, 'http://shop.test');
    const path = decodeURIComponent(url.pathname);
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const call: Call = { method, path, query: url.searchParams, headers, body: typeof init.body === 'string' ? parsedBody(init.body) : undefined };
    calls.push(call);
    const answer = answers[`${method} ${path}`];
    const notFound: ApiError = { code: 'NOT_FOUND', message: `No ${method} ${path} here.` };
    const reply = answer === undefined ? { status: 404, body: notFound } : typeof answer === 'function' ? await answer(call) : answer;
    return new Response(JSON.stringify(reply.body ?? null), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json', ...reply.headers },
    });
  });
  return { calls };
}

/** A reply that waits until the test lets it go. */
export function heldReply(reply: Reply) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  return {
    answer: async () => {
      await released;
      return reply;
    },
    release,
  };
}

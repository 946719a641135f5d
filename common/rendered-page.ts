/**
 * A public page rendered on the server (ADR 024), the same for every visitor: it carries only what
 * anyone may read. web/entry-server.tsx makes it; the server writes it into the app's page.
 */
export interface RenderedPage {
  /** Tags for the head that React put before the page's markup: the largest picture's preload. */
  head: string;
  /** The markup inside #root. */
  body: string;
  /** The answers the page was rendered with (TanStack Query's dehydrated state), for the browser's query cache. */
  state: unknown;
  /** 404 for the not-found page (so that search engines do not keep it as a page), else 200. */
  status: 200 | 404;
}

/** How the web app's API calls are answered: the browser's fetch, or in a server render the server itself. */
export type ApiTransport = (path: string, init: RequestInit) => Promise<Response>;

/** Renders the public page at an address (web/entry-server.tsx); undefined when the browser renders it on its own. */
export type RenderPage = (url: string) => Promise<RenderedPage | undefined>;

/**
 * The pages whose address carries a secret from an e-mail (a token): sent as the bare app, never
 * rendered on the server nor kept, so that no token is held in memory or written to a log.
 */
export const pagesWithTokens = ['/resetPassword', '/verifyEmail', '/newsletter/confirm', '/newsletter/unsubscribe', '/cart/restore', '/cart/reminders/stop'];

/** The id of the script element that carries a rendered page's answers to the browser. */
export const renderedStateId = 'joinery-rendered-state';

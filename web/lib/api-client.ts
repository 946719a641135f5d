import type { ApiErrorCode } from '../../common/error-codes.ts';
import { totalCountCappedHeader, totalCountHeader } from '../../common/pagination.ts';
import type { ApiTransport } from '../../common/rendered-page.ts';

/** The codes this client gives a call that got no answer of the shop's. */
type ClientErrorCode = 'NETWORK' | 'HTTP_ERROR';

/**
 * A failed call to our API, carrying the server's `{ code, message }`. The code is typed as the
 * declared ones (common/error-codes.ts), so that a page can match only those; better-auth may answer
 * others of its own, which the pages show by their message.
 */
export class ApiRequestError extends Error {
  override name = 'ApiRequestError';
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode | ClientErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** Whether a call failed with this declared code. */
export const failedWith = (error: unknown, code: ApiErrorCode): error is ApiRequestError => error instanceof ApiRequestError && error.code === code;

export interface Page<T> {
  items: T[];
  total: number;
  /** The total is only how many were counted: there are more (a broad search). */
  capped: boolean;
}

/** The browser's fetch; a page rendered on the server asks the server itself instead (web/entry-server.tsx). */
let transport: ApiTransport = (path, init) => fetch(path, init);

export function setApiTransport(replacement: ApiTransport): void {
  transport = replacement;
}

async function send(path: string, init?: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await transport(path, { ...init, headers: { accept: 'application/json', ...init?.headers } });
  } catch {
    throw new ApiRequestError(0, 'NETWORK', 'Could not reach the shop. Check your connection and try again.');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { code?: ApiErrorCode; message?: string } | null;
    throw new ApiRequestError(response.status, body?.code ?? 'HTTP_ERROR', body?.message ?? `The shop answered ${response.status}. Please try again.`);
  }
  return response;
}

async function sendJson<T>(method: 'POST' | 'PUT' | 'PATCH', path: string, body: unknown, headers?: Record<string, string>): Promise<T> {
  const response = await send(path, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

export const apiPost = <T>(path: string, body: unknown, headers?: Record<string, string>) => sendJson<T>('POST', path, body, headers);
export const apiPut = <T>(path: string, body: unknown, headers?: Record<string, string>) => sendJson<T>('PUT', path, body, headers);
export const apiPatch = <T>(path: string, body: unknown) => sendJson<T>('PATCH', path, body);

/** Sends a file's bytes as they are (the server tells their type from their content). */
export async function apiPostBytes<T>(path: string, body: Blob): Promise<T> {
  return (await send(path, { method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body })).json() as Promise<T>;
}

/** Sends text of a type other than JSON (a CSV file) and reads the JSON answer. */
export async function apiPostText<T>(path: string, body: string, contentType: string): Promise<T> {
  return (await send(path, { method: 'POST', headers: { 'content-type': contentType }, body })).json() as Promise<T>;
}

export async function apiDelete<T>(path: string, headers?: Record<string, string>): Promise<T> {
  return (await send(path, { method: 'DELETE', ...(headers && { headers }) })).json() as Promise<T>;
}

/** A file from the API (a PDF), fetched with these headers, as a download the browser saves under `fileName`. */
export async function downloadFile(path: string, fileName: string, headers?: Record<string, string>): Promise<void> {
  const response = await send(path, { headers: { accept: '*/*', ...headers } });
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has handed the file to the browser's downloads.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

export async function apiGet<T>(path: string, init?: RequestInit): Promise<T> {
  return (await send(path, init)).json() as Promise<T>;
}

/** A list call: the items and the total the server reports in X-Total-Count. */
export async function apiGetPage<T>(path: string, init?: RequestInit): Promise<Page<T>> {
  const response = await send(path, init);
  const items = (await response.json()) as T[];
  return {
    items,
    total: Number(response.headers.get(totalCountHeader) ?? items.length),
    capped: response.headers.get(totalCountCappedHeader) === 'true',
  };
}

export function queryString(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { TestAccount } from './accounts.ts';

/**
 * The one way the API tests call the shop: as a browser would, signed in as someone (their session
 * cookie) or as nobody, through `app.inject`. Tests that need other headers (an Origin, a bearer
 * token, a raw multipart body) call `app.inject` themselves.
 */

/** Who calls: a signed-in account, or undefined for nobody signed in. */
export type Caller = TestAccount | undefined;

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Each call comes from a client address of its own, as calls from many customers would. */
let clientCounter = 0;
export function newClientAddress(): string {
  clientCounter += 1;
  return `10.${(clientCounter >> 16) & 255}.${(clientCounter >> 8) & 255}.${clientCounter & 255}`;
}

export interface CallOptions {
  /** The body's type, for a payload of raw bytes (a JSON object needs none). */
  contentType?: string;
  /** Calls that must come from one client (a rate limit's tests) name its address. */
  remoteAddress?: string;
}

/** `method url` as `who`, with `payload` as its body: a JSON object, or raw bytes sent with `contentType`. */
export function call(
  app: FastifyInstance,
  method: Method,
  url: string,
  who?: Caller,
  payload?: object | Buffer,
  { contentType, remoteAddress = newClientAddress() }: CallOptions = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    remoteAddress,
    headers: { ...(who ? { cookie: who.cookie } : {}), ...(contentType ? { 'content-type': contentType } : {}) },
    ...(payload === undefined ? {} : { payload }),
  });
}

import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyServerFactory } from 'fastify';

/** Answers a request itself and says so, or leaves it to Fastify. */
export type Door = (req: IncomingMessage, res: ServerResponse) => boolean;

/** The settings Fastify gives its own server, with Fastify's defaults. */
const numberOr = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);

/**
 * Node's HTTP server as Fastify makes it (its keep-alive, request and connection timeouts), with a
 * door that sees each request first: what the door answers never reaches Fastify (ADR 025).
 */
export function serverWithDoor(door: Door): FastifyServerFactory {
  return (handler, options) => {
    const server = http.createServer((req, res) => {
      if (!door(req, res)) handler(req, res);
    });
    server.keepAliveTimeout = numberOr(options.keepAliveTimeout, 72_000);
    server.requestTimeout = numberOr(options.requestTimeout, 0);
    server.setTimeout(numberOr(options.connectionTimeout, 0));
    const maxRequestsPerSocket = numberOr(options.maxRequestsPerSocket, 0);
    if (maxRequestsPerSocket > 0) server.maxRequestsPerSocket = maxRequestsPerSocket;
    return server;
  };
}

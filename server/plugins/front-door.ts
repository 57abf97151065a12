import http, { type IncomingMessage, type ServerOptions, type ServerResponse } from 'node:http';
import type { FastifyServerFactory } from 'fastify';

const numberOr = (value: unknown, otherwise: number): number => (typeof value === 'number' ? value : otherwise);

/** Answers a request before Fastify sees it, or returns false to hand it on untouched. */
export type DoorHandler = (request: IncomingMessage, response: ServerResponse) => boolean;

/**
 * The HTTP server in front of Fastify. A handler opened on it (the catalogue cache's kept
 * answers, decision 031) answers the requests it can from memory, with no Fastify request,
 * reply, logger, routing or hooks; every other request goes to Fastify as it arrived.
 *
 * The server is made as Fastify makes its own (`lib/server.js`): the same `http` options and
 * the same timeouts, which Fastify does not apply to a server from a factory.
 */
export class FrontDoor {
  private handler: DoorHandler | null = null;

  open(handler: DoorHandler): void {
    this.handler = handler;
  }

  shut(): void {
    this.handler = null;
  }

  readonly serverFactory: FastifyServerFactory = (fastifyHandler, options) => {
    const serverOptions = typeof options.http === 'object' && options.http !== null ? (options.http as ServerOptions) : {};
    const server = http.createServer(serverOptions, (request, response) => {
      const handler = this.handler;
      if (handler !== null && handler(request, response)) return;
      fastifyHandler(request, response);
    });
    server.keepAliveTimeout = numberOr(options.keepAliveTimeout, server.keepAliveTimeout);
    server.requestTimeout = numberOr(options.requestTimeout, server.requestTimeout);
    server.setTimeout(numberOr(options.connectionTimeout, 0));
    const maxRequestsPerSocket = numberOr(options.maxRequestsPerSocket, 0);
    if (maxRequestsPerSocket > 0) server.maxRequestsPerSocket = maxRequestsPerSocket;
    return server;
  };
}

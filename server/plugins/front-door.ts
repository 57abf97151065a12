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
  private onError: (error: unknown) => void = () => undefined;

  /**
   * @param onError told of a handler that threw. The request then goes to Fastify when the
   *   handler had sent nothing yet, and its connection is closed when it had: it never takes the
   *   process down, and a half-sent answer is never finished by another.
   */
  open(handler: DoorHandler, onError: (error: unknown) => void): void {
    this.handler = handler;
    this.onError = onError;
  }

  shut(): void {
    this.handler = null;
  }

  private tryHandler(handler: DoorHandler, request: IncomingMessage, response: ServerResponse): boolean {
    try {
      return handler(request, response);
    } catch (error) {
      this.onError(error);
      if (!response.headersSent) return false;
      response.destroy();
      return true;
    }
  }

  readonly serverFactory: FastifyServerFactory = (fastifyHandler, options) => {
    const serverOptions = typeof options.http === 'object' && options.http !== null ? (options.http as ServerOptions) : {};
    const server = http.createServer(serverOptions, (request, response) => {
      const handler = this.handler;
      if (handler !== null && this.tryHandler(handler, request, response)) return;
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

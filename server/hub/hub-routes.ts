import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { HubConnection } from './hub-connection.js';
import type { ConnectionRegistry } from './hub-groups.js';
import type { HubLimits } from './hub-limits.js';
import { HubAuthError, hubPrincipal, samePrincipal } from './hub-auth.js';
import { LongPollingTransport, ServerSentEventsTransport } from './hub-http-transports.js';

export interface HubRoutesOptions {
  path: string;
  registry: ConnectionRegistry;
  limits: HubLimits;
  /** Creates and registers a connection for a negotiated client. */
  open(principal: HubConnection['principal'], ip: string): HubConnection;
  /** Long-polling transports of closed connections whose last records are still to be collected. */
  lingering: Map<string, LongPollingTransport>;
}

const NegotiateQuery = Type.Object({ negotiateVersion: Type.Optional(Type.Integer({ minimum: 0 })), access_token: Type.Optional(Type.String()) });
const ConnectionQuery = Type.Object({
  id: Type.Optional(Type.String({ maxLength: 200 })),
  access_token: Type.Optional(Type.String()),
  _: Type.Optional(Type.String()),
});
const TransportSchema = Type.Object({ transport: Type.String(), transferFormats: Type.Array(Type.String()) });
const NegotiateResponse = Type.Object({
  negotiateVersion: Type.Integer(),
  connectionId: Type.String(),
  connectionToken: Type.String(),
  availableTransports: Type.Array(TransportSchema),
});
const NegotiateError = Type.Object({ error: Type.String() });
const TextReply = Type.String();

export const AVAILABLE_TRANSPORTS = [
  { transport: 'WebSockets', transferFormats: ['Text'] },
  { transport: 'ServerSentEvents', transferFormats: ['Text'] },
  { transport: 'LongPolling', transferFormats: ['Text'] },
];

/**
 * SignalR's HTTP endpoints (TransportProtocols.md): negotiate, then either Server-Sent Events
 * or long polling to receive, HTTP POST to send, and DELETE to end a long-polling connection.
 * Bodies are taken as plain text whatever content type the client names.
 */
export const hubRoutes: FastifyPluginAsyncTypebox<HubRoutesOptions> = async (app, options) => {
  const { path, registry, limits, lingering } = options;
  // Hub requests do not keep their sockets alive: a held poll on a reused socket would
  // otherwise keep the server from closing promptly when it shuts down.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('connection', 'close');
    return payload;
  });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: limits.maxMessageChars * 4 }, (_request, body, done) => done(null, body));

  app.post(
    `${path}/negotiate`,
    {
      schema: {
        tags: ['hub'],
        summary: 'SignalR negotiate: a connection id, its secret token and the transports on offer',
        querystring: NegotiateQuery,
        response: { 200: NegotiateResponse, 400: NegotiateError, 401: NegotiateError, 429: NegotiateError },
      },
    },
    async (request, reply) => {
      if ((request.query.negotiateVersion ?? 0) < 1) return reply.code(400).send({ error: 'Negotiate version 1 or later is required.' });
      let principal;
      try {
        principal = await hubPrincipal(app.tokens, request.headers.authorization, request.query.access_token ?? null);
      } catch (error) {
        if (error instanceof HubAuthError) return reply.code(401).send({ error: error.message });
        throw error;
      }
      if (registry.countForIp(request.ip) >= limits.maxConnectionsPerIp) {
        return reply.code(429).send({ error: 'Too many live connections from this address.' });
      }
      const connection = options.open(principal, request.ip);
      return {
        negotiateVersion: 1,
        connectionId: connection.connectionId,
        connectionToken: connection.connectionToken,
        availableTransports: AVAILABLE_TRANSPORTS,
      };
    },
  );

  /** Finds the connection named by `id`, answering the request itself when it cannot. */
  async function connectionFor(
    request: { query: { id?: string; access_token?: string }; headers: { authorization?: string } },
    reply: { code(status: number): { send(body: string): unknown } },
    checkPrincipal: boolean,
  ): Promise<HubConnection | null> {
    const id = request.query.id;
    if (!id) {
      reply.code(400).send('Connection ID required');
      return null;
    }
    const connection = registry.find(id);
    if (!connection || connection.state === 'closed') {
      reply.code(404).send('No Connection with that ID');
      return null;
    }
    if (checkPrincipal) {
      try {
        const principal = await hubPrincipal(app.tokens, request.headers.authorization, request.query.access_token ?? null);
        if (!samePrincipal(principal, connection.principal)) {
          reply.code(401).send('Unauthorized');
          return null;
        }
      } catch (error) {
        if (!(error instanceof HubAuthError)) throw error;
        reply.code(401).send('Unauthorized');
        return null;
      }
    }
    return connection;
  }

  app.get(
    path,
    {
      schema: {
        tags: ['hub'],
        summary: 'Receive: Server-Sent Events (Accept: text/event-stream) or a long poll',
        querystring: ConnectionQuery,
        response: { 200: TextReply, 204: Type.Null(), 400: TextReply, 401: TextReply, 404: TextReply, 409: TextReply },
      },
    },
    async (request, reply) => {
      const last = request.query.id ? lingering.get(request.query.id) : undefined;
      if (last) {
        lingering.delete(request.query.id ?? '');
        const result = await last.poll();
        return reply.code(result.status).type('text/plain').send(result.body);
      }
      const connection = await connectionFor(request, reply, true);
      if (!connection) return reply;
      const wantsEvents = (request.headers.accept ?? '').includes('text/event-stream');
      if (wantsEvents) {
        if (connection.state !== 'negotiated') return reply.code(409).send('Connection already has a transport');
        reply.hijack();
        const transport = new ServerSentEventsTransport(reply.raw, limits.maxQueuedOutgoingChars, () =>
          connection.close('The client is not reading its messages.'),
        );
        connection.attach(transport);
        request.raw.socket.setTimeout(0);
        reply.raw.on('close', () => connection.close(undefined, { transportGone: true }));
        return reply;
      }
      if (connection.state === 'negotiated') {
        connection.attach(
          new LongPollingTransport(limits.longPollHoldMs, limits.maxQueuedOutgoingChars, () => connection.close('The client is not reading its messages.')),
        );
        // The first poll answers at once: it tells the client the transport is established.
        return reply.code(200).type('text/plain').send('');
      }
      const transport = connection.transport;
      if (!(transport instanceof LongPollingTransport)) return reply.code(409).send('Connection does not use long polling');
      // The response closing before it was answered means the client dropped its poll.
      const gone = () => transport.abandon();
      reply.raw.once('close', gone);
      const result = await transport.poll();
      reply.raw.off('close', gone);
      return reply.code(result.status).type('text/plain').send(result.body);
    },
  );

  app.post(
    path,
    {
      schema: {
        tags: ['hub'],
        summary: 'Send: records from a Server-Sent Events or long-polling client',
        querystring: ConnectionQuery,
        body: Type.Optional(Type.String()),
        response: { 200: TextReply, 400: TextReply, 404: TextReply, 405: TextReply },
      },
    },
    async (request, reply) => {
      const connection = await connectionFor(request, reply, false);
      if (!connection) return reply;
      const name = connection.transport?.name;
      if (name !== 'ServerSentEvents' && name !== 'LongPolling') return reply.code(405).send('POST requests are not allowed for this transport');
      connection.receive(typeof request.body === 'string' ? request.body : '');
      return reply.code(200).type('text/plain').send('');
    },
  );

  app.delete(
    path,
    {
      schema: {
        tags: ['hub'],
        summary: 'End a long-polling connection',
        querystring: ConnectionQuery,
        response: { 202: TextReply, 400: TextReply, 404: TextReply },
      },
    },
    async (request, reply) => {
      const connection = await connectionFor(request, reply, false);
      if (!connection) return reply;
      connection.close(undefined, { transportGone: false });
      lingering.delete(connection.connectionToken);
      return reply.code(202).type('text/plain').send('');
    },
  );
};

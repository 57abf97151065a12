import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { HubConnection } from './hub-connection.js';
import type { ConnectionRegistry } from './hub-groups.js';
import type { HubLimits } from './hub-limits.js';
import { HubAuthError, hubPrincipal } from './hub-auth.js';
import { ServerSentEventsTransport } from './hub-http-transports.js';
import { UNAUTHORIZED, type ConnectionEndpoint, type EndpointReply } from './hub-endpoint.js';
import type { HubRelay } from './hub-relay.js';
import { BufferedSink } from './hub-stream-sink.js';

export interface HubRoutesOptions {
  path: string;
  registry: ConnectionRegistry;
  limits: HubLimits;
  /** Creates and registers a connection for a negotiated client. */
  open(principal: HubConnection['principal'], ip: string): HubConnection;
  /** This instance's connections, answering transport requests. */
  endpoint: ConnectionEndpoint;
  /** Relays requests for connections other instances own (with Redis); null on a single instance. */
  relay: HubRelay | null;
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
 * Bodies are taken as plain text whatever content type the client names. Every transport
 * request must carry the identity that negotiated; one for a connection another instance owns
 * is relayed to it.
 */
export const hubRoutes: FastifyPluginAsyncTypebox<HubRoutesOptions> = async (app, options) => {
  const { path, registry, limits, endpoint, relay } = options;
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

  /** Where a transport request's answer goes; every hub route answers in plain text. */
  interface TextReplyTarget {
    code(status: number): { type(contentType: string): { send(body: string): unknown } };
  }

  function answer<T extends TextReplyTarget>(reply: T, result: EndpointReply): T {
    reply.code(result.status).type('text/plain').send(result.body);
    return reply;
  }

  /** The connection token and the caller's identity, or the answer when they are not usable. */
  async function caller(
    query: { id?: string; access_token?: string },
    authorization: string | undefined,
  ): Promise<{ id: string; principal: HubConnection['principal'] } | EndpointReply> {
    if (!query.id) return { status: 400, body: 'Connection ID required' };
    try {
      return { id: query.id, principal: await hubPrincipal(app.tokens, authorization, query.access_token ?? null) };
    } catch (error) {
      if (!(error instanceof HubAuthError)) throw error;
      return UNAUTHORIZED;
    }
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
      const who = await caller(request.query, request.headers.authorization);
      if ('status' in who) return answer(reply, who);
      const owner = relay?.ownerOf(who.id) ?? null;
      const wantsEvents = (request.headers.accept ?? '').includes('text/event-stream');
      if (wantsEvents && !owner) {
        const opened = endpoint.openStream(who.id, who.principal, (connection) => {
          reply.hijack();
          return new ServerSentEventsTransport(reply.raw, limits.maxQueuedOutgoingChars, () => connection.close('The client is not reading its messages.'));
        });
        if (!opened.connection) return answer(reply, opened);
        const connection = opened.connection;
        request.raw.socket.setTimeout(0);
        reply.raw.on('close', () => connection.close(undefined, { transportGone: true }));
        return reply;
      }
      if (wantsEvents && relay && owner) {
        const sink = new BufferedSink();
        const opened = await relay.openStream(owner, who.id, who.principal, 'ServerSentEvents', sink);
        const stream = opened.stream;
        if (!stream) return answer(reply, opened);
        if (reply.raw.destroyed) {
          // The client gave up while the owner was being asked.
          stream.gone();
          return reply;
        }
        reply.hijack();
        const events = new ServerSentEventsTransport(reply.raw, limits.maxQueuedOutgoingChars, () => {
          events.close();
          stream.gone();
        });
        request.raw.socket.setTimeout(0);
        reply.raw.on('close', () => stream.gone());
        sink.open(events);
        return reply;
      }
      const pending = relay && owner ? relay.poll(owner, who.id, who.principal) : endpoint.poll(who.id, who.principal);
      // The response closing before it was answered means the client dropped its poll.
      const gone = () => pending.abandon();
      reply.raw.once('close', gone);
      const result = await pending.reply;
      reply.raw.off('close', gone);
      return answer(reply, result);
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
        response: { 200: TextReply, 400: TextReply, 401: TextReply, 404: TextReply, 405: TextReply },
      },
    },
    async (request, reply) => {
      const who = await caller(request.query, request.headers.authorization);
      if ('status' in who) return answer(reply, who);
      const owner = relay?.ownerOf(who.id) ?? null;
      const text = typeof request.body === 'string' ? request.body : '';
      const result = relay && owner ? await relay.send(owner, who.id, who.principal, text) : endpoint.send(who.id, who.principal, text);
      return answer(reply, result);
    },
  );

  app.delete(
    path,
    {
      schema: {
        tags: ['hub'],
        summary: 'End a long-polling connection',
        querystring: ConnectionQuery,
        response: { 202: TextReply, 400: TextReply, 401: TextReply, 404: TextReply },
      },
    },
    async (request, reply) => {
      const who = await caller(request.query, request.headers.authorization);
      if ('status' in who) return answer(reply, who);
      const owner = relay?.ownerOf(who.id) ?? null;
      const result = relay && owner ? await relay.end(owner, who.id, who.principal) : endpoint.end(who.id, who.principal);
      return answer(reply, result);
    },
  );
};

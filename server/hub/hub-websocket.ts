import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, WebSocket } from 'ws';
import type { FastifyBaseLogger } from 'fastify';
import type { TokenService } from '../plugins/auth.plugin.js';
import type { HubConnection, HubTransport } from './hub-connection.js';
import type { HubLimits } from './hub-limits.js';
import { HubAuthError, hubPrincipal } from './hub-auth.js';
import type { ConnectionEndpoint } from './hub-endpoint.js';
import type { HubRelay } from './hub-relay.js';
import { BufferedSink } from './hub-stream-sink.js';

class WebSocketTransport implements HubTransport {
  readonly name = 'WebSockets' as const;

  constructor(
    private readonly socket: WebSocket,
    private readonly maxBuffered: number,
    private readonly onStuck: () => void,
  ) {}

  send(payload: string, bytes?: Buffer): void {
    if (this.socket.readyState !== WebSocket.OPEN) return;
    // A client that does not read its pushes must not make the server hold them forever.
    if (this.socket.bufferedAmount > this.maxBuffered) {
      this.onStuck();
      return;
    }
    // A group push hands every member the same encoded record: one text frame, no copy.
    this.socket.send(bytes ?? payload, { binary: false });
  }

  close(): void {
    if (this.socket.readyState === WebSocket.OPEN || this.socket.readyState === WebSocket.CONNECTING) this.socket.close(1000);
  }
}

function refuse(socket: Duplex, status: number, reason: string): void {
  const body = JSON.stringify({ error: reason });
  socket.end(
    `HTTP/1.1 ${status} ${reason.replace(/[\r\n]/g, ' ')}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

export interface WebSocketEndpointDeps {
  server: Server;
  path: string;
  endpoint: ConnectionEndpoint;
  relay: HubRelay | null;
  tokens: TokenService;
  limits: HubLimits;
  log: FastifyBaseLogger;
}

/**
 * Accepts WebSocket upgrades on the hub path for negotiated connections (`?id=<token>`).
 * Upgrades on other paths are left to whoever else listens. A socket for a connection another
 * instance owns is accepted here and carried to the owner by the relay.
 */
export function attachWebSocketEndpoint(deps: WebSocketEndpointDeps): { close(): Promise<void> } {
  const wss = new WebSocketServer({ noServer: true, maxPayload: deps.limits.maxMessageChars * 4 });

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://hub.local');
    if (url.pathname !== deps.path) return;
    void (async () => {
      const id = url.searchParams.get('id');
      if (!id) return refuse(socket, 400, 'Connection ID required');
      let principal: HubConnection['principal'];
      try {
        principal = await hubPrincipal(deps.tokens, request.headers.authorization, url.searchParams.get('access_token'));
      } catch (error) {
        if (error instanceof HubAuthError) return refuse(socket, 401, 'Unauthorized');
        throw error;
      }
      const owner = deps.relay?.ownerOf(id) ?? null;
      if (deps.relay && owner) return relayed(deps.relay, owner, id, principal, request, socket, head);
      const found = deps.endpoint.unbound(id, principal);
      if (!('connectionId' in found)) return refuse(socket, found.status, found.body);
      wss.handleUpgrade(request, socket, head, (ws) => bind(found, ws));
    })().catch((error: unknown) => {
      deps.log.error({ err: error }, 'hub upgrade failed');
      refuse(socket, 500, 'Server Error');
    });
  };

  async function relayed(
    relay: HubRelay,
    owner: string,
    id: string,
    principal: HubConnection['principal'],
    request: IncomingMessage,
    socket: Duplex,
    head: Buffer,
  ) {
    const sink = new BufferedSink();
    const opened = await relay.openStream(owner, id, principal, 'WebSockets', sink);
    const stream = opened.stream;
    if (!stream) return refuse(socket, opened.status, opened.body);
    if (socket.destroyed) return stream.gone();
    wss.handleUpgrade(request, socket, head, (ws) => {
      const transport = new WebSocketTransport(ws, deps.limits.maxQueuedOutgoingChars, () => {
        transport.close();
        stream.gone();
      });
      ws.on('message', (data, isBinary) => {
        if (isBinary) {
          ws.close(1003, 'Binary frames are not supported by the JSON protocol');
          return;
        }
        stream.frame(Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.from(data as ArrayBuffer).toString('utf8'));
      });
      ws.on('close', () => stream.gone());
      ws.on('error', () => stream.gone());
      sink.open(transport);
    });
  }

  function bind(connection: HubConnection, ws: WebSocket): void {
    const transport = new WebSocketTransport(ws, deps.limits.maxQueuedOutgoingChars, () => connection.close('The client is not reading its messages.'));
    try {
      connection.attach(transport);
    } catch {
      ws.close(1008, 'Connection already has a transport');
      return;
    }
    ws.on('message', (data, isBinary) => {
      if (isBinary) {
        connection.close('Connection closed with an error. Binary frames are not supported by the JSON protocol.');
        return;
      }
      connection.receive(Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.from(data as ArrayBuffer).toString('utf8'));
    });
    ws.on('close', () => connection.close(undefined, { transportGone: true }));
    ws.on('error', (error) => {
      deps.log.info({ err: error, connectionId: connection.connectionId }, 'hub WebSocket error');
      connection.close(`Connection closed with an error. ${error.message}`, { transportGone: true });
    });
  }

  deps.server.on('upgrade', onUpgrade);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        deps.server.off('upgrade', onUpgrade);
        for (const client of wss.clients) client.terminate();
        wss.close(() => resolve());
      }),
  };
}

import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, WebSocket } from 'ws';
import type { FastifyBaseLogger } from 'fastify';
import type { TokenService } from '../plugins/auth.plugin.js';
import type { HubConnection, HubTransport } from './hub-connection.js';
import type { ConnectionRegistry } from './hub-groups.js';
import type { HubLimits } from './hub-limits.js';
import { HubAuthError, hubPrincipal, samePrincipal } from './hub-auth.js';

// A group push sends the same record string to every member: encode it once, not once per socket.
let lastRecord: string | null = null;
let lastRecordBytes: Buffer = Buffer.alloc(0);

function recordBytes(payload: string): Buffer {
  if (payload !== lastRecord) {
    lastRecord = payload;
    lastRecordBytes = Buffer.from(payload, 'utf8');
  }
  return lastRecordBytes;
}

class WebSocketTransport implements HubTransport {
  readonly name = 'WebSockets' as const;

  constructor(
    private readonly socket: WebSocket,
    private readonly maxBuffered: number,
    private readonly onStuck: () => void,
  ) {}

  send(payload: string): void {
    if (this.socket.readyState !== WebSocket.OPEN) return;
    // A client that does not read its pushes must not make the server hold them forever.
    if (this.socket.bufferedAmount > this.maxBuffered) {
      this.onStuck();
      return;
    }
    this.socket.send(recordBytes(payload), { binary: false });
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
  registry: ConnectionRegistry;
  tokens: TokenService;
  limits: HubLimits;
  log: FastifyBaseLogger;
}

/**
 * Accepts WebSocket upgrades on the hub path for negotiated connections (`?id=<token>`).
 * Upgrades on other paths are left to whoever else listens.
 */
export function attachWebSocketEndpoint(deps: WebSocketEndpointDeps): { close(): Promise<void> } {
  const wss = new WebSocketServer({ noServer: true, maxPayload: deps.limits.maxMessageChars * 4 });

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://hub.local');
    if (url.pathname !== deps.path) return;
    void (async () => {
      const id = url.searchParams.get('id');
      if (!id) return refuse(socket, 400, 'Connection ID required');
      const connection = deps.registry.find(id);
      if (!connection || connection.state === 'closed') return refuse(socket, 404, 'No Connection with that ID');
      try {
        const principal = await hubPrincipal(deps.tokens, request.headers.authorization, url.searchParams.get('access_token'));
        if (!samePrincipal(principal, connection.principal)) return refuse(socket, 401, 'Unauthorized');
      } catch (error) {
        if (error instanceof HubAuthError) return refuse(socket, 401, 'Unauthorized');
        throw error;
      }
      if (connection.state !== 'negotiated') return refuse(socket, 409, 'Connection already has a transport');
      wss.handleUpgrade(request, socket, head, (ws) => bind(connection, ws));
    })().catch((error: unknown) => {
      deps.log.error({ err: error }, 'hub upgrade failed');
      refuse(socket, 500, 'Server Error');
    });
  };

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

import type { CustomerPrincipal } from '../plugins/auth.plugin.js';
import type { HubConnection, HubTransport, TransportName } from './hub-connection.js';
import type { ConnectionRegistry } from './hub-groups.js';
import type { HubLimits } from './hub-limits.js';
import { samePrincipal } from './hub-auth.js';
import { LongPollingTransport } from './hub-http-transports.js';

/** What a transport request is answered with: a status and a plain-text body. */
export interface EndpointReply {
  status: number;
  body: string;
}

export const NO_CONNECTION: EndpointReply = { status: 404, body: 'No Connection with that ID' };
export const UNAUTHORIZED: EndpointReply = { status: 401, body: 'Unauthorized' };
export const HAS_TRANSPORT: EndpointReply = { status: 409, body: 'Connection already has a transport' };
const OK: EndpointReply = { status: 200, body: '' };

/** A long poll in progress: its answer, and a way to say the client stopped waiting for it. */
export interface PendingPoll {
  reply: Promise<EndpointReply>;
  abandon(): void;
}

/**
 * The transport requests of SignalR's HTTP protocol (TransportProtocols.md) applied to this
 * instance's connections, apart from HTTP itself: the routes call it for their own requests and
 * the relay for requests another instance received. Every request must come from the customer
 * (or anonymous visitor) that negotiated the connection.
 */
export class ConnectionEndpoint {
  /** Long-polling transports of closed connections whose last records are still to be collected. */
  private readonly lingering = new Map<string, { transport: LongPollingTransport; principal: CustomerPrincipal | null; timer: NodeJS.Timeout }>();

  constructor(
    private readonly registry: ConnectionRegistry,
    private readonly limits: HubLimits,
  ) {}

  private find(token: string, principal: CustomerPrincipal | null): HubConnection | EndpointReply {
    const connection = this.registry.find(token);
    if (!connection || connection.state === 'closed') return NO_CONNECTION;
    if (!samePrincipal(principal, connection.principal)) return UNAUTHORIZED;
    return connection;
  }

  /** A closed long-polling connection keeps its close message for the client's next poll. */
  linger(connection: HubConnection): void {
    const transport = connection.transport;
    if (!(transport instanceof LongPollingTransport) || !transport.hasQueued) return;
    const token = connection.connectionToken;
    const timer = setTimeout(() => this.lingering.delete(token), this.limits.longPollHoldMs);
    timer.unref();
    this.lingering.set(token, { transport, principal: connection.principal, timer });
  }

  private takeLingering(token: string, principal: CustomerPrincipal | null): LongPollingTransport | null {
    const last = this.lingering.get(token);
    if (!last || !samePrincipal(principal, last.principal)) return null;
    this.lingering.delete(token);
    clearTimeout(last.timer);
    return last.transport;
  }

  /** GET without `Accept: text/event-stream`: opens long polling (answered at once), or polls. */
  poll(token: string, principal: CustomerPrincipal | null): PendingPoll {
    const last = this.takeLingering(token, principal);
    if (last) return { reply: last.poll(), abandon: () => last.abandon() };
    const found = this.find(token, principal);
    if (!('connectionId' in found)) return { reply: Promise.resolve(found), abandon: () => {} };
    const connection = found;
    if (connection.state === 'negotiated') {
      connection.attach(
        new LongPollingTransport(this.limits.longPollHoldMs, this.limits.maxQueuedOutgoingChars, () =>
          connection.close('The client is not reading its messages.'),
        ),
      );
      // The first poll answers at once: it tells the client the transport is established.
      return { reply: Promise.resolve(OK), abandon: () => {} };
    }
    const transport = connection.transport;
    if (!(transport instanceof LongPollingTransport))
      return { reply: Promise.resolve({ status: 409, body: 'Connection does not use long polling' }), abandon: () => {} };
    return { reply: transport.poll(), abandon: () => transport.abandon() };
  }

  /** The connection for a transport that is about to be opened (WebSocket upgrades), or why not. */
  unbound(token: string, principal: CustomerPrincipal | null): HubConnection | EndpointReply {
    const found = this.find(token, principal);
    if (!('connectionId' in found)) return found;
    return found.state === 'negotiated' ? found : HAS_TRANSPORT;
  }

  /**
   * Binds a streaming transport (Server-Sent Events, or a WebSocket another instance accepted)
   * made by `make` once the connection is known to be free for it.
   */
  openStream(
    token: string,
    principal: CustomerPrincipal | null,
    make: (connection: HubConnection) => HubTransport,
  ): EndpointReply & { connection?: HubConnection } {
    const found = this.unbound(token, principal);
    if (!('connectionId' in found)) return found;
    found.attach(make(found));
    return { ...OK, connection: found };
  }

  /** POST: records from a Server-Sent Events or long-polling client. */
  send(token: string, principal: CustomerPrincipal | null, text: string): EndpointReply {
    const found = this.find(token, principal);
    if (!('connectionId' in found)) return found;
    const name: TransportName | undefined = found.transport?.name;
    if (name !== 'ServerSentEvents' && name !== 'LongPolling') return { status: 405, body: 'POST requests are not allowed for this transport' };
    found.receive(text);
    return OK;
  }

  /** DELETE: the client ends its connection. */
  end(token: string, principal: CustomerPrincipal | null): EndpointReply {
    const last = this.lingering.get(token);
    if (last && samePrincipal(principal, last.principal)) {
      clearTimeout(last.timer);
      this.lingering.delete(token);
      return { status: 202, body: '' };
    }
    const found = this.find(token, principal);
    if (!('connectionId' in found)) return found;
    found.close(undefined, { transportGone: false });
    const closed = this.lingering.get(token);
    if (closed) clearTimeout(closed.timer);
    this.lingering.delete(token);
    return { status: 202, body: '' };
  }

  /** Resolves once every closed long-polling connection's last records were collected, or after `maxMs`. */
  async drained(maxMs: number): Promise<void> {
    const deadline = Date.now() + maxMs;
    while (this.lingering.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  }

  close(): void {
    for (const { timer } of this.lingering.values()) clearTimeout(timer);
    this.lingering.clear();
  }
}

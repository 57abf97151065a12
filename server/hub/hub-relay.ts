import type { FastifyBaseLogger } from 'fastify';
import type { CustomerPrincipal } from '../plugins/auth.plugin.js';
import type { HubConnection, HubTransport } from './hub-connection.js';
import type { InstanceBus } from './hub-backplane.js';
import { NO_CONNECTION, type ConnectionEndpoint, type EndpointReply, type PendingPoll } from './hub-endpoint.js';

/** How long the owner of a connection has to take up a relayed request before it counts as gone. */
export const RELAY_ACK_MS = 2_000;
/** How often relayed requests and streams check that the instance at the other end is alive. */
const SWEEP_MS = 500;

export type StreamTransportName = 'ServerSentEvents' | 'WebSockets';

/** Where records of a relayed stream go on the instance that holds the client's request. */
export interface StreamSink {
  write(payload: string): void;
  /** The stream is over; `shuttingDown` when this instance is closing and the client should reconnect. */
  end(shuttingDown: boolean): void;
}

/** The serving side of a stream the owner accepted. */
export interface RelayedStream {
  /** Text the client sent on a relayed WebSocket. */
  frame(text: string): void;
  /** The client's response or socket closed. */
  gone(): void;
}

type Principal = CustomerPrincipal | null;

interface Outgoing {
  owner: string;
  acked: boolean;
  startedAt: number;
  maxMs: number;
  settle(reply: EndpointReply): void;
  sink?: StreamSink;
}

function principalOf(value: unknown): Principal | undefined {
  if (value === null) return null;
  if (typeof value !== 'object') return undefined;
  const v = value as Record<string, unknown>;
  return Number.isInteger(v.customerId) && Number.isInteger(v.companyId) ? { customerId: v.customerId as number, companyId: v.companyId as number } : undefined;
}

/**
 * Serves SignalR transport requests for connections another instance owns, so no load balancer
 * needs sticky sessions. A connection token names its owner (`<instanceId>.<secret>`); an instance
 * that receives a long poll, a send, a DELETE, a Server-Sent Events request or a WebSocket for a
 * connection it does not own checks the caller's identity, then relays the request to the owner
 * over the instance bus and answers the client with the owner's reply. For a stream the owner's
 * transport forwards each record to the serving instance, which writes it to its client.
 * A request the owner does not take up in time, or whose owner goes silent, is answered
 * 404 'No Connection with that ID' so the client reconnects.
 */
export class HubRelay {
  private nextId = 0;
  private readonly outgoing = new Map<string, Outgoing>();
  /** Owner side: relayed polls (to abandon) and streams (to feed and to end), by `<from>:<id>`. */
  private readonly ownedPolls = new Map<string, { from: string; abandon(): void }>();
  private readonly ownedStreams = new Map<string, { from: string; connection: HubConnection }>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly bus: InstanceBus,
    private readonly endpoint: ConnectionEndpoint,
    private readonly longPollHoldMs: number,
    private readonly log: FastifyBaseLogger,
  ) {
    bus.onDirect((from, message) => this.received(from, message));
    this.sweeper = setInterval(() => this.sweep(), SWEEP_MS);
    this.sweeper.unref();
  }

  get instanceId(): string {
    return this.bus.instanceId;
  }

  /** The instance that owns a connection token, when it is another one. */
  ownerOf(token: string): string | null {
    const dot = token.indexOf('.');
    if (dot <= 0) return null;
    const owner = token.slice(0, dot);
    return owner === this.bus.instanceId ? null : owner;
  }

  /** Whether a token's owner part could name an instance at all (ids are 8 base64url characters). */
  static plausibleOwner(owner: string): boolean {
    return /^[A-Za-z0-9_-]{8}$/.test(owner);
  }

  private request(owner: string, body: Record<string, unknown>, maxMs: number, sink?: StreamSink): { id: string; reply: Promise<EndpointReply> } {
    const id = String((this.nextId += 1));
    if (!this.bus.canSend || !HubRelay.plausibleOwner(owner) || this.bus.isKnownGone(owner)) return { id, reply: Promise.resolve(NO_CONNECTION) };
    const reply = new Promise<EndpointReply>((resolve) => {
      this.outgoing.set(id, {
        owner,
        acked: false,
        startedAt: Date.now(),
        maxMs,
        sink,
        settle: (answer) => {
          if (!sink) this.outgoing.delete(id);
          resolve(answer);
        },
      });
    });
    this.bus.sendTo(owner, { t: 'req', id, ...body });
    return { id, reply };
  }

  poll(owner: string, token: string, principal: Principal): PendingPoll {
    const { id, reply } = this.request(owner, { op: 'poll', token, principal }, this.longPollHoldMs + 10_000);
    return {
      reply,
      abandon: () => {
        const pending = this.outgoing.get(id);
        if (!pending) return;
        pending.settle({ status: 200, body: '' });
        this.bus.sendTo(owner, { t: 'abandon', id });
      },
    };
  }

  send(owner: string, token: string, principal: Principal, text: string): Promise<EndpointReply> {
    return this.request(owner, { op: 'send', token, principal, body: text }, RELAY_ACK_MS).reply;
  }

  end(owner: string, token: string, principal: Principal): Promise<EndpointReply> {
    return this.request(owner, { op: 'end', token, principal }, RELAY_ACK_MS).reply;
  }

  /** Asks the owner to bind a stream transport whose records come here for `sink`. */
  async openStream(
    owner: string,
    token: string,
    principal: Principal,
    transport: StreamTransportName,
    sink: StreamSink,
  ): Promise<EndpointReply & { stream?: RelayedStream }> {
    const { id, reply } = this.request(owner, { op: 'stream', token, principal, transport }, Number.POSITIVE_INFINITY, sink);
    const answer = await reply;
    if (answer.status !== 200) {
      this.outgoing.delete(id);
      return answer;
    }
    return {
      ...answer,
      stream: {
        frame: (text) => this.outgoing.has(id) && this.bus.sendTo(owner, { t: 'frame', id, text }),
        gone: () => {
          if (!this.outgoing.delete(id)) return;
          this.bus.sendTo(owner, { t: 'gone', id });
        },
      },
    };
  }

  private received(from: string, message: Record<string, unknown>): void {
    const id = message.id;
    if (typeof id !== 'string') return;
    if (message.t === 'req') {
      this.serveForOther(from, id, message);
      return;
    }
    const key = `${from}:${id}`;
    switch (message.t) {
      case 'abandon':
        this.ownedPolls.get(key)?.abandon();
        return;
      case 'gone': {
        const owned = this.ownedStreams.get(key);
        this.ownedStreams.delete(key);
        owned?.connection.close(undefined, { transportGone: true });
        return;
      }
      case 'frame':
        if (typeof message.text === 'string') this.frameFor(key, message.text);
        return;
    }
    const pending = this.outgoing.get(id);
    if (!pending || pending.owner !== from) return;
    switch (message.t) {
      case 'ack':
        pending.acked = true;
        return;
      case 'res':
        pending.acked = true;
        pending.settle({ status: typeof message.status === 'number' ? message.status : 500, body: typeof message.body === 'string' ? message.body : '' });
        return;
      case 'rec':
        if (typeof message.payload === 'string') pending.sink?.write(message.payload);
        return;
      case 'fin':
        this.outgoing.delete(id);
        pending.sink?.end(false);
        return;
    }
  }

  private frameFor(key: string, text: string): void {
    const owned = this.ownedStreams.get(key);
    if (owned && owned.connection.transport?.name === 'WebSockets') owned.connection.receive(text);
  }

  /** Owner side: a request another instance received for one of this instance's connections. */
  private serveForOther(from: string, id: string, message: Record<string, unknown>): void {
    const token = message.token;
    const principal = principalOf(message.principal);
    if (typeof token !== 'string' || principal === undefined) return;
    const answer = (reply: EndpointReply) => this.bus.sendTo(from, { t: 'res', id, status: reply.status, body: reply.body });
    const key = `${from}:${id}`;
    switch (message.op) {
      case 'poll': {
        this.bus.sendTo(from, { t: 'ack', id });
        const pending = this.endpoint.poll(token, principal);
        this.ownedPolls.set(key, { from, abandon: pending.abandon });
        void pending.reply.then((reply) => {
          this.ownedPolls.delete(key);
          answer(reply);
        });
        return;
      }
      case 'send':
        answer(this.endpoint.send(token, principal, typeof message.body === 'string' ? message.body : ''));
        return;
      case 'end':
        answer(this.endpoint.end(token, principal));
        return;
      case 'stream': {
        const name = message.transport === 'WebSockets' ? 'WebSockets' : 'ServerSentEvents';
        const bus = this.bus;
        const streams = this.ownedStreams;
        const reply = this.endpoint.openStream(token, principal, (): HubTransport => ({
          name,
          send: (payload) => bus.sendTo(from, { t: 'rec', id, payload }),
          close: () => {
            streams.delete(key);
            bus.sendTo(from, { t: 'fin', id });
          },
        }));
        if (reply.connection) this.ownedStreams.set(key, { from, connection: reply.connection });
        answer({ status: reply.status, body: reply.body });
        return;
      }
      default:
        this.log.warn({ op: message.op }, 'ignored a relayed hub request of an unknown kind');
    }
  }

  private sweep(): void {
    const now = Date.now();
    for (const [id, pending] of this.outgoing) {
      const silent = !this.bus.isAlive(pending.owner);
      if (!pending.acked && now - pending.startedAt > RELAY_ACK_MS) {
        this.fail(id, pending, NO_CONNECTION);
      } else if (pending.acked && silent) {
        this.fail(id, pending, NO_CONNECTION);
      } else if (now - pending.startedAt > pending.maxMs) {
        this.fail(id, pending, { status: 200, body: '' });
        this.bus.sendTo(pending.owner, { t: 'abandon', id });
      }
    }
    // Clients of a serving instance that went away will not come back to these.
    for (const [key, owned] of this.ownedStreams) {
      if (!this.bus.isAlive(owned.from)) {
        this.ownedStreams.delete(key);
        owned.connection.close(undefined, { transportGone: true });
      }
    }
    for (const owned of this.ownedPolls.values()) if (!this.bus.isAlive(owned.from)) owned.abandon();
  }

  private fail(id: string, pending: Outgoing, reply: EndpointReply): void {
    this.outgoing.delete(id);
    if (pending.sink && pending.acked) pending.sink.end(false);
    else pending.settle(reply);
  }

  /**
   * This instance is closing: held polls are answered empty (the client polls again, reaching
   * another instance), relayed streams end with a request to reconnect, and owners hear of it.
   */
  close(): void {
    clearInterval(this.sweeper);
    for (const [id, pending] of this.outgoing) {
      this.outgoing.delete(id);
      if (pending.sink && pending.acked) {
        pending.sink.end(true);
        this.bus.sendTo(pending.owner, { t: 'gone', id });
      } else {
        pending.settle(pending.sink ? NO_CONNECTION : { status: 200, body: '' });
        if (!pending.sink) this.bus.sendTo(pending.owner, { t: 'abandon', id });
      }
    }
  }
}

import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { CustomerPrincipal } from '../plugins/auth.plugin.js';
import { FrameError, RecordReader, writeRecord } from './text-message-format.js';
import {
  HubProtocolError,
  MessageType,
  handshakeError,
  messages,
  parseHandshakeRequest,
  parseHubMessage,
  type HubMessage,
  type InvocationMessage,
} from './hub-messages.js';
import type { HubLimits } from './hub-limits.js';

export type TransportName = 'WebSockets' | 'ServerSentEvents' | 'LongPolling';

/** One way of carrying framed records to a client. */
export interface HubTransport {
  readonly name: TransportName;
  /** Sends already framed records; `bytes`, when given, is `payload` encoded as UTF-8. */
  send(payload: string, bytes?: Buffer): void;
  /** Ends the transport after what was sent has been delivered where possible. */
  close(): void;
}

/** An error whose message the caller may see in its error completion. */
export class HubMethodError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HubMethodError';
  }
}

export interface ConnectionHooks {
  invoke(connection: HubConnection, message: InvocationMessage): Promise<unknown>;
  opened(connection: HubConnection): void;
  closed(connection: HubConnection): void;
  log: FastifyBaseLogger;
}

export type ConnectionState = 'negotiated' | 'handshaking' | 'open' | 'closed';

const SILENT_CLIENT = 'Server timeout elapsed without receiving a message from the client.';
const PING_RECORD = writeRecord(JSON.stringify(messages.ping()));
const PING_BYTES = Buffer.from(PING_RECORD, 'utf8');

/**
 * The server side of one SignalR connection: handshake, message dispatch, keep-alive pings,
 * the client timeout, and closing with a reason. Anything a client sends that breaks the
 * protocol closes this connection only.
 *
 * A connection holds no timer of its own: it notes when it last sent and received, and the
 * hub's one heartbeat calls `tick` for every connection (as ASP.NET Core SignalR does), so
 * thousands of idle connections cost no timers.
 */
export class HubConnection {
  readonly connectionId = crypto.randomUUID();
  /**
   * Secret that names the connection in transport URLs (`id`); never shown to others. With
   * several instances it starts with the owner's instance id (`<instanceId>.<secret>`), so any
   * instance can tell where the connection lives.
   */
  readonly connectionToken: string;
  state: ConnectionState = 'negotiated';
  transport: HubTransport | null = null;
  companyId: number | null = null;
  closeReason: string | null = null;
  private readonly reader: RecordReader;
  /** When the connection entered its current state (negotiated, handshaking or open). */
  private since = Date.now();
  private lastReceivedAt = 0;
  private lastSentAt = 0;
  /** The invocation running or waiting last, while any is; one at a time per connection. */
  private queue: Promise<void> | null = null;
  private queued = 0;
  private updateWindowStart = 0;
  private updateRequests = 0;

  constructor(
    readonly principal: CustomerPrincipal | null,
    readonly ip: string,
    private readonly limits: HubLimits,
    private readonly hooks: ConnectionHooks,
    instanceId?: string,
  ) {
    const secret = crypto.randomBytes(24).toString('base64url');
    this.connectionToken = instanceId ? `${instanceId}.${secret}` : secret;
    this.reader = new RecordReader(limits.maxMessageChars);
  }

  /** Binds the transport the client opened; a connection takes exactly one. */
  attach(transport: HubTransport): void {
    if (this.state !== 'negotiated') throw new Error('This connection already has a transport.');
    this.transport = transport;
    this.state = 'handshaking';
    this.since = Date.now();
    this.lastReceivedAt = this.since;
  }

  /**
   * The heartbeat: forgets a negotiated connection that was never used, closes one whose
   * handshake or client went silent for too long, and pings an open one the server has sent
   * nothing for a keep-alive interval.
   */
  tick(now: number): void {
    switch (this.state) {
      case 'negotiated':
        if (now - this.since >= this.limits.negotiateTtlMs) this.close('The connection was not used in time.');
        return;
      case 'handshaking':
        if (now - this.since >= this.limits.handshakeTimeoutMs) this.close('Handshake was not completed in time.');
        else if (now - this.lastReceivedAt >= this.limits.clientTimeoutMs) this.close(SILENT_CLIENT);
        return;
      case 'open':
        if (now - this.lastReceivedAt >= this.limits.clientTimeoutMs) this.close(SILENT_CLIENT);
        else if (now - this.lastSentAt >= this.limits.keepAliveIntervalMs) this.sendRecord(PING_RECORD, PING_BYTES);
        return;
      case 'closed':
        return;
    }
  }

  /** Text the client sent over the transport. */
  receive(text: string): void {
    if (this.state === 'closed' || this.state === 'negotiated') return;
    this.lastReceivedAt = Date.now();
    try {
      for (const record of this.reader.push(text)) {
        // A record earlier in the same frame may have closed the connection.
        if ((this.state as ConnectionState) === 'closed') return;
        if (this.state === 'handshaking') this.handshake(record);
        else this.handle(parseHubMessage(record));
      }
    } catch (error) {
      if (error instanceof FrameError || error instanceof HubProtocolError) {
        this.close(`Connection closed with an error. ${error.message}`);
        return;
      }
      throw error;
    }
  }

  /** Sends one message when the connection is open. */
  send(message: HubMessage): void {
    this.sendRecord(writeRecord(JSON.stringify(message)));
  }

  /**
   * Sends a message serialized once for many connections (group pushes); `bytes`, when given,
   * is the record already encoded as UTF-8, for transports that write bytes.
   */
  sendRecord(record: string, bytes?: Buffer): void {
    if (this.state !== 'open' || !this.transport) return;
    this.lastSentAt = Date.now();
    this.transport.send(record, bytes);
  }

  /**
   * Closes with an optional reason, telling the client first when the handshake is done.
   * `allowReconnect` asks the client to reconnect (the server is restarting).
   */
  close(error?: string, options: { allowReconnect?: boolean; transportGone?: boolean } = {}): void {
    if (this.state === 'closed') return;
    const wasOpen = this.state === 'open';
    if (wasOpen && !options.transportGone) this.send(messages.close(error, options.allowReconnect));
    this.state = 'closed';
    this.closeReason = error ?? null;
    if (!options.transportGone) this.transport?.close();
    if (error) this.hooks.log.info({ connectionId: this.connectionId, reason: error }, 'hub connection closed');
    this.hooks.closed(this);
  }

  private handshake(record: string): void {
    let refusal: string | null;
    try {
      refusal = handshakeError(parseHandshakeRequest(record));
    } catch (error) {
      refusal = error instanceof Error ? error.message : 'Handshake request is not valid.';
    }
    if (refusal) {
      this.transport?.send(writeRecord(JSON.stringify({ error: refusal })));
      this.close(refusal);
      return;
    }
    this.state = 'open';
    this.since = Date.now();
    this.lastSentAt = this.since;
    this.transport?.send(writeRecord('{}'));
    this.hooks.opened(this);
  }

  private handle(message: HubMessage | null): void {
    if (!message) return;
    switch (message.type) {
      case MessageType.Invocation:
        if (message.streamIds?.length) {
          if (message.invocationId) this.send(messages.error(message.invocationId, 'Client-to-server streaming is not supported.'));
          return;
        }
        this.enqueue(message);
        return;
      case MessageType.StreamInvocation:
        this.send(messages.error(message.invocationId, 'Streaming is not supported.'));
        return;
      case MessageType.Close:
        this.close();
        return;
      default:
        // Pings only keep the connection alive; completions, stream items, cancels, acks and
        // sequences belong to features this hub does not offer.
        return;
    }
  }

  private enqueue(message: InvocationMessage): void {
    if (this.queued >= this.limits.maxQueuedInvocations) {
      this.close('Connection closed with an error. Too many invocations are waiting.');
      return;
    }
    this.queued += 1;
    // One invocation at a time per connection, as SignalR does, so replies keep their order.
    this.queue = (this.queue ?? Promise.resolve())
      .then(() => this.run(message))
      .finally(() => {
        this.queued -= 1;
        // An idle connection keeps no settled promise chain.
        if (this.queued === 0) this.queue = null;
      });
  }

  private async run(message: InvocationMessage): Promise<void> {
    if (this.state !== 'open') return;
    try {
      const result = await this.hooks.invoke(this, message);
      if (message.invocationId) this.send(messages.result(message.invocationId, result));
    } catch (error) {
      const shown = error instanceof HubMethodError ? error.message : `An unexpected error occurred invoking '${message.target}' on the server.`;
      if (!(error instanceof HubMethodError)) this.hooks.log.error({ err: error, target: message.target }, 'hub method failed');
      if (message.invocationId) this.send(messages.error(message.invocationId, shown));
    }
  }

  /** Counts a SendCatalogueUpdate request; false when the connection is over its allowance. */
  allowUpdateRequest(now = Date.now()): boolean {
    if (now - this.updateWindowStart >= this.limits.updateRequestWindowMs) {
      this.updateWindowStart = now;
      this.updateRequests = 0;
    }
    this.updateRequests += 1;
    return this.updateRequests <= this.limits.maxUpdateRequestsPerWindow;
  }
}

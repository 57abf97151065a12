import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

/** A push for every connection of a company group or of one customer, on every instance. */
export interface HubEnvelope {
  scope: 'company' | 'customer';
  id: number;
  target: string;
  args: unknown[];
}

/**
 * How pushes reach connections. In process, a push is delivered straight to this instance's
 * connections; with Redis, every instance (this one included) receives it from the channel
 * and delivers it to its own members, so groups span instances.
 */
export interface HubBackplane {
  readonly kind: 'in-process' | 'redis';
  publish(envelope: HubEnvelope): Promise<void>;
  onMessage(handler: (envelope: HubEnvelope) => void): void;
  /**
   * Called when pushes may have been lost (the subscription or a publish failed) and the
   * backplane works again: connections should catch up by reconnecting.
   */
  onResync(handler: () => void): void;
  /** Tells the other instances that the catalogue changed (their cached catalogue answers are stale). */
  shareCatalogueChange(): void;
  onCatalogueChange(handler: () => void): void;
  close(): Promise<void>;
}

/**
 * Messages between two instances (the relay of transport requests), addressed by instance id.
 * Messages from one instance to another arrive in the order they were sent.
 */
export interface InstanceBus {
  readonly instanceId: string;
  /** False while the bus cannot send (Redis unreachable): callers answer at once instead of waiting. */
  readonly canSend: boolean;
  sendTo(instanceId: string, message: object): void;
  onDirect(handler: (from: string, message: Record<string, unknown>) => void): void;
  /** Whether the instance was heard from lately (heartbeats, or any message). */
  isAlive(instanceId: string): boolean;
  /** Whether the instance was heard from once but has been silent since. */
  isKnownGone(instanceId: string): boolean;
}

export class InProcessBackplane implements HubBackplane {
  readonly kind = 'in-process' as const;
  private handler: ((envelope: HubEnvelope) => void) | null = null;

  async publish(envelope: HubEnvelope): Promise<void> {
    this.handler?.(envelope);
  }

  onMessage(handler: (envelope: HubEnvelope) => void): void {
    this.handler = handler;
  }

  onResync(): void {}

  shareCatalogueChange(): void {}

  onCatalogueChange(): void {}

  async close(): Promise<void> {
    this.handler = null;
  }
}

function isEnvelope(value: unknown): value is HubEnvelope {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (v.scope === 'company' || v.scope === 'customer') && Number.isInteger(v.id) && typeof v.target === 'string' && Array.isArray(v.args);
}

function parseObject(raw: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** How often an instance says it is alive, and how long a silent instance is taken for gone. */
export const HEARTBEAT_MS = 1_000;
export const INSTANCE_SILENCE_MS = 3_500;
const QUIT_WAIT_MS = 1_000;

/**
 * Redis pub/sub. Pushes go on `<prefix>pushes`, the envelope carrying the routing. Each instance
 * also listens on `<prefix>instance:<id>` for messages addressed to it, and says it is alive on
 * `<prefix>instances` every second.
 */
export class RedisBackplane implements HubBackplane, InstanceBus {
  readonly kind = 'redis' as const;
  readonly instanceId = crypto.randomBytes(6).toString('base64url');
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly pushChannel: string;
  private readonly instancesChannel: string;
  private readonly ownChannel: string;
  private handler: ((envelope: HubEnvelope) => void) | null = null;
  private directHandler: ((from: string, message: Record<string, unknown>) => void) | null = null;
  private resyncHandler: (() => void) | null = null;
  private catalogueHandler: (() => void) | null = null;
  private readonly lastHeard = new Map<string, number>();
  private heartbeat: NodeJS.Timeout | null = null;
  /** Pushes may have been lost since this flag was set; cleared once both clients are ready again. */
  private missed = false;
  private closing = false;

  private constructor(
    url: string,
    private readonly prefix: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.pushChannel = `${prefix}pushes`;
    this.instancesChannel = `${prefix}instances`;
    this.ownChannel = this.channelOf(this.instanceId);
    // Relayed requests must fail fast while Redis is away; the client retries through its reconnect.
    this.publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: false });
    this.subscriber = new Redis(url, { lazyConnect: true });
    for (const client of [this.publisher, this.subscriber]) {
      client.on('error', (error: Error) => this.log.warn({ err: error }, 'hub Redis connection problem'));
      client.on('close', () => {
        if (!this.closing) this.missed = true;
      });
      client.on('ready', () => this.recovered());
    }
    this.subscriber.on('message', (channel: string, raw: string) => this.received(channel, raw));
  }

  /** Connects both clients and subscribes before the hub starts taking connections. */
  static async connect(url: string, prefix: string, log: FastifyBaseLogger): Promise<RedisBackplane> {
    const backplane = new RedisBackplane(url, prefix, log);
    await Promise.all([backplane.publisher.connect(), backplane.subscriber.connect()]);
    // ioredis subscribes again by itself after a reconnect.
    await backplane.subscriber.subscribe(backplane.pushChannel, backplane.instancesChannel, backplane.ownChannel);
    backplane.missed = false;
    backplane.heartbeat = setInterval(() => backplane.beat(), HEARTBEAT_MS);
    backplane.heartbeat.unref();
    backplane.beat();
    return backplane;
  }

  get canSend(): boolean {
    return this.publisher.status === 'ready';
  }

  private channelOf(instanceId: string): string {
    return `${this.prefix}instance:${instanceId}`;
  }

  private beat(): void {
    if (this.canSend) this.publisher.publish(this.instancesChannel, this.instanceId).catch(() => (this.missed = true));
  }

  private recovered(): void {
    if (!this.missed || this.closing) return;
    if (this.publisher.status !== 'ready' || this.subscriber.status !== 'ready') return;
    this.missed = false;
    // ioredis subscribes again when the subscriber is ready; a ping answered after that means it is done.
    this.subscriber
      .ping()
      .then(() => {
        if (this.closing) return;
        this.log.warn('hub Redis connection is back; connections reconnect to catch up with pushes they may have missed');
        // Tell every instance: a push this one published may have been lost for all of them.
        this.publisher.publish(this.pushChannel, JSON.stringify({ resync: this.instanceId })).catch(() => (this.missed = true));
        this.resyncHandler?.();
      })
      .catch(() => (this.missed = true));
  }

  private received(channel: string, raw: string): void {
    if (channel === this.instancesChannel) {
      this.lastHeard.set(raw, Date.now());
      return;
    }
    const message = parseObject(raw);
    if (!message) {
      this.log.warn({ channel }, 'ignored a hub message that is not a JSON object');
      return;
    }
    if (channel === this.pushChannel) {
      if (typeof message.resync === 'string') {
        if (message.resync !== this.instanceId) this.resyncHandler?.();
        return;
      }
      if (typeof message.catalogueChanged === 'string') {
        if (message.catalogueChanged !== this.instanceId) this.catalogueHandler?.();
        return;
      }
      if (isEnvelope(message)) this.handler?.(message);
      return;
    }
    if (channel === this.ownChannel && typeof message.from === 'string') {
      this.lastHeard.set(message.from, Date.now());
      this.directHandler?.(message.from, message);
    }
  }

  async publish(envelope: HubEnvelope): Promise<void> {
    try {
      await this.publisher.publish(this.pushChannel, JSON.stringify(envelope));
    } catch (error) {
      this.missed = true;
      throw error;
    }
  }

  sendTo(instanceId: string, message: object): void {
    if (!this.canSend) return;
    this.publisher.publish(this.channelOf(instanceId), JSON.stringify({ ...message, from: this.instanceId })).catch((error: unknown) => {
      this.missed = true;
      this.log.warn({ err: error }, 'hub relay message not sent');
    });
  }

  onDirect(handler: (from: string, message: Record<string, unknown>) => void): void {
    this.directHandler = handler;
  }

  isAlive(instanceId: string): boolean {
    if (instanceId === this.instanceId) return true;
    const heard = this.lastHeard.get(instanceId);
    return heard !== undefined && Date.now() - heard < INSTANCE_SILENCE_MS;
  }

  isKnownGone(instanceId: string): boolean {
    const heard = this.lastHeard.get(instanceId);
    return heard !== undefined && Date.now() - heard >= INSTANCE_SILENCE_MS;
  }

  onMessage(handler: (envelope: HubEnvelope) => void): void {
    this.handler = handler;
  }

  onResync(handler: () => void): void {
    this.resyncHandler = handler;
  }

  shareCatalogueChange(): void {
    this.publisher.publish(this.pushChannel, JSON.stringify({ catalogueChanged: this.instanceId })).catch(() => (this.missed = true));
  }

  onCatalogueChange(handler: () => void): void {
    this.catalogueHandler = handler;
  }

  async close(): Promise<void> {
    this.closing = true;
    this.handler = null;
    this.directHandler = null;
    this.resyncHandler = null;
    this.catalogueHandler = null;
    if (this.heartbeat) clearInterval(this.heartbeat);
    // quit() waits for a connection that may be away; a stopping server does not wait for Redis.
    const quitting = Promise.allSettled([this.subscriber.quit(), this.publisher.quit()]);
    await Promise.race([quitting, new Promise((resolve) => setTimeout(resolve, QUIT_WAIT_MS).unref())]);
    this.subscriber.disconnect();
    this.publisher.disconnect();
  }
}

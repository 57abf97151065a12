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
  close(): Promise<void>;
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

  async close(): Promise<void> {
    this.handler = null;
  }
}

function isEnvelope(value: unknown): value is HubEnvelope {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (v.scope === 'company' || v.scope === 'customer') && Number.isInteger(v.id) && typeof v.target === 'string' && Array.isArray(v.args);
}

/** Redis pub/sub on one channel per prefix; the envelope carries the routing. */
export class RedisBackplane implements HubBackplane {
  readonly kind = 'redis' as const;
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly channel: string;
  private handler: ((envelope: HubEnvelope) => void) | null = null;

  private constructor(
    url: string,
    prefix: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.channel = `${prefix}pushes`;
    this.publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
    this.subscriber = new Redis(url, { lazyConnect: true });
    for (const client of [this.publisher, this.subscriber]) {
      client.on('error', (error: Error) => this.log.warn({ err: error }, 'hub Redis connection problem'));
    }
    this.subscriber.on('message', (channel: string, raw: string) => {
      if (channel !== this.channel) return;
      let envelope: unknown;
      try {
        envelope = JSON.parse(raw);
      } catch {
        this.log.warn({ channel }, 'ignored a hub push that is not JSON');
        return;
      }
      if (isEnvelope(envelope)) this.handler?.(envelope);
    });
  }

  /** Connects both clients and subscribes before the hub starts taking connections. */
  static async connect(url: string, prefix: string, log: FastifyBaseLogger): Promise<RedisBackplane> {
    const backplane = new RedisBackplane(url, prefix, log);
    await Promise.all([backplane.publisher.connect(), backplane.subscriber.connect()]);
    await backplane.subscriber.subscribe(backplane.channel);
    return backplane;
  }

  async publish(envelope: HubEnvelope): Promise<void> {
    await this.publisher.publish(this.channel, JSON.stringify(envelope));
  }

  onMessage(handler: (envelope: HubEnvelope) => void): void {
    this.handler = handler;
  }

  async close(): Promise<void> {
    this.handler = null;
    await Promise.allSettled([this.subscriber.quit(), this.publisher.quit()]);
    this.subscriber.disconnect();
    this.publisher.disconnect();
  }
}

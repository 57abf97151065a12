import type { FastifyBaseLogger } from 'fastify';
import { webhookSignature } from '../signature.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { sandboxId, type OrderEntity, type PaymentEntity, type RefundEntity } from './sandbox-entities.js';
import { findPayment } from './sandbox-store.js';

export type SandboxEvent = 'payment.captured' | 'payment.failed' | 'order.paid' | 'refund.processed';

type Entities = { payment: PaymentEntity; order?: OrderEntity; refund?: RefundEntity };

export interface SandboxDelivery {
  eventId: string;
  event: SandboxEvent;
  /** The exact bytes signed and sent. */
  body: string;
  headers: Record<string, string>;
}

/** Delays between delivery attempts when the shop does not answer 2xx. */
export const WEBHOOK_RETRY_DELAYS_MS = [500, 2_000, 5_000] as const;

/**
 * Sends Razorpay-shaped webhook events to the shop, signed with the webhook secret, each with
 * a unique X-Razorpay-Event-Id. Like Razorpay, delivery is at least once and may arrive after
 * the checkout window's own callback. Tests can `hold()` deliveries and release them in any
 * order, or twice, with `deliver()`.
 */
export class SandboxWebhooks {
  private holding = false;
  private closed = false;
  private readonly timers = new Set<NodeJS.Timeout>();
  readonly held: SandboxDelivery[] = [];

  /**
   * @param send delivers in process instead of over HTTP (the shop in the same server as the
   *   sandbox): the same route, parser and signature check, without a loopback connection.
   */
  constructor(
    private readonly target: string,
    private readonly secret: string,
    private readonly log: FastifyBaseLogger,
    private readonly send?: (delivery: SandboxDelivery) => Promise<number>,
  ) {}

  hold(): void {
    this.holding = true;
  }

  release(): void {
    this.holding = false;
  }

  /** Builds and signs one event. */
  build(event: SandboxEvent, entities: Entities): SandboxDelivery {
    const payload: Record<string, { entity: unknown }> = {};
    if (entities.refund) payload.refund = { entity: entities.refund };
    payload.payment = { entity: entities.payment };
    if (entities.order) payload.order = { entity: entities.order };
    const eventId = sandboxId('evt');
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_ShoalSandbox01',
      event,
      contains: Object.keys(payload),
      payload,
      created_at: Math.floor(Date.now() / 1000),
    });
    return {
      eventId,
      event,
      body,
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': webhookSignature(this.secret, body),
        'x-razorpay-event-id': eventId,
      },
    };
  }

  emit(event: SandboxEvent, entities: Entities): SandboxDelivery {
    const delivery = this.build(event, entities);
    if (this.holding) this.held.push(delivery);
    else this.schedule(delivery, 0, 0);
    return delivery;
  }

  /** A refund made through the sandbox (its API or the shop's own call): Razorpay tells the shop with refund.processed. */
  async emitRefund(db: Kysely<Database>, refund: RefundEntity): Promise<SandboxDelivery> {
    return this.emit('refund.processed', { refund, payment: await findPayment(db, refund.payment_id) });
  }

  /** Posts one delivery now and answers the shop's status code. */
  async deliver(delivery: SandboxDelivery): Promise<number> {
    if (this.send) return this.send(delivery);
    const response = await fetch(this.target, {
      method: 'POST',
      headers: delivery.headers,
      body: delivery.body,
      signal: AbortSignal.timeout(10_000),
    });
    await response.arrayBuffer();
    return response.status;
  }

  private schedule(delivery: SandboxDelivery, attempt: number, delayMs: number): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.deliver(delivery)
        .then((status) => {
          if (status >= 200 && status < 300) return;
          throw new Error(`the shop answered ${status}`);
        })
        .catch((error: unknown) => {
          const next = WEBHOOK_RETRY_DELAYS_MS[attempt];
          const reason = error instanceof Error ? error.message : String(error);
          if (next === undefined || this.closed) {
            this.log.warn({ eventId: delivery.eventId, event: delivery.event, reason }, 'sandbox webhook was not delivered');
            return;
          }
          this.schedule(delivery, attempt + 1, next);
        });
    }, delayMs);
    timer.unref();
    this.timers.add(timer);
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}

import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { PaymentFailure } from './sandbox-methods.js';
import { allWaitingPayments, settleDuePayments, settleWaitingPayment, type Settled } from './sandbox-waiting-store.js';
import type { SandboxWebhooks } from './sandbox-webhooks.js';

/**
 * The payments that wait for the customer (UPI, a bank's or wallet's page) end on time without
 * anyone asking: a timer per payment settles it when its test UPI app answers or it expires,
 * and every read of a payment or order settles what is due first, so a restarted sandbox, or a
 * timer that has not fired yet, never shows a payment that should have ended. Each ending sends
 * the webhooks Razorpay sends: payment.captured and order.paid, or payment.failed.
 */
export class SandboxWaitingPayments {
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly webhooks: SandboxWebhooks,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Sets the timers of the payments already waiting (after a restart) and ends those past their time. */
  async resume(): Promise<void> {
    await this.settleDue({});
    for (const row of await allWaitingPayments(this.db)) this.watch(row);
  }

  /** Ends the payment when its time comes. */
  watch(row: { id: string; decides_at: number | null; expires_at: number | null }): void {
    const due = Math.min(row.decides_at ?? Infinity, row.expires_at ?? Infinity);
    if (!Number.isFinite(due) || this.closed) return;
    // A few milliseconds late, so the due time has surely passed when the timer's query runs.
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        void this.settleDue({ paymentId: row.id }).catch((error: unknown) =>
          this.log.warn({ err: error, paymentId: row.id }, 'sandbox payment did not settle'),
        );
      },
      Math.max(0, due - Date.now()) + 5,
    );
    timer.unref();
    this.timers.add(timer);
  }

  /** Ends what is due among one payment's or order's waiting payments (or all) and sends their webhooks. */
  async settleDue(filter: { paymentId?: string; orderId?: string }): Promise<Settled[]> {
    if (this.closed) return [];
    const settled = await settleDuePayments(this.db, filter);
    settled.forEach((s) => this.announce(s));
    return settled;
  }

  /** The customer's answer (the bank's or wallet's page, a scanned QR code): ends the payment unless it already ended. */
  async answer(paymentId: string, outcome: 'captured' | PaymentFailure, payerVpa?: string): Promise<Settled | null> {
    const settled = await settleWaitingPayment(this.db, paymentId, outcome, payerVpa);
    if (settled) this.announce(settled);
    return settled;
  }

  private announce({ payment, order }: Settled): void {
    if (payment.status === 'captured') {
      this.webhooks.emit('payment.captured', { payment });
      this.webhooks.emit('order.paid', { payment, order });
    } else {
      this.webhooks.emit('payment.failed', { payment });
    }
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}

import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { App } from '../app.js';
import { cancelOrder } from '../services/order-service.js';
import { reconcileWithProvider } from '../services/payment-service.js';
import { runPeriodically } from './periodic-job.js';
import { findExpiredUnpaidOrders } from '../repositories/order-repository.js';

/** How often the shop looks for orders whose payment window has run out. */
export const ABANDONED_ORDER_SWEEP_MS = 60_000;
export const ABANDONED_REASON = 'Payment not received in time';

/** The sweep's period: every minute, or twice per payment window when the window is shorter. */
export function sweepIntervalMs(abandonedOrderMinutes: number): number {
  return Math.min(ABANDONED_ORDER_SWEEP_MS, Math.max(1_000, Math.round(abandonedOrderMinutes * 30_000)));
}

/**
 * Orders AWAITING_PAYMENT past expires_at (created + config.abandonedOrderMinutes) are
 * cancelled and their stock, wallet amount, points, coupon and slot released. An online order
 * is first checked with the provider, so a payment whose webhook was lost places the order
 * instead of being cancelled; if the provider cannot be reached the order waits for the next sweep.
 */
export async function cancelAbandonedOrders(app: App, now = new Date()): Promise<{ cancelled: number[]; placed: number[] }> {
  const due = await findExpiredUnpaidOrders(app.db, now.toISOString(), 200);
  const cancelled: number[] = [];
  const placed: number[] = [];
  for (const order of due) {
    try {
      if (order.provider_order_id) {
        const outcome = await reconcileWithProvider(app, order, 'job');
        if (outcome.Status === 'CAPTURED') {
          placed.push(order.id);
          continue;
        }
      }
      const result = await cancelOrder(app, { orderId: order.id, actor: 'system', reason: ABANDONED_REASON, onlyUnpaid: true });
      if (result.from !== null) cancelled.push(order.id);
    } catch (error) {
      app.log.warn({ err: error, orderId: order.id }, 'abandoned order left for the next sweep');
    }
  }
  return { cancelled, placed };
}

/** Runs the sweep every minute while the server is up. */
export const abandonedOrdersJob = fp(
  async (app: FastifyInstance) => {
    runPeriodically(app, {
      name: 'abandoned order sweep',
      intervalMs: sweepIntervalMs(app.config.abandonedOrderMinutes),
      work: async () => {
        const { cancelled } = await cancelAbandonedOrders(app);
        if (cancelled.length > 0) app.log.info({ cancelled }, 'abandoned orders cancelled');
      },
    });
  },
  { name: 'abandoned-orders-job', dependencies: ['payments'] },
);

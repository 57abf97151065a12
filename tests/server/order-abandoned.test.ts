import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABANDONED_REASON, cancelAbandonedOrders } from '../../server/jobs/abandoned-orders.js';
import {
  customerBalances,
  onlineOrder,
  openSlot,
  orderRow,
  payInSandbox,
  readyCustomer,
  standardSettings,
  startOrderApp,
  stockOf,
  addProduct,
} from './order-fixtures.js';

let t: Awaited<ReturnType<typeof startOrderApp>>;
let slotId: number;

beforeAll(async () => {
  t = await startOrderApp();
  await standardSettings(t.app);
  slotId = await openSlot(t.app, { capacity: 100 });
  t.app.sandboxWebhooks?.hold();
});
afterAll(async () => {
  await t?.close();
});

const minutes = (n: number) => new Date(Date.now() + n * 60_000);

describe('The abandoned-order sweep', () => {
  it('cancels orders unpaid past config.abandonedOrderMinutes and releases what they held; leaves fresh and paid ones', async () => {
    const fish = await addProduct(t.app, { sRate: 450, stock: 10 });
    const stale = await readyCustomer(t.app, { product: fish, qty: 2, slotId, walletPaise: 10_000 });
    const staleOrder = await onlineOrder(t.app, stale.customer, { deliveryId: slotId, addressId: stale.addressId, isWalletAmount: true });
    const paid = await readyCustomer(t.app, { product: fish, qty: 1, slotId });
    const paidOrder = await onlineOrder(t.app, paid.customer, { deliveryId: slotId, addressId: paid.addressId });
    // Paid in the window, but neither the callback nor the webhook reached the shop.
    await payInSandbox(t, paidOrder.providerOrderId);
    t.app.sandboxWebhooks!.held.splice(0);
    const fresh = await readyCustomer(t.app, { product: fish, qty: 3, slotId });
    await onlineOrder(t.app, fresh.customer, { deliveryId: slotId, addressId: fresh.addressId });
    expect(await stockOf(t.app, fish)).toEqual({ available: 4, reserved: 6, sold: 0 });

    // Nothing is due yet: every order was created within the last 30 minutes.
    expect(await cancelAbandonedOrders(t.app)).toEqual({ cancelled: [], placed: [] });

    // Age the first two orders past their expiry.
    const expired = new Date(Date.now() - 60_000).toISOString();
    await t.app.db.updateTable('orders').set({ expires_at: expired }).where('id', 'in', [staleOrder.orderId, paidOrder.orderId]).execute();
    const result = await cancelAbandonedOrders(t.app);
    expect(result).toEqual({ cancelled: [staleOrder.orderId], placed: [paidOrder.orderId] });

    expect(await orderRow(t.app, staleOrder.orderId)).toMatchObject({ status: 'CANCELLED', cancel_reason: ABANDONED_REASON });
    expect(await orderRow(t.app, paidOrder.orderId)).toMatchObject({ status: 'PLACED', payment_status: 'CAPTURED' });
    expect(await stockOf(t.app, fish)).toEqual({ available: 6, reserved: 3, sold: 1 });
    expect(await customerBalances(t.app, stale.customer)).toMatchObject({ wallet_balance: 10_000 });
    const events = await t.app.db.selectFrom('order_events').select(['status', 'actor']).where('order_id', '=', staleOrder.orderId).orderBy('id').execute();
    expect(events.at(-1)).toEqual({ status: 'CANCELLED', actor: 'system' });

    // A second sweep, or one running much later, finds nothing more to do.
    expect(await cancelAbandonedOrders(t.app, minutes(10))).toEqual({ cancelled: [], placed: [] });
  });

  it('sets expires_at from config.abandonedOrderMinutes', async () => {
    const fish = await addProduct(t.app, { sRate: 450, stock: 10 });
    const c = await readyCustomer(t.app, { product: fish, qty: 1, slotId });
    const before = Date.now();
    const { orderId } = await onlineOrder(t.app, c.customer, { deliveryId: slotId, addressId: c.addressId });
    const order = await orderRow(t.app, orderId);
    const minutesAhead = (Date.parse(order.expires_at ?? '') - before) / 60_000;
    expect(minutesAhead).toBeGreaterThan(t.config.abandonedOrderMinutes - 1);
    expect(minutesAhead).toBeLessThanOrEqual(t.config.abandonedOrderMinutes + 0.1);
    expect((await cancelAbandonedOrders(t.app, minutes(t.config.abandonedOrderMinutes + 1))).cancelled).toContain(orderId);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/server-app.js';
import { createCustomer } from '../helpers/customers.js';
import { insertOrder } from '../helpers/order-fixtures.js';
import { moveOrderStatus } from '../../server/services/order-service.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('status mails for the shop’s moves', () => {
  it('mails the customer each status the shop moves an order to', async () => {
    const customer = await createCustomer(t.app);
    await t.app.db.updateTable('customers').set({ email: 'asha@example.in' }).where('id', '=', customer.id).execute();
    const order = await insertOrder(t.app, { customerId: customer.id, status: 'PLACED' });
    for (const [to, label] of [
      ['PACKED', 'Packed'],
      ['OUT_FOR_DELIVERY', 'Out for Delivery'],
      ['DELIVERED', 'Delivered'],
    ] as const) {
      const before = t.mail.sent.length;
      await moveOrderStatus(t.app, { orderId: order.id, to, actor: 'shop', note: 'Moved by the shop' });
      expect(t.mail.sent.length).toBe(before + 1);
      expect(t.mail.sent.at(-1)).toMatchObject({ to: 'asha@example.in', subject: `Order ${order.orderNo}: ${label}` });
    }
  });

  it('mails a cancellation made by the shop, and nothing to a customer without an e-mail address', async () => {
    const withMail = await createCustomer(t.app);
    await t.app.db.updateTable('customers').set({ email: 'joseph@example.in' }).where('id', '=', withMail.id).execute();
    const cancelled = await insertOrder(t.app, { customerId: withMail.id, status: 'PACKED' });
    await moveOrderStatus(t.app, { orderId: cancelled.id, to: 'CANCELLED', actor: 'shop', note: 'Out of stock at the market' });
    expect(t.mail.sent.at(-1)).toMatchObject({ to: 'joseph@example.in', subject: `Order ${cancelled.orderNo}: Cancelled` });

    const without = await createCustomer(t.app);
    const quiet = await insertOrder(t.app, { customerId: without.id, status: 'PLACED' });
    const before = t.mail.sent.length;
    await moveOrderStatus(t.app, { orderId: quiet.id, to: 'PACKED', actor: 'shop', note: 'Packed' });
    expect(t.mail.sent.length).toBe(before);
  });
});

import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EnvelopeSchema, errorResponses, ok } from '../lib/envelope.js';
import { toRupees } from '../lib/money.js';
import { assertOwnCustomer, principalOf } from '../plugins/auth.plugin.js';
import { statusLabel } from '../services/order-service.js';
import { PendingOrderSchema, PendingOrdersBodySchema, PendingPaymentRecordSchema } from '../../contract/order.schemas.js';

/** The pending-orders dialog: which of the caller's orders still await payment, and their details. */
export const pendingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/Order/checkPayment',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags: ['Payment'],
        summary: "The caller's orders awaiting payment, with their provider order ids ('' before the payment was started)",
        security: [{ bearer: [] }],
        response: { 200: EnvelopeSchema(Type.Array(PendingPaymentRecordSchema)), ...errorResponses },
      },
    },
    async (request) => {
      const rows = await app.db
        .selectFrom('orders')
        .select(['id', 'provider_order_id'])
        .where('customer_id', '=', principalOf(request).customerId)
        .where('status', '=', 'AWAITING_PAYMENT')
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return ok(rows.map((r) => ({ OrderId: r.id, Data: r.provider_order_id ?? '' })));
    },
  );

  app.post(
    '/Order/customer/pending/:customerId',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags: ['Payment'],
        summary: 'Details of the listed orders that still await payment (own orders only)',
        security: [{ bearer: [] }],
        params: Type.Object({ customerId: Type.Integer({ minimum: 1, maximum: 2147483647 }) }),
        body: PendingOrdersBodySchema,
        response: { 200: EnvelopeSchema(Type.Array(PendingOrderSchema)), ...errorResponses },
      },
    },
    async (request) => {
      const principal = assertOwnCustomer(request, request.params.customerId);
      const ids = [...new Set(request.body.OrderIds)];
      if (ids.length === 0) return ok([]);
      const orders = await app.db
        .selectFrom('orders')
        .select(['id', 'order_no', 'status', 'net_amount', 'payment_method'])
        .where('customer_id', '=', principal.customerId)
        .where('id', 'in', ids)
        .where('status', '=', 'AWAITING_PAYMENT')
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      const items = orders.length
        ? await app.db.selectFrom('order_items').select(['order_id', 'item_name', 'variant_name', 'qty']).where('order_id', 'in', orders.map((o) => o.id)).orderBy('id').execute()
        : [];
      return ok(
        orders.map((o) => ({
          OrderId: o.id,
          OrderNo: o.order_no,
          OrderStatus: statusLabel(o.status),
          NetAmount: toRupees(o.net_amount),
          PaymentMethod: o.payment_method,
          Items: items
            .filter((i) => i.order_id === o.id)
            .map((i) => ({ ItemName: i.variant_name ? `${i.item_name} (${i.variant_name})` : i.item_name, Quantity: i.qty })),
        })),
      );
    },
  );
};

import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EnvelopeSchema, errorResponses, ok } from '../lib/envelope.js';
import { toRupees } from '../lib/money.js';
import { assertOwnCustomer, principalOf } from '../plugins/auth.plugin.js';
import { statusLabel } from '../services/order-service.js';
import { findAwaitingPaymentOrders, listAwaitingPaymentOrders, listOrderItemNames } from '../repositories/order-history-repository.js';
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
      const rows = await listAwaitingPaymentOrders(app.db, principalOf(request).customerId);
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
      const orders = await findAwaitingPaymentOrders(app.db, principal.customerId, ids);
      const items = orders.length
        ? await listOrderItemNames(
            app.db,
            orders.map((o) => o.id),
          )
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

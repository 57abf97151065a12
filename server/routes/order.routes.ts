import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EnvelopeSchema, errorResponses, ok } from '../lib/envelope.js';
import { principalOf } from '../plugins/auth.plugin.js';
import { PAYMENT_NOT_COMPLETED_NOTE } from '../repositories/order-timeline.js';
import { cancelAsCustomer, processOrder } from '../services/payment-service.js';
import { ProcessResultSchema } from '../../contract/order.schemas.js';

const OrderIdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647, description: 'Order id' }) });

/** Starting the payment of an order created by Order/summary, and cancelling it while unpaid. */
export const orderRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/Order/placeOrder/:id/Proccess',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags: ['Checkout'],
        summary: 'Starts the online payment (provider order) or places a cash-on-delivery / nothing-to-pay order',
        description: 'Safe to repeat: an order keeps one provider order. settled is accepted for compatibility; the server decides from the order itself.',
        security: [{ bearer: [] }],
        params: OrderIdParams,
        querystring: Type.Object({ settled: Type.Optional(Type.Boolean()) }),
        response: { 200: EnvelopeSchema(ProcessResultSchema), ...errorResponses, 503: errorResponses[400] },
      },
    },
    async (request) => ok(await processOrder(app, request.params.id, principalOf(request).customerId)),
  );

  app.post(
    '/Order/placeOrder/:id/Cancel',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags: ['Checkout'],
        summary: 'Cancels an order still awaiting payment; its stock, wallet amount, points, coupon and slot are released',
        security: [{ bearer: [] }],
        params: OrderIdParams,
        response: { 200: EnvelopeSchema(Type.Boolean()), ...errorResponses },
      },
    },
    async (request) => {
      const customerId = principalOf(request).customerId;
      await cancelAsCustomer(app, { orderId: request.params.id, customerId, reason: PAYMENT_NOT_COMPLETED_NOTE, onlyUnpaid: true });
      return ok(true, 'Order cancelled successfully!');
    },
  );
};

import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyError } from 'fastify';
import { paymentSignature } from '../signature.js';
import { RazorpayErrorSchema } from './razorpay-error.schemas.js';
import { CHECKOUT_SCRIPT, checkoutPage } from './checkout-assets.js';
import { SandboxError, findOrder, payOrder } from './sandbox-store.js';
import type { SandboxWebhooks } from './sandbox-webhooks.js';

const PayBody = Type.Object({
  key_id: Type.String({ maxLength: 100 }),
  order_id: Type.String({ minLength: 1, maxLength: 40 }),
  card_number: Type.String({ maxLength: 40 }),
  expiry: Type.String({ maxLength: 10 }),
  cvv: Type.String({ maxLength: 10 }),
  email: Type.Optional(Type.String({ maxLength: 200 })),
  contact: Type.Optional(Type.String({ maxLength: 40 })),
});

const PageQuery = Type.Object({
  key_id: Type.Optional(Type.String({ maxLength: 100 })),
  order_id: Type.Optional(Type.String({ maxLength: 40 })),
  name: Type.Optional(Type.String({ maxLength: 200 })),
  description: Type.Optional(Type.String({ maxLength: 200 })),
  currency: Type.Optional(Type.String({ maxLength: 3 })),
  color: Type.Optional(Type.String({ maxLength: 20 })),
  prefill_name: Type.Optional(Type.String({ maxLength: 200 })),
  prefill_email: Type.Optional(Type.String({ maxLength: 200 })),
  prefill_contact: Type.Optional(Type.String({ maxLength: 40 })),
  origin: Type.Optional(Type.String({ maxLength: 200 })),
});

function expiryProblem(expiry: string, now = new Date()): string | null {
  const match = /^\s*(\d{2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  if (!match) return 'Enter the expiry as MM/YY.';
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return 'Enter the expiry as MM/YY.';
  if (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) return 'This card has expired.';
  return null;
}

/**
 * The checkout window of the sandbox: /sandbox/checkout.js (window.Razorpay), the card page it
 * frames, and the form's pay call. Results carry the same signature Razorpay Checkout gives,
 * and the sandbox then sends the signed webhooks the real provider would.
 */
export const sandboxCheckoutRoutes: FastifyPluginAsyncTypebox<{ webhooks: SandboxWebhooks }> = async (app, options) => {
  const { webhooks } = options;
  const config = app.config;

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const clientError = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500;
    const status = error instanceof SandboxError ? error.statusCode : error.validation ? 400 : clientError ? (error.statusCode ?? 400) : 500;
    if (status === 500) request.log.error({ err: error }, 'sandbox checkout failed');
    const reason = error instanceof SandboxError ? error.reason : 'input_validation_failed';
    return reply.code(status).send({
      error: {
        code: 'BAD_REQUEST_ERROR',
        description: status === 500 ? 'The sandbox failed to answer.' : error.message,
        source: 'customer',
        step: 'payment_initiation',
        reason,
        metadata: {},
      },
    });
  });

  app.get('/checkout.js', { schema: { tags: ['Sandbox checkout'], summary: 'Defines window.Razorpay (the sandbox checkout)' } }, async (_request, reply) =>
    reply.type('application/javascript; charset=utf-8').header('cache-control', 'no-cache').send(CHECKOUT_SCRIPT),
  );

  app.get(
    '/checkout',
    { schema: { tags: ['Sandbox checkout'], summary: 'The card window for one provider order', querystring: PageQuery } },
    async (request, reply) => {
      const q = request.query;
      let amount: number | null = null;
      let problem: string | null = null;
      if (q.key_id !== config.razorpayKeyId) problem = 'This checkout was opened with an unknown key.';
      else if (!q.order_id) problem = 'No order was given to pay.';
      else {
        try {
          const order = await findOrder(app.db, q.order_id);
          amount = order.amount;
          if (order.status === 'paid') problem = 'This order has already been paid.';
        } catch {
          problem = 'This order does not exist.';
        }
      }
      const html = checkoutPage({
        keyId: q.key_id ?? '',
        orderId: q.order_id ?? '',
        amount,
        currency: q.currency ?? 'INR',
        shopName: q.name ?? '',
        description: q.description ?? '',
        color: q.color ?? '',
        email: q.prefill_email ?? '',
        contact: q.prefill_contact ?? '',
        origin: q.origin ?? '',
        problem,
      });
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
    },
  );

  app.post(
    '/checkout/pay',
    {
      schema: {
        tags: ['Sandbox checkout'],
        summary: 'Pays a provider order with a test card (what the card window submits)',
        body: PayBody,
        response: {
          200: Type.Object({ razorpay_payment_id: Type.String(), razorpay_order_id: Type.String(), razorpay_signature: Type.String() }),
          400: RazorpayErrorSchema,
          500: RazorpayErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (body.key_id !== config.razorpayKeyId) throw new SandboxError(400, 'This checkout was opened with an unknown key.');
      const expiry = expiryProblem(body.expiry);
      if (expiry) throw new SandboxError(400, expiry, 'BAD_REQUEST_ERROR', 'invalid_expiry');
      if (!/^\d{3,4}$/.test(body.cvv.trim())) throw new SandboxError(400, 'Enter the 3-digit CVV.', 'BAD_REQUEST_ERROR', 'invalid_cvv');
      const { payment, order } = await payOrder(app.db, {
        orderId: body.order_id,
        cardNumber: body.card_number,
        email: body.email ?? '',
        contact: body.contact ?? '',
      });
      if (payment.status === 'failed') {
        webhooks.emit('payment.failed', { payment });
        return reply.code(400).send({
          error: {
            code: payment.error_code ?? 'BAD_REQUEST_ERROR',
            description: payment.error_description ?? 'Payment failed',
            source: 'bank',
            step: 'payment_authorization',
            reason: 'payment_declined',
            metadata: { order_id: order.id, payment_id: payment.id },
          },
        });
      }
      webhooks.emit('payment.captured', { payment });
      webhooks.emit('order.paid', { payment, order });
      return {
        razorpay_payment_id: payment.id,
        razorpay_order_id: order.id,
        razorpay_signature: paymentSignature(config.razorpayKeySecret, order.id, payment.id),
      };
    },
  );
};

import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { EnvelopeSchema, errorResponses, ok } from '../lib/envelope.js';
import { badRequest } from '../lib/http-errors.js';
import { principalOf } from '../plugins/auth.plugin.js';
import { pollPaymentStatus, verifyCallback } from '../services/payment-service.js';
import { handleWebhook } from '../services/payment-webhook-service.js';
import { PaymentConfigSchema, PaymentVerificationSchema, ProviderPaymentResponseSchema } from '../../contract/payment.schemas.js';

const rawBodies = new WeakMap<FastifyRequest, string>();

/** Payment confirmation: the window's callback, the status poll, the provider's webhook, and the public checkout settings. */
export const paymentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/Payment/config',
    {
      schema: {
        tags: ['Payment'],
        summary: 'Which payment provider the checkout window uses (no secrets)',
        response: {
          200: EnvelopeSchema(PaymentConfigSchema),
        },
      },
    },
    async () => ok({ Provider: app.payments.provider, KeyId: app.payments.keyId, CheckoutScriptUrl: app.payments.checkoutScriptUrl }),
  );

  app.post(
    '/Order/payment/verify',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags: ['Payment'],
        summary: "The checkout window's success callback: counted only when its signature verifies",
        security: [{ bearer: [] }],
        body: ProviderPaymentResponseSchema,
        response: { 200: EnvelopeSchema(PaymentVerificationSchema), ...errorResponses },
      },
    },
    async (request) =>
      ok(
        await verifyCallback(app, {
          customerId: principalOf(request).customerId,
          providerOrderId: request.body.razorpay_order_id,
          providerPaymentId: request.body.razorpay_payment_id,
          signature: request.body.razorpay_signature,
        }),
      ),
  );

  app.get(
    '/Order/status/checkPayment/:orderId',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags: ['Payment'],
        summary: "The payment's fate; an order still pending is checked with the provider first",
        description: 'razropayOrderId is accepted as the client sends it; the server always uses the provider order id it stored.',
        security: [{ bearer: [] }],
        params: Type.Object({ orderId: Type.Integer({ minimum: 1, maximum: 2147483647 }) }),
        querystring: Type.Object({ razropayOrderId: Type.Optional(Type.String({ maxLength: 60 })) }),
        response: { 200: EnvelopeSchema(Type.Array(PaymentVerificationSchema)), ...errorResponses },
      },
    },
    async (request) => ok([await pollPaymentStatus(app, request.params.orderId, principalOf(request).customerId)]),
  );

  await app.register(async (hook) => {
    // The signature covers the exact bytes sent, so this route keeps the body as text.
    hook.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      rawBodies.set(request, body as string);
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(badRequest('The webhook body is not valid JSON.'), undefined);
      }
    });
    hook.post(
      '/Payment/webhook',
      {
        schema: {
          tags: ['Payment'],
          summary:
            'Razorpay webhook (payment.captured, order.paid, payment.failed, refund.processed), signed in X-Razorpay-Signature and checked against the provider’s record of the payment',
          headers: Type.Object({
            'x-razorpay-signature': Type.Optional(Type.String({ maxLength: 200 })),
            'x-razorpay-event-id': Type.Optional(Type.String({ maxLength: 100 })),
          }),
          response: { 200: EnvelopeSchema(Type.Object({ Event: Type.String(), Duplicate: Type.Boolean() })), ...errorResponses },
        },
      },
      async (request) => {
        const raw = rawBodies.get(request) ?? '';
        const header = (name: string) => {
          const value = request.headers[name];
          return typeof value === 'string' ? value : undefined;
        };
        const result = await handleWebhook(app, raw, header('x-razorpay-signature'), header('x-razorpay-event-id'));
        return ok({ Event: result.event, Duplicate: result.duplicate });
      },
    );
  });
};

import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { PaymentGateway } from './payment-gateway.js';
import { RazorpayGateway } from './razorpay-gateway.js';
import { sandboxPlugin } from './sandbox/sandbox.plugin.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The card payment provider (config.paymentProvider). */
    payments: PaymentGateway;
  }
}

export const RAZORPAY_CHECKOUT_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';
export const SANDBOX_CHECKOUT_SCRIPT = '/sandbox/checkout.js';

/**
 * The payment gateway, chosen by config.paymentProvider. Both providers speak Razorpay's HTTP
 * API: 'razorpay' at api.razorpay.com, 'sandbox' at this server's own /sandbox/razorpay (mounted
 * here), so the code that talks to the real provider is the code the tests run.
 */
export const paymentsPlugin = fp(
  async (app: FastifyInstance, options: { gateway?: PaymentGateway }) => {
    const config = app.config;
    const sandbox = config.paymentProvider === 'sandbox';
    const gateway =
      options.gateway ??
      new RazorpayGateway({
        provider: config.paymentProvider,
        baseUrl: config.razorpayBaseUrl,
        keyId: config.razorpayKeyId,
        keySecret: config.razorpayKeySecret,
        webhookSecret: config.razorpayWebhookSecret,
        checkoutScriptUrl: sandbox ? SANDBOX_CHECKOUT_SCRIPT : RAZORPAY_CHECKOUT_SCRIPT,
      });
    app.decorate('payments', gateway);
    if (sandbox) await app.register(sandboxPlugin);
  },
  { name: 'payments', dependencies: ['db'] },
);

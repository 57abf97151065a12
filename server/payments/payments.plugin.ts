import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { PaymentGateway } from './payment-gateway.js';
import { RazorpayGateway } from './razorpay-gateway.js';
import { SandboxGateway } from './sandbox/sandbox-gateway.js';
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
 * here), so the code that talks to the real provider is the code the tests run. The sandbox
 * mounted in this same server is reached in process instead (sandbox-gateway.ts); its HTTP API
 * stays served for the checkout window and for the Razorpay adapter's tests.
 */
export const paymentsPlugin = fp(
  async (app: FastifyInstance, options: { gateway?: PaymentGateway }) => {
    const config = app.config;
    const sandbox = config.paymentProvider === 'sandbox';
    // The sandbox mounted in this very server is called in process; any other address over HTTP.
    const inProcess = sandbox && config.razorpayBaseUrl === `${config.publicUrl}/sandbox/razorpay`;
    const gateway =
      options.gateway ??
      (inProcess
        ? new SandboxGateway(app.db, {
            keyId: config.razorpayKeyId,
            keySecret: config.razorpayKeySecret,
            webhookSecret: config.razorpayWebhookSecret,
            checkoutScriptUrl: SANDBOX_CHECKOUT_SCRIPT,
            onRefund: async (refund) => app.sandboxWebhooks?.emitRefund(app.db, refund),
            settleDue: async (filter) => app.sandboxWaiting?.settleDue(filter),
          })
        : new RazorpayGateway({
            provider: config.paymentProvider,
            baseUrl: config.razorpayBaseUrl,
            keyId: config.razorpayKeyId,
            keySecret: config.razorpayKeySecret,
            webhookSecret: config.razorpayWebhookSecret,
            checkoutScriptUrl: sandbox ? SANDBOX_CHECKOUT_SCRIPT : RAZORPAY_CHECKOUT_SCRIPT,
          }));
    app.decorate('payments', gateway);
    if (sandbox) await app.register(sandboxPlugin);
  },
  { name: 'payments', dependencies: ['db'] },
);

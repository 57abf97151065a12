import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { sandboxApiRoutes } from './sandbox.routes.js';
import { sandboxCheckoutRoutes } from './sandbox-checkout.routes.js';
import { SandboxWebhooks } from './sandbox-webhooks.js';
import { SandboxWaitingPayments } from './sandbox-waiting.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Present when the sandbox is mounted: its webhook sender (tests hold and replay deliveries). */
    sandboxWebhooks?: SandboxWebhooks;
    /** Present when the sandbox is mounted: its payments that wait for the customer (UPI, bank and wallet pages). */
    sandboxWaiting?: SandboxWaitingPayments;
  }
}

/** Mounts the Razorpay sandbox: the API under /sandbox/razorpay/v1 and the checkout window under /sandbox. */
export const sandboxPlugin = fp(
  async (app: FastifyInstance) => {
    // The webhook target is this server: deliveries go through its route in process.
    const webhooks = new SandboxWebhooks(`${app.config.publicUrl}/api/Payment/webhook`, app.config.razorpayWebhookSecret, app.log, async (delivery) => {
      const response = await app.inject({ method: 'POST', url: '/api/Payment/webhook', headers: delivery.headers, payload: delivery.body });
      return response.statusCode;
    });
    const waiting = new SandboxWaitingPayments(app.db, webhooks, app.log);
    app.decorate('sandboxWebhooks', webhooks);
    app.decorate('sandboxWaiting', waiting);
    app.addHook('onReady', async () => waiting.resume());
    app.addHook('onClose', async () => {
      waiting.close();
      webhooks.close();
    });
    await app.register(sandboxApiRoutes, { prefix: '/sandbox/razorpay/v1', webhooks, waiting });
    await app.register(sandboxCheckoutRoutes, { prefix: '/sandbox', webhooks, waiting });
  },
  { name: 'payments-sandbox', dependencies: ['db'] },
);

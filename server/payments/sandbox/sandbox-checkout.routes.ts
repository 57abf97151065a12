import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyError } from 'fastify';
import { paymentSignature } from '../signature.js';
import { RazorpayErrorSchema } from './razorpay-error.schemas.js';
import { CHECKOUT_SCRIPT, checkoutPage } from './checkout-assets.js';
import { SandboxError } from './sandbox-entities.js';
import { FAILURES, SANDBOX_PAYER_VPA, type WaitingMethod } from './sandbox-methods.js';
import { findOrder, payOrder } from './sandbox-store.js';
import { startWaitingPayment, waitingPayment } from './sandbox-waiting-store.js';
import type { SandboxWebhooks } from './sandbox-webhooks.js';
import type { SandboxWaitingPayments } from './sandbox-waiting.js';
import { upiPayLink, upiQrSvg } from './upi-qr.js';

const PayBody = Type.Object({
  key_id: Type.String({ maxLength: 100 }),
  order_id: Type.String({ minLength: 1, maxLength: 40 }),
  card_number: Type.String({ maxLength: 40 }),
  expiry: Type.String({ maxLength: 10 }),
  cvv: Type.String({ maxLength: 10 }),
  email: Type.Optional(Type.String({ maxLength: 200 })),
  contact: Type.Optional(Type.String({ maxLength: 40 })),
});

const StartBody = Type.Object({
  key_id: Type.String({ maxLength: 100 }),
  order_id: Type.String({ minLength: 1, maxLength: 40 }),
  method: Type.Union([Type.Literal('upi'), Type.Literal('netbanking'), Type.Literal('wallet')]),
  upi_flow: Type.Optional(Type.Union([Type.Literal('collect'), Type.Literal('intent')])),
  vpa: Type.Optional(Type.String({ maxLength: 320 })),
  bank: Type.Optional(Type.String({ maxLength: 20 })),
  wallet: Type.Optional(Type.String({ maxLength: 40 })),
  name: Type.Optional(Type.String({ maxLength: 200 })),
  email: Type.Optional(Type.String({ maxLength: 200 })),
  contact: Type.Optional(Type.String({ maxLength: 40 })),
});

const PaymentParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 40 }) });
const WindowQuery = Type.Object({ key_id: Type.String({ maxLength: 100 }), order_id: Type.String({ minLength: 1, maxLength: 40 }) });
const AnswerBody = Type.Object({
  key_id: Type.String({ maxLength: 100 }),
  order_id: Type.String({ minLength: 1, maxLength: 40 }),
  outcome: Type.Union([Type.Literal('success'), Type.Literal('failure')]),
});
const SimulateBody = Type.Object({
  payment_id: Type.String({ minLength: 1, maxLength: 40 }),
  action: Type.Union([Type.Literal('approve'), Type.Literal('decline')]),
  vpa: Type.Optional(Type.String({ maxLength: 320 })),
});

const PaidResponse = Type.Object({ razorpay_payment_id: Type.String(), razorpay_order_id: Type.String(), razorpay_signature: Type.String() });

/** Where a waiting payment stands, as the checkout window polls it. */
const WaitingAnswer = Type.Object({
  payment_id: Type.String(),
  status: Type.Union([Type.Literal('created'), Type.Literal('captured'), Type.Literal('failed')]),
  /** While waiting: milliseconds until it expires. */
  expires_in_ms: Type.Optional(Type.Integer()),
  /** Captured: what the page's handler receives, as after a card payment. */
  response: Type.Optional(PaidResponse),
  /** Failed: what the page's payment.failed callback receives. */
  error: Type.Optional(Type.Object({}, { additionalProperties: true })),
  /** A QR payment: the upi://pay link and its QR code as SVG markup. */
  upi_link: Type.Optional(Type.String()),
  qr_svg: Type.Optional(Type.String()),
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
export const sandboxCheckoutRoutes: FastifyPluginAsyncTypebox<{ webhooks: SandboxWebhooks; waiting: SandboxWaitingPayments }> = async (app, options) => {
  const { webhooks, waiting } = options;
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
          200: PaidResponse,
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

  const times = () => ({ decideAfterMs: config.sandboxUpiApprovalSeconds * 1000, expireAfterMs: config.sandboxUpiExpirySeconds * 1000 });

  /** A waiting payment of this window's order, ended first if its time has come. */
  async function windowPayment(keyId: string, orderId: string, paymentId: string) {
    if (keyId !== config.razorpayKeyId) throw new SandboxError(400, 'This checkout was opened with an unknown key.');
    await waiting.settleDue({ paymentId });
    const row = await waitingPayment(app.db, paymentId);
    if (row.order_id !== orderId) throw new SandboxError(400, 'The id provided does not exist');
    return row;
  }

  function answerOf(row: Awaited<ReturnType<typeof waitingPayment>>) {
    if (row.status === 'captured' || row.status === 'refunded') {
      return {
        payment_id: row.id,
        status: 'captured' as const,
        response: {
          razorpay_payment_id: row.id,
          razorpay_order_id: row.order_id,
          razorpay_signature: paymentSignature(config.razorpayKeySecret, row.order_id, row.id),
        },
      };
    }
    if (row.status === 'failed') {
      return {
        payment_id: row.id,
        status: 'failed' as const,
        error: {
          code: row.error_code ?? 'BAD_REQUEST_ERROR',
          description: row.error_description ?? 'Payment failed',
          source: row.error_source ?? 'customer',
          step: row.error_step ?? 'payment_authorization',
          reason: row.error_reason ?? 'payment_failed',
          metadata: { order_id: row.order_id, payment_id: row.id },
        },
      };
    }
    return { payment_id: row.id, status: 'created' as const, expires_in_ms: Math.max(0, (row.expires_at ?? Date.now()) - Date.now()) };
  }

  app.post(
    '/checkout/start',
    {
      schema: {
        tags: ['Sandbox checkout'],
        summary: 'Starts a payment that waits for the customer: a UPI request or QR code, a bank or wallet page',
        body: StartBody,
        response: { 200: WaitingAnswer, 400: RazorpayErrorSchema, 500: RazorpayErrorSchema },
      },
    },
    async (request) => {
      const body = request.body;
      if (body.key_id !== config.razorpayKeyId) throw new SandboxError(400, 'This checkout was opened with an unknown key.');
      const choice: WaitingMethod =
        body.method === 'upi'
          ? body.upi_flow === 'intent'
            ? { method: 'upi', flow: 'intent' }
            : { method: 'upi', flow: 'collect', vpa: (body.vpa ?? '').trim() }
          : body.method === 'netbanking'
            ? { method: 'netbanking', bank: body.bank ?? '' }
            : { method: 'wallet', wallet: body.wallet ?? '' };
      const payment = await startWaitingPayment(app.db, {
        orderId: body.order_id,
        choice,
        email: body.email ?? '',
        contact: body.contact ?? '',
        times: times(),
      });
      const row = await waitingPayment(app.db, payment.id);
      waiting.watch(row);
      const answer = answerOf(row);
      if (choice.method !== 'upi' || choice.flow !== 'intent') return answer;
      const link = upiPayLink({ paymentId: row.id, amount: row.amount, payeeName: body.name ?? '' });
      return { ...answer, upi_link: link, qr_svg: await upiQrSvg(link) };
    },
  );

  app.get(
    '/checkout/payments/:id',
    {
      schema: {
        tags: ['Sandbox checkout'],
        summary: 'Where a waiting payment stands (what the checkout window polls)',
        params: PaymentParams,
        querystring: WindowQuery,
        response: { 200: WaitingAnswer, 400: RazorpayErrorSchema, 500: RazorpayErrorSchema },
      },
    },
    async (request, reply) => {
      const row = await windowPayment(request.query.key_id, request.query.order_id, request.params.id);
      reply.header('cache-control', 'no-store');
      return answerOf(row);
    },
  );

  app.post(
    '/checkout/payments/:id/answer',
    {
      schema: {
        tags: ['Sandbox checkout'],
        summary: "The bank's or wallet's page: the customer completes the payment, or it fails",
        params: PaymentParams,
        body: AnswerBody,
        response: { 200: WaitingAnswer, 400: RazorpayErrorSchema, 500: RazorpayErrorSchema },
      },
    },
    async (request) => {
      const body = request.body;
      const row = await windowPayment(body.key_id, body.order_id, request.params.id);
      if (row.method !== 'netbanking' && row.method !== 'wallet') throw new SandboxError(400, 'Only a bank or wallet payment is answered on its page.');
      if (row.status === 'created') {
        await waiting.answer(row.id, body.outcome === 'success' ? 'captured' : row.method === 'netbanking' ? FAILURES.bankFailed : FAILURES.walletFailed);
      }
      return answerOf(await waitingPayment(app.db, row.id));
    },
  );

  app.post(
    '/upi/simulate',
    {
      schema: {
        tags: ['Sandbox checkout'],
        summary: "The customer's UPI app: approves or declines a waiting UPI payment (a scanned QR code or a collect request)",
        body: SimulateBody,
        response: { 200: Type.Object({ id: Type.String(), status: Type.String(), method: Type.String() }), 400: RazorpayErrorSchema, 500: RazorpayErrorSchema },
      },
    },
    async (request) => {
      const { payment_id: id, action, vpa } = request.body;
      await waiting.settleDue({ paymentId: id });
      const row = await waitingPayment(app.db, id);
      if (row.method !== 'upi') throw new SandboxError(400, 'This payment is not a UPI payment.', 'BAD_REQUEST_ERROR', 'input_validation_failed', 'payment_id');
      if (row.status !== 'created')
        throw new SandboxError(400, `This payment is no longer waiting: it is ${row.status}.`, 'BAD_REQUEST_ERROR', 'payment_not_pending');
      const payer = row.upi_flow === 'intent' ? vpa?.trim() || SANDBOX_PAYER_VPA : undefined;
      await waiting.answer(id, action === 'approve' ? 'captured' : FAILURES.upiDeclined, payer);
      const after = await waitingPayment(app.db, id);
      return { id: after.id, status: after.status, method: after.method };
    },
  );
};

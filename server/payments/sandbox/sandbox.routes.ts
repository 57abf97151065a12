import crypto from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyError, FastifyRequest } from 'fastify';
import { SandboxError } from './sandbox-entities.js';
import { capturePayment, createOrder, findOrder, findPayment, findRefund, listRefunds, orderPayments, refundPayment } from './sandbox-store.js';
import type { SandboxWebhooks } from './sandbox-webhooks.js';
import type { SandboxWaitingPayments } from './sandbox-waiting.js';
import { RazorpayErrorSchema } from './razorpay-error.schemas.js';

const errors = { 400: RazorpayErrorSchema, 401: RazorpayErrorSchema, 404: RazorpayErrorSchema };
const Entity = Type.Object({ id: Type.String(), entity: Type.String() }, { additionalProperties: true });
const Collection = Type.Object({ entity: Type.Literal('collection'), count: Type.Integer(), items: Type.Array(Entity) });
const Notes = Type.Optional(Type.Record(Type.String(), Type.String()));
const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 40 }) });

function errorBody(error: { message: string; code: string; reason: string; field: string | null }) {
  return {
    error: {
      code: error.code,
      description: error.message,
      source: 'business',
      step: 'payment_initiation',
      reason: error.reason,
      metadata: {},
      field: error.field,
    },
  };
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}

/**
 * Razorpay's REST API (v1), the parts the shop uses, served locally under
 * /sandbox/razorpay/v1 with the same basic auth, bodies and errors, over the sandbox_* tables.
 */
export const sandboxApiRoutes: FastifyPluginAsyncTypebox<{ webhooks: SandboxWebhooks; waiting: SandboxWaitingPayments }> = async (app, options) => {
  const expected = `${app.config.razorpayKeyId}:${app.config.razorpayKeySecret}`;

  app.addHook('onRequest', async (request: FastifyRequest) => {
    const header = request.headers.authorization ?? '';
    const match = /^Basic\s+(\S+)$/i.exec(header);
    const given = match?.[1] ? Buffer.from(match[1], 'base64').toString() : '';
    if (!sameText(given, expected)) throw new SandboxError(401, 'Authentication failed', 'BAD_REQUEST_ERROR', 'authentication_failed');
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof SandboxError) return reply.code(error.statusCode).send(errorBody(error));
    if (error.validation) {
      const field = (error.validation[0]?.instancePath ?? '').replace(/^\//, '') || null;
      return reply.code(400).send(
        errorBody({
          message: `${field ?? 'The request'} ${error.validation[0]?.message ?? 'is invalid'}`,
          code: 'BAD_REQUEST_ERROR',
          reason: 'input_validation_failed',
          field,
        }),
      );
    }
    request.log.error({ err: error }, 'sandbox request failed');
    return reply.code(500).send(errorBody({ message: 'The sandbox failed to answer.', code: 'SERVER_ERROR', reason: 'server_error', field: null }));
  });

  const tags = ['Sandbox (Razorpay API)'];

  app.post(
    '/orders',
    {
      schema: {
        tags,
        summary: 'Create an order (amount in paise)',
        body: Type.Object({
          amount: Type.Integer({ minimum: 1 }),
          currency: Type.String({ minLength: 3, maxLength: 3 }),
          receipt: Type.Optional(Type.String({ maxLength: 40 })),
          notes: Notes,
          payment_capture: Type.Optional(Type.Union([Type.Boolean(), Type.Integer()])),
        }),
        response: { 200: Entity, ...errors },
      },
    },
    async (request) => createOrder(app.db, request.body),
  );

  app.get('/orders/:id', { schema: { tags, summary: 'Fetch an order', params: IdParams, response: { 200: Entity, ...errors } } }, async (request) => {
    await options.waiting.settleDue({ orderId: request.params.id });
    return findOrder(app.db, request.params.id);
  });

  app.get(
    '/orders/:id/payments',
    { schema: { tags, summary: 'Fetch the payments of an order', params: IdParams, response: { 200: Collection, ...errors } } },
    async (request) => {
      await options.waiting.settleDue({ orderId: request.params.id });
      const items = await orderPayments(app.db, request.params.id);
      return { entity: 'collection' as const, count: items.length, items };
    },
  );

  app.get('/payments/:id', { schema: { tags, summary: 'Fetch a payment', params: IdParams, response: { 200: Entity, ...errors } } }, async (request) => {
    await options.waiting.settleDue({ paymentId: request.params.id });
    return findPayment(app.db, request.params.id);
  });

  app.post(
    '/payments/:id/capture',
    {
      schema: {
        tags,
        summary: 'Capture an authorised payment',
        params: IdParams,
        body: Type.Object({ amount: Type.Integer({ minimum: 1 }), currency: Type.String({ minLength: 3, maxLength: 3 }) }),
        response: { 200: Entity, ...errors },
      },
    },
    async (request) => capturePayment(app.db, request.params.id, request.body.amount, request.body.currency),
  );

  app.post(
    '/payments/:id/refund',
    {
      schema: {
        tags,
        summary: 'Refund a captured payment, fully or in part',
        params: IdParams,
        body: Type.Optional(
          Type.Object({
            amount: Type.Optional(Type.Integer({ minimum: 1 })),
            speed: Type.Optional(Type.String()),
            notes: Notes,
            receipt: Type.Optional(Type.String()),
          }),
        ),
        response: { 200: Entity, ...errors },
      },
    },
    async (request) => {
      const refund = await refundPayment(app.db, request.params.id, request.body?.amount);
      await options.webhooks.emitRefund(app.db, refund);
      return refund;
    },
  );

  const Paging = Type.Object({ count: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })), skip: Type.Optional(Type.Integer({ minimum: 0 })) });

  app.get(
    '/payments/:id/refunds',
    { schema: { tags, summary: 'Fetch the refunds of a payment', params: IdParams, querystring: Paging, response: { 200: Collection, ...errors } } },
    async (request) => {
      await findPayment(app.db, request.params.id);
      return listRefunds(app.db, { paymentId: request.params.id, ...request.query });
    },
  );

  app.get('/refunds', { schema: { tags, summary: 'Fetch all refunds', querystring: Paging, response: { 200: Collection, ...errors } } }, async (request) =>
    listRefunds(app.db, request.query),
  );

  app.get('/refunds/:id', { schema: { tags, summary: 'Fetch a refund', params: IdParams, response: { 200: Entity, ...errors } } }, async (request) =>
    findRefund(app.db, request.params.id),
  );
};

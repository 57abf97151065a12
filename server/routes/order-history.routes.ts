import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EnvelopeSchema, errorResponses, ok, page } from '../lib/envelope.js';
import { badRequest, conflict } from '../lib/http-errors.js';
import { assertOwnCompany, assertOwnCustomer, principalOf } from '../plugins/auth.plugin.js';
import { CUSTOMER_CANCELLABLE, ORDER_STATUSES, ORDER_STATUS_LABELS, isOrderStatus, type OrderStatus } from '../services/order-lifecycle.js';
import { periodBounds } from '../services/order-period.js';
import { cancelAsCustomer } from '../services/payment-service.js';
import { deleteReview, listReasons, REASON_TYPES, requestReturn, saveReview } from '../services/order-aftercare-service.js';
import { sendOrderStatusMail } from '../senders/status-mail.js';
import { listCustomerOrders, orderDetail, ownOrder } from '../repositories/order-history-repository.js';
import { CUSTOMER_CANCEL_NOTE } from '../repositories/order-timeline.js';
import { findReasonText } from '../repositories/return-reason-repository.js';
import { OrderDetailSchema, OrderListItemSchema, OrderListQuerySchema, OrderReasonSchema, ReorderResultSchema } from '../../contract/order-history.schemas.js';
import { reorderLines } from '../services/cart-service.js';
import { taxInvoicePdf } from '../services/invoice-service.js';

const Id = (description: string) => Type.Integer({ minimum: 1, maximum: 2147483647, description });
const OrderIdParams = Type.Object({ id: Id('Order id (must be the caller’s own)') });

/** A status filter given as code ('OUT_FOR_DELIVERY') or label ('Out for Delivery'), any case. */
function parseStatus(raw: string | undefined): OrderStatus | null {
  const value = (raw ?? '').trim();
  if (value === '' || value.toLowerCase() === 'all') return null;
  const code = value.toUpperCase().replace(/[\s-]+/g, '_');
  if (isOrderStatus(code)) return code;
  const byLabel = ORDER_STATUSES.find((s) => ORDER_STATUS_LABELS[s].toLowerCase() === value.toLowerCase());
  if (byLabel) return byLabel;
  throw badRequest(`Unknown order status "${value}". Use all or one of: ${ORDER_STATUSES.map((s) => ORDER_STATUS_LABELS[s]).join(', ')}.`);
}

const Detail = { 200: EnvelopeSchema(OrderDetailSchema), ...errorResponses };

/** What the shopper is told after buying an order again. */
export function reorderMessage(lineCount: number, unavailableCount: number): string {
  if (unavailableCount >= lineCount) return 'None of this order’s items can be bought right now.';
  if (unavailableCount === 0) return 'Added to your cart.';
  return `Added to your cart, except ${unavailableCount} ${unavailableCount === 1 ? 'item that is' : 'items that are'} not available now.`;
}

/** What a customer does after buying: order list and detail, cancel, return, review (spec sections 2, 3, 7). */
export const orderHistoryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.requireCustomer);
  const security = [{ bearer: [] }];
  const tags = ['Order history'];

  app.get(
    '/Order/customer/:customerId',
    {
      schema: {
        tags,
        summary: 'The caller’s orders, newest first, filtered by period and status',
        security,
        params: Type.Object({ customerId: Id('Customer id (must be the caller’s own)') }),
        querystring: OrderListQuerySchema,
        response: { 200: EnvelopeSchema(Type.Array(OrderListItemSchema)), ...errorResponses },
      },
    },
    async (request) => {
      const { customerId } = assertOwnCustomer(request, request.params.customerId);
      const q = request.query;
      const status = parseStatus(q.orderStatus);
      const period = periodBounds(q.filterType ?? 'all', q.startDate || undefined, q.endDate || undefined);
      const result = await listCustomerOrders(app.db, {
        customerId,
        ...period,
        status,
        pageNumber: q.pageNumber ?? 1,
        pageSize: q.pageSize ?? 10,
      });
      return page(result.items, result.totalCount);
    },
  );

  app.get(
    '/Order/reasons/:companyId',
    {
      schema: {
        tags,
        summary: 'Reasons a customer can pick for a return or a cancellation',
        security,
        params: Type.Object({ companyId: Id('Company id (the caller’s own)') }),
        querystring: Type.Object({ type: Type.Union(REASON_TYPES.map((t) => Type.Literal(t))) }),
        response: { 200: EnvelopeSchema(Type.Array(OrderReasonSchema)), ...errorResponses },
      },
    },
    async (request) => {
      assertOwnCompany(request, request.params.companyId);
      return ok(await listReasons(app, request.params.companyId, request.query.type));
    },
  );

  app.get(
    '/Order/:id',
    {
      schema: {
        tags,
        summary: 'One of the caller’s orders with items, amounts, address, payment and timeline',
        security,
        params: OrderIdParams,
        response: Detail,
      },
    },
    async (request) => {
      const order = await ownOrder(app.db, principalOf(request).customerId, request.params.id);
      return ok(await orderDetail(app.db, order));
    },
  );

  app.get(
    '/Order/invoice/:id',
    {
      schema: {
        tags,
        summary: 'The GST tax invoice of one of the caller’s delivered orders, as a PDF (not in the spec)',
        security,
        params: OrderIdParams,
        response: { 200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'application/pdf' }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { pdf, fileName } = await taxInvoicePdf({ db: app.db, issuer: app.config.invoiceIssuer }, principalOf(request).customerId, request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.put(
    '/Order/cancel/:id',
    {
      schema: {
        tags,
        summary: 'Cancels an order that has not left the shop; paid money goes to the wallet and stock returns',
        security,
        params: OrderIdParams,
        querystring: Type.Object({ reasonId: Type.Optional(Id('A CANCEL reason of GET Order/reasons')) }),
        response: Detail,
      },
    },
    async (request) => {
      const { customerId } = principalOf(request);
      const order = await ownOrder(app.db, customerId, request.params.id);
      if (!isOrderStatus(order.status) || !CUSTOMER_CANCELLABLE.includes(order.status)) {
        throw conflict(
          order.status === 'CANCELLED' ? 'This order is already cancelled.' : 'This order has already left the shop and can no longer be cancelled.',
        );
      }
      let reason = CUSTOMER_CANCEL_NOTE;
      if (request.query.reasonId !== undefined) {
        const text = await findReasonText(app.db, { id: request.query.reasonId, companyId: order.company_id, type: 'CANCEL' });
        if (text === undefined) throw badRequest('Choose one of the listed cancellation reasons.');
        reason = text;
      }
      await cancelAsCustomer(app, { orderId: order.id, customerId, reason });
      await sendOrderStatusMail(app, order.id);
      return ok(await orderDetail(app.db, await ownOrder(app.db, customerId, order.id)), 'Order cancelled successfully!');
    },
  );

  app.post(
    '/Order/reorder/:id',
    {
      schema: {
        tags,
        summary: 'Buys one of the caller’s orders again: its lines go to the cart (capped at stock); lines not available now are named',
        security,
        params: OrderIdParams,
        response: { 200: EnvelopeSchema(ReorderResultSchema), ...errorResponses },
      },
    },
    async (request) => {
      const order = await ownOrder(app.db, principalOf(request).customerId, request.params.id);
      const { cart, lineCount, unavailable } = await reorderLines(app, order);
      return ok({ Cart: cart, Unavailable: unavailable }, reorderMessage(lineCount, unavailable.length));
    },
  );

  app.put(
    '/Order/return/:id',
    {
      schema: {
        tags,
        summary: 'Requests a return of a delivered order within the return window',
        security,
        params: OrderIdParams,
        querystring: Type.Object({
          returnRemark: Type.String({ maxLength: 2000, description: 'What is wrong, 5 to 500 characters' }),
          returnImage: Type.String({ maxLength: 200, description: 'Url of a photo uploaded through POST Product/images' }),
          reasonId: Type.Optional(Id('A RETURN reason of GET Order/reasons')),
        }),
        response: Detail,
      },
    },
    async (request) => {
      const { customerId } = principalOf(request);
      const { returnRemark, returnImage, reasonId } = request.query;
      await requestReturn(app, { customerId, orderId: request.params.id, remark: returnRemark, image: returnImage, reasonId });
      await sendOrderStatusMail(app, request.params.id);
      return ok(await orderDetail(app.db, await ownOrder(app.db, customerId, request.params.id)), 'Return requested');
    },
  );

  app.put(
    '/Order/review/:id',
    {
      schema: {
        tags,
        summary: 'Reviews a delivered order: rating 1 to 5 and up to 1000 characters',
        security,
        params: OrderIdParams,
        querystring: Type.Object({
          review: Type.Optional(Type.String({ maxLength: 5000, default: '' })),
          rating: Type.Integer({ description: 'Whole stars, 1 to 5' }),
        }),
        response: Detail,
      },
    },
    async (request) => {
      const { customerId } = principalOf(request);
      await saveReview(app, customerId, request.params.id, request.query.review ?? '', request.query.rating);
      return ok(await orderDetail(app.db, await ownOrder(app.db, customerId, request.params.id)), 'Thank you for your review!');
    },
  );

  app.delete(
    '/Order/review/:id',
    { schema: { tags, summary: 'Removes the review of an order', security, params: OrderIdParams, response: Detail } },
    async (request) => {
      const { customerId } = principalOf(request);
      await deleteReview(app, customerId, request.params.id);
      return ok(await orderDetail(app.db, await ownOrder(app.db, customerId, request.params.id)), 'Review deleted');
    },
  );
};

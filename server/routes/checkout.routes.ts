import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EnvelopeSchema, errorResponses, ok } from '../lib/envelope.js';
import { toRupees } from '../lib/money.js';
import { principalOf } from '../plugins/auth.plugin.js';
import { priceCheckout } from '../services/checkout-service.js';
import { createOrderFromCart } from '../services/order-creation-service.js';
import { ORDER_STATUS_LABELS } from '../services/order-lifecycle.js';
import { CheckoutQuerySchema, CheckoutSummarySchema, PlaceOrderBodySchema, PlacedOrderSchema } from '../../contract/order.schemas.js';

const Id = (description: string) => Type.Integer({ minimum: 1, maximum: 2147483647, description });
/** The checkout page's live summary and the order it creates (amounts in rupees on the wire). */
export const checkoutRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/Order/checkout',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags: ['Checkout'],
        summary: 'Prices the current server cart with the chosen slot, coupon, wallet and loyalty points',
        security: [{ bearer: [] }],
        querystring: CheckoutQuerySchema,
        response: { 200: EnvelopeSchema(CheckoutSummarySchema), ...errorResponses },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const q = request.query;
      const quote = await priceCheckout(app.db, {
        customerId: principal.customerId,
        companyId: principal.companyId,
        branchId: q.branchId,
        deliveryId: q.deliveryId,
        couponCode: q.couponCode,
        useWallet: q.isWalletAmount ?? false,
        useLoyalty: q.isWalletLoyality ?? false,
      });
      return ok({
        Lines: quote.lines.map((l) => ({
          ProductId: l.productId,
          VariantId: l.variantId,
          ItemName: l.itemName,
          VariantName: l.variantName,
          Quantity: l.qty,
          Rate: toRupees(l.rate),
          Value: toRupees(l.value),
        })),
        GrossAmount: toRupees(quote.gross),
        CouponCode: quote.coupon?.code ?? null,
        CouponDiscount: toRupees(quote.coupon?.discount ?? 0),
        DeliveryCharge: toRupees(quote.deliveryCharge),
        FreeDeliveryAbove: quote.freeDeliveryAbove === null ? null : toRupees(quote.freeDeliveryAbove),
        WalletBalance: toRupees(quote.walletBalance),
        WalletAmount: toRupees(quote.walletAmount),
        LoyaltyPointsBalance: quote.loyaltyBalance,
        LoyaltyPoints: quote.loyaltyPoints,
        LoyaltyAmount: toRupees(quote.loyaltyAmount),
        NetAmount: toRupees(quote.net),
        DeliveryId: quote.slot.id,
        SlotLabel: quote.slot.label,
      });
    },
  );

  app.post(
    '/Order/summary',
    {
      preHandler: app.requireCustomer,
      schema: {
        tags: ['Checkout'],
        summary: 'Creates the order awaiting payment: stock reserved, slot booked, wallet and points taken, cart emptied',
        description:
          'Send an Idempotency-Key header (any unique string per order attempt) to make retries safe: a repeated key answers the order it created the first time.',
        security: [{ bearer: [] }],
        querystring: Type.Object({ branchId: Id('Branch id') }),
        headers: Type.Object({ 'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 100 })) }),
        body: PlaceOrderBodySchema,
        response: { 200: EnvelopeSchema(PlacedOrderSchema), ...errorResponses },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const body = request.body;
      const { order } = await createOrderFromCart(app, {
        customerId: principal.customerId,
        companyId: principal.companyId,
        branchId: request.query.branchId,
        deliveryId: body.deliveryId,
        addressId: body.addressId,
        couponCode: body.couponCode,
        useWallet: body.isWalletAmount ?? false,
        useLoyalty: body.isWalletLoyality ?? false,
        paymentMethod: body.paymentMethod,
        idempotencyKey: request.headers['idempotency-key'],
      });
      const status = order.status as keyof typeof ORDER_STATUS_LABELS;
      return ok({
        OrderId: order.id,
        OrderNo: order.order_no,
        NetAmount: toRupees(order.net_amount),
        PaymentMethod: order.payment_method,
        OrderStatus: ORDER_STATUS_LABELS[status] ?? order.status,
        StatusCode: order.status,
      });
    },
  );
};

import { Type, type Static } from '@sinclair/typebox';

/**
 * Wire schemas of coupons, checkout, placing an order and the orders awaiting payment (PascalCase
 * answers as the spec names them, camelCase queries and bodies as the API takes them; amounts in
 * rupees). The server validates and documents with them; the browser imports their `Static` types
 * only. The payment's fate is in payment.schemas.ts.
 */

const Id = (description: string) => Type.Integer({ minimum: 1, maximum: 2147483647, description });

/** How the customer pays: online through the payment provider, or cash on delivery. */
export const PaymentMethodSchema = Type.Union([Type.Literal('ONLINE'), Type.Literal('COD')], {
  description: 'ONLINE (card payment window) or COD (cash on delivery)',
});

const CouponCode = Type.String({ maxLength: 40, description: 'Coupon code (case does not matter)' });

/** GET Coupon/customer/{companyId}: a coupon the caller can still use. */
export const CouponSchema = Type.Object({
  CouponId: Type.Integer(),
  Code: Type.String(),
  Title: Type.String(),
  Description: Type.String(),
  DiscountType: Type.Union([Type.Literal('PERCENT'), Type.Literal('FLAT')]),
  DiscountValue: Type.Number({ description: 'Percent for PERCENT, rupees for FLAT' }),
  MaxDiscount: Type.Union([Type.Number(), Type.Null()], { description: 'Rupees' }),
  MinOrder: Type.Number({ description: 'Rupees' }),
  ValidTo: Type.String(),
});

/** GET Order/checkout: the choices of the checkout page that the server prices. */
export const CheckoutQuerySchema = Type.Object({
  branchId: Id('Branch id'),
  deliveryId: Id('Delivery slot id'),
  couponCode: Type.Optional(CouponCode),
  isWalletLoyality: Type.Optional(Type.Boolean({ default: false, description: "Use loyalty points (the wire name keeps the API's spelling)" })),
  isWalletAmount: Type.Optional(Type.Boolean({ default: false, description: 'Use the wallet balance' })),
  paymentMethod: Type.Optional(PaymentMethodSchema),
});

export const CheckoutLineSchema = Type.Object({
  ProductId: Type.Integer(),
  VariantId: Type.Integer(),
  ItemName: Type.String(),
  VariantName: Type.String(),
  Quantity: Type.Integer(),
  Rate: Type.Number(),
  Value: Type.Number(),
});

/** The order summary computed on the server from the current cart. */
export const CheckoutSummarySchema = Type.Object({
  Lines: Type.Array(CheckoutLineSchema),
  GrossAmount: Type.Number(),
  CouponCode: Type.Union([Type.String(), Type.Null()]),
  CouponDiscount: Type.Number(),
  DeliveryCharge: Type.Number(),
  FreeDeliveryAbove: Type.Union([Type.Number(), Type.Null()], {
    description: 'Free delivery at or above this value after the coupon; null when the shop has no such offer',
  }),
  WalletBalance: Type.Number(),
  WalletAmount: Type.Number(),
  LoyaltyPointsBalance: Type.Integer(),
  LoyaltyPoints: Type.Integer(),
  LoyaltyAmount: Type.Number(),
  NetAmount: Type.Number(),
  DeliveryId: Type.Integer(),
  SlotLabel: Type.String(),
});

/** POST Order/summary: the order as the customer chose it. */
export const PlaceOrderBodySchema = Type.Object({
  deliveryId: Id('Delivery slot id'),
  addressId: Id('Saved address id'),
  couponCode: Type.Optional(Type.Union([CouponCode, Type.Null()])),
  isWalletLoyality: Type.Optional(Type.Boolean({ default: false })),
  isWalletAmount: Type.Optional(Type.Boolean({ default: false })),
  paymentMethod: PaymentMethodSchema,
});

/** POST Order/summary's answer: the order created, awaiting payment. */
export const PlacedOrderSchema = Type.Object({
  OrderId: Type.Integer(),
  OrderNo: Type.String(),
  NetAmount: Type.Number(),
  PaymentMethod: PaymentMethodSchema,
  OrderStatus: Type.String(),
  StatusCode: Type.String(),
});

/** POST Order/placeOrder/{id}/Proccess: 'PENDING' awaits online payment, 'PLACED' is complete (cash on delivery or nothing to pay). */
export const ProcessResultSchema = Type.Object({
  OrderNo: Type.String(),
  Data: Type.String({ description: "The payment provider's order id; '' for cash on delivery or nothing to pay" }),
  Status: Type.Union([Type.Literal('PENDING'), Type.Literal('PLACED')]),
  NetAmount: Type.Number(),
});

/** GET Order/checkPayment: an order of the caller awaiting payment. */
export const PendingPaymentRecordSchema = Type.Object({
  OrderId: Type.Integer(),
  Data: Type.String({ description: "The payment provider's order id; '' when the order's payment was never started" }),
});

/** POST Order/customer/pending/{customerId}: which orders to describe. */
export const PendingOrdersBodySchema = Type.Object({ OrderIds: Type.Array(Type.Integer({ minimum: 1, maximum: 2147483647 }), { maxItems: 50 }) });

/** An order awaiting payment as the pending-orders dialog shows it. */
export const PendingOrderSchema = Type.Object({
  OrderId: Type.Integer(),
  OrderNo: Type.String(),
  OrderStatus: Type.String(),
  NetAmount: Type.Number(),
  PaymentMethod: PaymentMethodSchema,
  Items: Type.Array(Type.Object({ ItemName: Type.String(), Quantity: Type.Integer() })),
});

export type PaymentMethod = Static<typeof PaymentMethodSchema>;
export type Coupon = Static<typeof CouponSchema>;
type CheckoutQuery = Static<typeof CheckoutQuerySchema>;
/** The checkout page's choices as the browser keeps them: the flags and the payment method always set. */
export type CheckoutChoices = CheckoutQuery & Required<Pick<CheckoutQuery, 'isWalletLoyality' | 'isWalletAmount' | 'paymentMethod'>>;
export type CheckoutLine = Static<typeof CheckoutLineSchema>;
export type CheckoutSummary = Static<typeof CheckoutSummarySchema>;
type PlaceOrderBody = Static<typeof PlaceOrderBodySchema>;
/** The order summary call's body as the browser sends it: the flags always set. */
export type PlaceOrderPayload = PlaceOrderBody & Required<Pick<PlaceOrderBody, 'isWalletLoyality' | 'isWalletAmount'>>;
export type PlacedOrder = Static<typeof PlacedOrderSchema>;
export type ProcessResult = Static<typeof ProcessResultSchema>;
export type PendingPaymentRecord = Static<typeof PendingPaymentRecordSchema>;
export type PendingOrder = Static<typeof PendingOrderSchema>;

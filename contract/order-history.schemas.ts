import { Type, type Static } from '@sinclair/typebox';
import { AddressSchema } from './address.schemas.js';
import { CartSchema } from './cart.schemas.js';

/**
 * Wire schemas of the order history: the list, one order's detail, the reasons a customer picks
 * (PascalCase as the spec names them, amounts in rupees, timestamps ISO-8601 UTC). The server
 * validates and documents with them; the browser imports their `Static` types only.
 */

export const ORDER_FILTER_TYPES = ['all', 'today', 'week', 'month', 'custom'] as const;

/** GET Order/customer/{customerId}: the list's query (spec section 3). */
export const OrderListQuerySchema = Type.Object({
  filterType: Type.Optional(
    Type.Union(
      ORDER_FILTER_TYPES.map((f) => Type.Literal(f)),
      { default: 'all' },
    ),
  ),
  orderStatus: Type.Optional(Type.String({ maxLength: 40, description: 'Status code or label; omit (or all) for every status' })),
  startDate: Type.Optional(Type.String({ maxLength: 10, description: 'YYYY-MM-DD, with filterType=custom' })),
  endDate: Type.Optional(Type.String({ maxLength: 10, description: 'YYYY-MM-DD, with filterType=custom' })),
  pageNumber: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 10 })),
});

export const OrderListItemSchema = Type.Object({
  OrderId: Type.Integer(),
  OrderNo: Type.String(),
  OrderStatus: Type.String({ description: "The label customers read, e.g. 'Out for Delivery'" }),
  StatusCode: Type.String({ description: "The code, e.g. 'OUT_FOR_DELIVERY'" }),
  NetAmount: Type.Number(),
  ItemCount: Type.Integer(),
  CreatedAt: Type.String(),
  PaymentMethod: Type.String(),
  PaymentStatus: Type.String({ description: 'Where the money stands: PENDING, CAPTURED, FAILED, REFUNDED or NOT_REQUIRED (nothing left to pay)' }),
  FirstItemName: Type.String(),
  FirstItemImage: Type.String(),
});

/** The shipping address as it was when the order was placed. */
export const OrderAddressSchema = Type.Pick(AddressSchema, ['Name', 'Phone', 'House', 'Street', 'Landmark', 'City', 'State', 'Pincode']);

export const OrderItemSchema = Type.Object({
  ProductId: Type.Integer(),
  VariantId: Type.Integer(),
  ItemName: Type.String(),
  VariantName: Type.String(),
  Image: Type.String(),
  Quantity: Type.Integer(),
  Rate: Type.Number(),
  Value: Type.Number(),
  OrderedGrams: Type.Optional(Type.Integer({ description: 'Net grams ordered for the whole line; absent for a line not sold by weight' })),
  PackedGrams: Type.Optional(Type.Integer({ description: 'Grams the shop packed for the line; absent until packed' })),
  WeightRefund: Type.Optional(Type.Number({ description: 'Rupees back to the wallet for a lighter pack; absent until packed' })),
  WeightDue: Type.Optional(
    Type.Number({
      description: 'Rupees to pay on delivery for a heavier pack (negative: less to pay, cash on delivery lighter pack); absent until packed',
    }),
  ),
});

export const OrderTimelineEntrySchema = Type.Object({
  StatusCode: Type.String(),
  Status: Type.String(),
  Note: Type.String(),
  Actor: Type.String(),
  At: Type.String(),
  Title: Type.String({ description: "The step in the shopper's words, e.g. 'Payment received' or 'Cancelled by you'" }),
  Detail: Type.String({ description: 'A sentence more for the shopper, or empty' }),
});

/** Where a refund's money went: the customer's Shoal wallet, or the card or account the order was paid with. */
export const REFUND_DESTINATIONS = ['WALLET', 'ORIGINAL'] as const;
/**
 * PROCESSED: the money is back. PENDING: the shop has asked the payment provider and not yet heard
 * back. REVERSED: a wallet refund taken back from the wallet because the provider refunded the
 * same money to the original payment method.
 */
export const REFUND_STATUSES = ['PROCESSED', 'PENDING', 'REVERSED'] as const;

export const OrderRefundSchema = Type.Object({
  Amount: Type.Number({ description: 'Rupees' }),
  Destination: Type.Union(
    REFUND_DESTINATIONS.map((d) => Type.Literal(d)),
    { description: 'WALLET (the Shoal wallet) or ORIGINAL (the payment method, refunded at the payment provider)' },
  ),
  Status: Type.Union(
    REFUND_STATUSES.map((s) => Type.Literal(s)),
    { description: 'PROCESSED, PENDING or REVERSED' },
  ),
  Reference: Type.String({
    description: 'The wallet line number, or the payment provider’s refund id (its payment id when the provider made the refund itself)',
  }),
  At: Type.String(),
});

export const OrderDetailSchema = Type.Object({
  OrderId: Type.Integer(),
  OrderNo: Type.String(),
  CompanyId: Type.Integer(),
  OrderStatus: Type.String(),
  StatusCode: Type.String(),
  CreatedAt: Type.String(),
  PaymentMethod: Type.String(),
  PaymentStatus: Type.String(),
  TransactionNo: Type.String(),
  SlotLabel: Type.String(),
  Address: Type.Union([OrderAddressSchema, Type.Null()]),
  Items: Type.Array(OrderItemSchema),
  GrossAmount: Type.Number(),
  CouponCode: Type.String(),
  DiscountAmount: Type.Number(),
  Savings: Type.Number({ description: 'Rupees the offer rates and the coupon took off the selling rates' }),
  DeliveryCharge: Type.Number(),
  WalletAmount: Type.Number(),
  LoyaltyPoints: Type.Integer(),
  LoyaltyAmount: Type.Number(),
  NetAmount: Type.Number(),
  RefundAmount: Type.Number(),
  WeightRefund: Type.Optional(Type.Number({ description: 'Rupees lighter packs put back in the wallet; absent unless a line is sold by weight' })),
  WeightDue: Type.Optional(
    Type.Number({ description: 'Rupees the delivery collects beyond NetAmount for packed weights (negative: less); absent unless a line is sold by weight' }),
  ),
  Refunds: Type.Array(OrderRefundSchema, { description: 'Every refund of the order, oldest first; empty when nothing went back' }),
  Timeline: Type.Array(OrderTimelineEntrySchema),
  DeliveredAt: Type.Union([Type.String(), Type.Null()]),
  CancelledAt: Type.Union([Type.String(), Type.Null()]),
  CancelReason: Type.String(),
  Return: Type.Union([
    Type.Object({ Reason: Type.String(), Remark: Type.String(), Image: Type.String(), ReturnedAt: Type.Union([Type.String(), Type.Null()]) }),
    Type.Null(),
  ]),
  Review: Type.Union([Type.Object({ Review: Type.String(), Rating: Type.Integer(), ReviewedAt: Type.String() }), Type.Null()]),
  CanCancel: Type.Boolean(),
  CanReturn: Type.Boolean(),
  CanReview: Type.Boolean(),
  ReturnWindowEndsAt: Type.Union([Type.String(), Type.Null()]),
});

/** GET Order/reasons/{companyId}: a reason the customer can pick for a return or a cancellation. */
export const OrderReasonSchema = Type.Object({ ReasonId: Type.Integer(), Type: Type.String(), Reason: Type.String() });

/** POST Order/reorder/{id}: the cart after an order's lines went back in, and the lines that could not, with why. */
export const ReorderResultSchema = Type.Object({
  Cart: CartSchema,
  Unavailable: Type.Array(Type.String(), { description: 'One entry per line left out: "<product>: <reason>"' }),
});

export type OrderFilterType = (typeof ORDER_FILTER_TYPES)[number];
/** The list's filter as the browser keeps it: every field set, orderStatus a status code or 'all'. */
export type OrderListFilter = Required<Pick<Static<typeof OrderListQuerySchema>, 'filterType' | 'orderStatus' | 'startDate' | 'endDate'>>;
export type OrderListItem = Static<typeof OrderListItemSchema>;
export type OrderAddress = Static<typeof OrderAddressSchema>;
export type OrderTimelineEntry = Static<typeof OrderTimelineEntrySchema>;
export type OrderRefund = Static<typeof OrderRefundSchema>;
export type OrderDetail = Static<typeof OrderDetailSchema>;
export type OrderReason = Static<typeof OrderReasonSchema>;

/** A page of the order list as the browser's API function returns it (the envelope's Data and TotalCount). */
export interface OrderPage {
  items: OrderListItem[];
  totalCount: number;
}
export type ReorderResult = Static<typeof ReorderResultSchema>;

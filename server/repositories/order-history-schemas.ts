import { Type, type Static } from '@sinclair/typebox';

/** Wire shapes of the order history (amounts in rupees, timestamps ISO-8601 UTC). */
export const OrderListItemSchema = Type.Object({
  OrderId: Type.Integer(),
  OrderNo: Type.String(),
  /** The label customers read, e.g. 'Out for Delivery'. */
  OrderStatus: Type.String(),
  /** The code, e.g. 'OUT_FOR_DELIVERY'. */
  StatusCode: Type.String(),
  NetAmount: Type.Number(),
  ItemCount: Type.Integer(),
  CreatedAt: Type.String(),
  PaymentMethod: Type.String(),
  /** Where the money stands: PENDING, CAPTURED, FAILED, REFUNDED or NOT_REQUIRED (nothing left to pay). */
  PaymentStatus: Type.String(),
  FirstItemName: Type.String(),
  FirstItemImage: Type.String(),
});
export type OrderListItemWire = Static<typeof OrderListItemSchema>;

const AddressSnapshot = Type.Object({
  Name: Type.String(),
  Phone: Type.String(),
  House: Type.String(),
  Street: Type.String(),
  Landmark: Type.String(),
  City: Type.String(),
  State: Type.String(),
  Pincode: Type.String(),
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
  Address: Type.Union([AddressSnapshot, Type.Null()]),
  Items: Type.Array(
    Type.Object({
      ProductId: Type.Integer(),
      VariantId: Type.Integer(),
      ItemName: Type.String(),
      VariantName: Type.String(),
      Image: Type.String(),
      Quantity: Type.Integer(),
      Rate: Type.Number(),
      Value: Type.Number(),
    }),
  ),
  GrossAmount: Type.Number(),
  CouponCode: Type.String(),
  DiscountAmount: Type.Number(),
  DeliveryCharge: Type.Number(),
  WalletAmount: Type.Number(),
  LoyaltyPoints: Type.Integer(),
  LoyaltyAmount: Type.Number(),
  NetAmount: Type.Number(),
  RefundAmount: Type.Number(),
  Timeline: Type.Array(
    Type.Object({
      StatusCode: Type.String(),
      Status: Type.String(),
      Note: Type.String(),
      Actor: Type.String(),
      At: Type.String(),
      /** The step in the shopper's words, e.g. 'Payment received' or 'Cancelled by you'. */
      Title: Type.String(),
      /** A sentence more for the shopper, or empty. */
      Detail: Type.String(),
    }),
  ),
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
export type OrderDetailWire = Static<typeof OrderDetailSchema>;

export const ReasonSchema = Type.Object({ ReasonId: Type.Integer(), Type: Type.String(), Reason: Type.String() });
export type ReasonWire = Static<typeof ReasonSchema>;

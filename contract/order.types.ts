/**
 * Wire shapes of checkout, orders and payments (PascalCase as the spec names them; amounts in
 * rupees). Plain types for now: the server's route schemas for these are not yet derived from
 * them, unlike contract/catalogue.schemas.ts and contract/cart.schemas.ts.
 */

export interface Coupon {
  CouponId: number;
  Code: string;
  Title: string;
  Description: string;
  DiscountType: 'PERCENT' | 'FLAT';
  DiscountValue: number;
  MaxDiscount: number | null;
  MinOrder: number;
  ValidTo: string;
}

export interface PendingOrder {
  OrderId: number;
  OrderNo: string;
  OrderStatus: string;
  NetAmount: number;
  PaymentMethod: 'ONLINE' | 'COD';
  Items: { ItemName: string; Quantity: number }[];
}

export interface PendingPaymentRecord {
  OrderId: number;
  /** The payment provider's order id; '' when the order's payment was never started. */
  Data: string;
}

export interface PlaceOrderResult {
  OrderNo: string;
  /** The payment provider's order id (transaction number). */
  Data: string;
  Status: string;
}

/** How the customer pays: online through the payment provider, or cash on delivery. */
export type PaymentMethod = 'ONLINE' | 'COD';

/** The choices of the checkout page that the server prices. */
export interface CheckoutChoices {
  branchId: number;
  deliveryId: number;
  couponCode?: string;
  /** Use loyalty points (the wire name keeps the API's spelling). */
  isWalletLoyality: boolean;
  isWalletAmount: boolean;
  paymentMethod: PaymentMethod;
}

export interface CheckoutLine {
  ProductId: number;
  VariantId: number;
  ItemName: string;
  VariantName: string;
  Quantity: number;
  Rate: number;
  Value: number;
}

/** The order summary computed on the server from the current cart (rupees). */
export interface CheckoutSummary {
  Lines: CheckoutLine[];
  GrossAmount: number;
  CouponCode: string | null;
  CouponDiscount: number;
  DeliveryCharge: number;
  FreeDeliveryAbove: number | null;
  WalletBalance: number;
  WalletAmount: number;
  LoyaltyPointsBalance: number;
  LoyaltyPoints: number;
  LoyaltyAmount: number;
  NetAmount: number;
  DeliveryId: number;
  SlotLabel: string;
}

/** Body of the order summary call: the order as the customer chose it. */
export interface PlaceOrderPayload {
  deliveryId: number;
  addressId: number;
  couponCode?: string;
  isWalletLoyality: boolean;
  isWalletAmount: boolean;
  paymentMethod: PaymentMethod;
}

/** The placed-order details kept after the order summary call. */
export interface PlacedOrder {
  OrderId: number;
  OrderNo: string;
  NetAmount: number;
  PaymentMethod: PaymentMethod;
  OrderStatus: string;
  StatusCode: string;
}

/** Proccess result: Status 'PENDING' awaits online payment, 'PLACED' is complete (cash on delivery or nothing to pay). */
export interface ProcessResult extends PlaceOrderResult {
  NetAmount: number;
}

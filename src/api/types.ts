/**
 * Wire shapes of the API, shared by src/api and the machines. Amounts are rupees (numbers);
 * the server keeps paise. Catalogue items are camelCase as section 3 names them; company,
 * order and payment records are PascalCase as the spec names them.
 */

export interface ProductVariant {
  variantId: number;
  name: string;
  active: boolean;
  sRate: number;
  oRate: number | null;
  isStockAvailable: boolean;
  stockQty: number;
  cartQty: number;
}

export interface Product {
  productId: number;
  name: string;
  description: string;
  image: string;
  categoryId: number;
  categoryName: string;
  unitLabel: string;
  active: boolean;
  isVariantEnabled: boolean;
  /** The selected (or first active) variant; 0 when the product has no variants. */
  variantId: number;
  variantName: string;
  variantActive: boolean;
  isStockAvailable: boolean;
  stockQty: number;
  sRate: number;
  oRate: number | null;
  /** Quantity of this line in the caller's server cart (0 without a token). */
  cartQty: number;
  variants: ProductVariant[];
}

export interface Category {
  categoryId: number;
  name: string;
  description: string;
  image: string;
  productCount: number;
}

export interface SpecialCategory {
  specialCategoryId: number;
  name: string;
  description: string;
  image: string;
}

export interface Offer {
  offerId: number;
  title: string;
  description: string;
  image: string;
  badge: string;
  categoryId: number | null;
  startsAt: string;
  endsAt: string;
}

export interface Paged<T> {
  items: T[];
  totalCount: number;
  pageNumber: number;
  pageSize: number;
}

export interface Faq {
  FaqId: number;
  Question: string;
  Answer: string;
}

export interface DeliverySlot {
  DeliveryId: number;
  SlotDate: string;
  StartTime: string;
  EndTime: string;
  Label: string;
  Available: number;
  /** Extra fields of the server's answer (a slot remembered by an older version has none). */
  Capacity?: number;
  /** Listed only when asked for with includeFull; cannot be picked. */
  Full?: boolean;
}

/** A line of the customer's server cart: the product fields of section 3 plus the line's quantity. */
export interface CartLine extends Product {
  cartItemId: number;
  branchId: number;
  /** Value counted in totals (0 for lines that went out of stock or inactive). */
  lineValue: number;
  /** Why the line is excluded from totals, or null. */
  problem: string | null;
}

export interface Cart {
  lines: CartLine[];
  totalQty: number;
  subTotal: number;
}

/** Local cart item kept in the browser before login (section 3). */
export interface LocalCartItem {
  productId: number;
  variantId: number;
  branchId: number;
  companyId: number;
  qty?: number;
  cartQty?: number;
}

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

/** Wire shapes of the order history (amounts in rupees). */
export interface OrderListItem {
  OrderId: number;
  OrderNo: string;
  OrderStatus: string;
  StatusCode: string;
  NetAmount: number;
  ItemCount: number;
  CreatedAt: string;
  PaymentMethod: string;
  /** PENDING, CAPTURED, FAILED, REFUNDED or NOT_REQUIRED: what the order list labels. */
  PaymentStatus: string;
  FirstItemName: string;
  FirstItemImage: string;
}

export interface OrderAddress {
  Name: string;
  Phone: string;
  House: string;
  Street: string;
  Landmark: string;
  City: string;
  State: string;
  Pincode: string;
}

export interface OrderTimelineEntry {
  StatusCode: string;
  Status: string;
  Note: string;
  Actor: string;
  At: string;
  /** The step in the shopper's words. */
  Title: string;
  /** A sentence more for the shopper, or empty. */
  Detail: string;
}

export interface OrderDetail {
  OrderId: number;
  OrderNo: string;
  CompanyId: number;
  OrderStatus: string;
  StatusCode: string;
  CreatedAt: string;
  PaymentMethod: string;
  PaymentStatus: string;
  TransactionNo: string;
  SlotLabel: string;
  Address: OrderAddress | null;
  Items: { ProductId: number; VariantId: number; ItemName: string; VariantName: string; Image: string; Quantity: number; Rate: number; Value: number }[];
  GrossAmount: number;
  CouponCode: string;
  DiscountAmount: number;
  DeliveryCharge: number;
  WalletAmount: number;
  LoyaltyPoints: number;
  LoyaltyAmount: number;
  NetAmount: number;
  RefundAmount: number;
  Timeline: OrderTimelineEntry[];
  DeliveredAt: string | null;
  CancelledAt: string | null;
  CancelReason: string;
  Return: { Reason: string; Remark: string; Image: string; ReturnedAt: string | null } | null;
  Review: { Review: string; Rating: number; ReviewedAt: string } | null;
  CanCancel: boolean;
  CanReturn: boolean;
  CanReview: boolean;
  ReturnWindowEndsAt: string | null;
}

export interface OrderReason {
  ReasonId: number;
  Type: string;
  Reason: string;
}

export type OrderFilterType = 'all' | 'today' | 'week' | 'month' | 'custom';

/** Order list filter (section 3): filterType, optional orderStatus, startDate, endDate. */
export interface OrderListFilter {
  filterType: OrderFilterType;
  /** A status code, or 'all'. */
  orderStatus: string;
  startDate: string;
  endDate: string;
}

export interface OrderPage {
  items: OrderListItem[];
  totalCount: number;
}

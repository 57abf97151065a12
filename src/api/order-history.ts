import { getData, http, toApiError } from '../lib/http';

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

/**
 * The query of the order list (section 5): the custom range is sent only when filterType is
 * custom and both dates are given; the status is omitted when 'all'.
 */
export function orderListSearchParams(filter: OrderListFilter, pageNumber: number, pageSize: number): URLSearchParams {
  const params = new URLSearchParams({ filterType: filter.filterType });
  if (filter.orderStatus && filter.orderStatus !== 'all') params.set('orderStatus', filter.orderStatus);
  if (filter.filterType === 'custom' && filter.startDate && filter.endDate) {
    params.set('startDate', filter.startDate);
    params.set('endDate', filter.endDate);
  }
  params.set('pageNumber', String(pageNumber));
  params.set('pageSize', String(pageSize));
  return params;
}

export interface OrderPage {
  items: OrderListItem[];
  totalCount: number;
}

/** GET Order/customer/{customerId} */
export async function getCustomerOrders(customerId: number, filter: OrderListFilter, pageNumber: number, pageSize: number): Promise<OrderPage> {
  try {
    const body = await http
      .get(`Order/customer/${customerId}`, { searchParams: orderListSearchParams(filter, pageNumber, pageSize) })
      .json<{ Data: OrderListItem[]; TotalCount?: number }>();
    return { items: body.Data, totalCount: body.TotalCount ?? body.Data.length };
  } catch (error) {
    throw toApiError(error);
  }
}

/** GET Order/{id} */
export function getOrder(orderId: number): Promise<OrderDetail> {
  return getData(http.get(`Order/${orderId}`));
}

/** PUT Order/cancel/{id} (CancelOrder): the cancelled order, a truthy result. */
export function cancelOrder(orderId: number): Promise<OrderDetail> {
  return getData(http.put(`Order/cancel/${orderId}`));
}

/** PUT Order/return/{id}?returnRemark&returnImage[&reasonId] */
export function requestReturn(orderId: number, request: { remark: string; image: string; reasonId: number | null }): Promise<OrderDetail> {
  const searchParams = new URLSearchParams({ returnRemark: request.remark, returnImage: request.image });
  if (request.reasonId) searchParams.set('reasonId', String(request.reasonId));
  return getData(http.put(`Order/return/${orderId}`, { searchParams }));
}

/** PUT Order/review/{id}?review&rating */
export function saveReview(orderId: number, review: { review: string; rating: number }): Promise<OrderDetail> {
  return getData(http.put(`Order/review/${orderId}`, { searchParams: { review: review.review, rating: review.rating } }));
}

/** DELETE Order/review/{id} */
export function deleteReview(orderId: number): Promise<OrderDetail> {
  return getData(http.delete(`Order/review/${orderId}`));
}

/** GET Order/reasons/{companyId}?type= */
export function getOrderReasons(companyId: number, type: 'RETURN' | 'CANCEL'): Promise<OrderReason[]> {
  return getData(http.get(`Order/reasons/${companyId}`, { searchParams: { type } }));
}

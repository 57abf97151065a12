import { getData, http, toApiError } from '../lib/http';
import type { OrderDetail, OrderListFilter, OrderListItem, OrderPage, OrderReason, ReorderResult } from '../../contract/order-history.schemas';
import type { Cart } from '../../contract/cart.schemas';

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

/** POST Order/reorder/{id}: the order's lines back in the cart; the server's message, the cart and the lines left out. */
export async function reorderOrder(orderId: number): Promise<{ message: string; cart: Cart; unavailable: string[] }> {
  try {
    const body = await http.post(`Order/reorder/${orderId}`).json<{ Message: string; Data: ReorderResult }>();
    return { message: body.Message, cart: body.Data.Cart, unavailable: body.Data.Unavailable };
  } catch (error) {
    throw toApiError(error);
  }
}

/** GET Order/invoice/{id}: the delivered order's GST tax invoice (a PDF) and the file name the server gives it. */
export async function getOrderInvoice(orderId: number): Promise<{ blob: Blob; fileName: string }> {
  try {
    const response = await http.get(`Order/invoice/${orderId}`, { retry: 0 });
    const disposition = response.headers.get('content-disposition') ?? '';
    const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `invoice-${orderId}.pdf`;
    return { blob: await response.blob(), fileName };
  } catch (error) {
    throw toApiError(error);
  }
}

import { getData, http } from '../lib/http';
import type {
  CheckoutChoices,
  CheckoutSummary,
  PendingOrder,
  PendingPaymentRecord,
  PlaceOrderPayload,
  PlacedOrder,
  ProcessResult,
} from '../../contract/order.schemas';
import type { PaymentStatusRecord } from '../../contract/payment.schemas';

function checkoutQuery(choices: CheckoutChoices): Record<string, string | number | boolean> {
  const query: Record<string, string | number | boolean> = {
    branchId: choices.branchId,
    deliveryId: choices.deliveryId,
    isWalletLoyality: choices.isWalletLoyality,
    isWalletAmount: choices.isWalletAmount,
    paymentMethod: choices.paymentMethod,
  };
  const coupon = choices.couponCode?.trim();
  if (coupon) query.couponCode = coupon;
  return query;
}

/** GET Order/checkout: prices the cart with the chosen slot, coupon, wallet, points and payment method. */
export function getCheckoutSummary(choices: CheckoutChoices): Promise<CheckoutSummary> {
  return getData(http.get('Order/checkout', { searchParams: checkoutQuery(choices) }));
}

/** POST Order/summary (CreatePlaceOder): creates the order awaiting payment; its details are kept. */
export function createPlaceOrder(branchId: number, payload: PlaceOrderPayload): Promise<PlacedOrder> {
  const body: PlaceOrderPayload = { ...payload, couponCode: payload.couponCode?.trim() || undefined };
  return getData(http.post('Order/summary', { searchParams: { branchId }, json: body }));
}

/** POST Order/placeOrder/{id}/Proccess: starts the payment (or completes a cash or fully settled order). */
export function processOrder(orderId: number, options: { settled?: boolean } = {}): Promise<ProcessResult> {
  const searchParams = options.settled ? { settled: true } : undefined;
  return getData(http.post(`Order/placeOrder/${orderId}/Proccess`, { searchParams }));
}

/** POST Order/placeOrder/{id}/Cancel (CancelOrder): truthy when the unpaid order was cancelled. */
export function cancelUnpaidOrder(orderId: number): Promise<boolean> {
  return getData(http.post(`Order/placeOrder/${orderId}/Cancel`));
}

/**
 * GET Order/status/checkPayment/{orderId}: the first entry's Status tells the payment's fate.
 * Not retried by the client: the status machine's own schedule (every 3 s, at most 100 times)
 * is this read's retry, and a poll that got no answer is one of those 100.
 */
export function getPaymentStatus(orderId: number, providerOrderId: string): Promise<PaymentStatusRecord[]> {
  return getData(http.get(`Order/status/checkPayment/${orderId}`, { searchParams: { razropayOrderId: providerOrderId }, retry: 0 }));
}

/** GET Order/checkPayment: the caller's orders still awaiting payment. */
export function getPendingPayments(): Promise<PendingPaymentRecord[]> {
  return getData(http.get('Order/checkPayment'));
}

/** POST Order/customer/pending/{customerId} (GetCustomerPendingOrderDetail). */
export function getPendingOrderDetails(customerId: number, orderIds: number[]): Promise<PendingOrder[]> {
  return getData(http.post(`Order/customer/pending/${customerId}`, { json: { OrderIds: orderIds } }));
}

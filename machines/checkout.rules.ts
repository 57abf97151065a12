import type { CheckoutChoices, CheckoutSummary, PlacedOrder, PlaceOrderPayload, ProcessResult } from '../contract/order.schemas';
import type { PaymentStatusUpdate } from '../contract/hub-events';
import type { PaymentStatusRecord, PaymentVerification } from '../contract/payment.schemas';
import type {
  CheckoutBalances,
  CheckoutContext,
  CheckoutForm,
  CheckoutInput,
  CheckoutOptions,
  OrderToPay,
  PaymentResult,
  PaymentWindowInput,
  PayPendingEvent,
} from './checkout.types';
import { messageOf } from './failure-message.rules';
import type { SettledPayment } from './payment-status.machine';

/** Section 9: place order is tried 3 times, 1 s apart. */
export const PLACE_ORDER_ATTEMPTS = 3;
export const PLACE_ORDER_RETRY_MS = 1000;

/** The checkout's choices before the customer has made any. */
export const EMPTY_CHECKOUT_FORM: CheckoutForm = {
  addressId: null,
  deliveryId: null,
  couponCode: '',
  isWalletLoyality: false,
  isWalletAmount: false,
  paymentMethod: 'ONLINE',
};

export const EMPTY_CHECKOUT_OPTIONS: CheckoutOptions = {
  addresses: [],
  slots: [],
  preselectedDeliveryId: null,
  preselectedCouponCode: null,
  balances: { WalletBalance: 0, LoyaltyPoints: 0 },
};

export function initialContext({ branchId }: CheckoutInput): CheckoutContext {
  return {
    branchId,
    options: EMPTY_CHECKOUT_OPTIONS,
    form: EMPTY_CHECKOUT_FORM,
    summary: null,
    balances: null,
    summaryError: null,
    placeError: null,
    order: null,
    providerOrderId: '',
    placeAttempts: 0,
    result: null,
    upiSecondsLeft: 0,
  };
}

const FALLBACK_MESSAGE = 'Something went wrong!';

/** The message of a failure, or `fallback` when it has none. */
export function errorMessage(error: unknown, fallback: string = FALLBACK_MESSAGE): string {
  return messageOf(error, fallback);
}

/** The machine-readable code a failed call carries, if any (the server's `code` field). */
export function errorCode(error: unknown): unknown {
  return typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
}

/** A payment status as verify, the poll or the hub's push reports it. */
export type StatusReport = Pick<PaymentVerification | SettledPayment, 'Status' | 'TransactionNo'>;

/** The status poll's first record, the one the checkout reads (section 4); nothing yet when there is none. */
export function firstReport(records: readonly PaymentStatusRecord[]): StatusReport {
  return records[0] ?? { Status: 'PENDING', TransactionNo: '' };
}

/** What is left of a UPI request the poll says waits in the customer's UPI app, in seconds; 0 when none waits. */
export function upiSecondsLeft(records: readonly PaymentStatusRecord[]): number {
  const record = records[0];
  return record?.Status === 'PENDING' ? (record.AwaitingApproval?.SecondsLeft ?? 0) : 0;
}

/** The hub's push as a status report, when it is about this order. */
export function reportForOrder(order: OrderToPay | null, update: PaymentStatusUpdate): StatusReport | null {
  return update.OrderId === order?.OrderId ? update : null;
}

/** An order that needs no payment window: cash on delivery, or nothing left to pay. */
export function isOffline(order: OrderToPay | null): boolean {
  return !order || order.PaymentMethod === 'COD' || order.NetAmount === 0;
}

/** The provider's order id when placing left the order waiting for an online payment, else null. */
export function providerOrderOf(result: ProcessResult): string | null {
  return result.Status === 'PENDING' && result.Data ? result.Data : null;
}

/**
 * The form once the shop's options are known: choices already made (checking out again after a
 * failed payment) stay while the shop still offers them, else the cart page's picks fill in.
 */
export function formWithOptions(form: CheckoutForm, options: CheckoutOptions): CheckoutForm {
  const { addresses, slots, preselectedDeliveryId, preselectedCouponCode, preselectedWallet } = options;
  const address = addresses.find((a) => a.AddressId === form.addressId) ?? addresses.find((a) => a.IsDefault) ?? addresses[0];
  const slot = slots.find((s) => s.DeliveryId === form.deliveryId) ?? slots.find((s) => s.DeliveryId === preselectedDeliveryId);
  return {
    ...form,
    addressId: address?.AddressId ?? null,
    deliveryId: slot?.DeliveryId ?? null,
    couponCode: form.couponCode || (preselectedCouponCode ?? ''),
    isWalletAmount: form.isWalletAmount || (preselectedWallet?.isWalletAmount ?? false),
    isWalletLoyality: form.isWalletLoyality || (preselectedWallet?.isWalletLoyality ?? false),
  };
}

/** The priced summary reads the balances afresh, so they stay right after an order or refund elsewhere. */
export function balancesOf(summary: CheckoutSummary): CheckoutBalances {
  return { WalletBalance: summary.WalletBalance, LoyaltyPoints: summary.LoyaltyPointsBalance };
}

/** What Order/checkout prices. */
export function summaryInput({ branchId, form }: CheckoutContext): CheckoutChoices {
  return {
    branchId,
    deliveryId: form.deliveryId ?? 0,
    couponCode: form.couponCode.trim() || undefined,
    isWalletLoyality: form.isWalletLoyality,
    isWalletAmount: form.isWalletAmount,
    paymentMethod: form.paymentMethod,
  };
}

/** What Order/summary creates. */
export function orderInput({ branchId, form }: CheckoutContext): { branchId: number; payload: PlaceOrderPayload } {
  return {
    branchId,
    payload: {
      deliveryId: form.deliveryId ?? 0,
      addressId: form.addressId ?? 0,
      couponCode: form.couponCode.trim() || undefined,
      isWalletLoyality: form.isWalletLoyality,
      isWalletAmount: form.isWalletAmount,
      paymentMethod: form.paymentMethod,
    },
  };
}

export function orderToPay(placed: PlacedOrder): OrderToPay {
  return { OrderId: placed.OrderId, OrderNo: placed.OrderNo, NetAmount: placed.NetAmount, PaymentMethod: placed.PaymentMethod };
}

/** Pay Now of the pending-orders dialog: the order exists, only its payment is missing. */
export function pendingOrderToPay(event: PayPendingEvent): OrderToPay {
  return { ...event.order, PaymentMethod: event.order.PaymentMethod ?? 'ONLINE' };
}

export function orderIdOf(context: CheckoutContext): number {
  return context.order?.OrderId ?? 0;
}

export function paymentWindowInput(context: CheckoutContext): PaymentWindowInput {
  return {
    orderId: orderIdOf(context),
    orderNo: context.order?.OrderNo ?? '',
    netAmount: context.order?.NetAmount ?? 0,
    providerOrderId: context.providerOrderId,
  };
}

/** A captured payment as the provider reported it; `succeeded` completes it with the order. */
export function capturedResult(report: StatusReport): PaymentResult {
  return { outcome: 'success', offline: false, orderNo: '', transactionNo: report.TransactionNo ?? '', status: 'CAPTURED' };
}

/** Placing completed the order without the provider (cash on delivery, or nothing to pay). */
export function placedResult(order: OrderToPay | null): PaymentResult {
  return { outcome: 'success', offline: true, orderNo: order?.OrderNo ?? '', transactionNo: '', status: 'PLACED' };
}

/** What the success popup shows: the order with whatever the payment reported. */
export function successResult({ order, result }: CheckoutContext): PaymentResult {
  return {
    outcome: 'success',
    offline: isOffline(order),
    orderNo: order?.OrderNo ?? '',
    transactionNo: result?.transactionNo ?? '',
    status: result?.status || 'CAPTURED',
  };
}

export function failureResult({ order }: CheckoutContext): PaymentResult {
  return { outcome: 'failure', offline: isOffline(order), orderNo: order?.OrderNo ?? '', transactionNo: '', status: 'FAILED' };
}

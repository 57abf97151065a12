import type { EventObject } from 'xstate';
import type { PaymentVerification } from '../contract/payment.types';
import type { CheckoutEvent, CheckoutForm, OrderToPay } from './checkout-types';
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

/** The message of a failure, or `fallback` when it has none. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

export type StatusReport = Pick<PaymentVerification | SettledPayment, 'Status' | 'TransactionNo'>;

/** The payment status an event carries: verify output, the poll's output, or the hub's push. */
export function reported(event: EventObject): StatusReport | null {
  if (event.type === 'payment.pushed') return (event as Extract<CheckoutEvent, { type: 'payment.pushed' }>).update;
  const output = 'output' in event ? (event as { output: unknown }).output : null;
  return output && typeof output === 'object' && 'Status' in output ? (output as StatusReport) : null;
}

/** An order that needs no payment window: cash on delivery, or nothing left to pay. */
export function isOffline(order: OrderToPay | null): boolean {
  return !order || order.PaymentMethod === 'COD' || order.NetAmount === 0;
}

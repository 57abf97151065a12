import type { PaymentStatus } from './order.types.js';

/** Wire shapes of the payment provider's configuration and its confirmations. */

/** The payment provider the server uses; never carries secrets. */
export interface PaymentConfig {
  Provider: 'sandbox' | 'razorpay';
  KeyId: string;
  CheckoutScriptUrl: string;
}

/** What the provider's checkout window hands to its success handler. */
export interface ProviderPaymentResponse {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

export interface PaymentVerification {
  Status: PaymentStatus;
  OrderId: number;
  OrderNo: string;
  TransactionNo: string;
}

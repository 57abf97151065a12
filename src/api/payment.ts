import { getData, http } from '../lib/http';
import type { PaymentStatus } from './order';

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

/** GET Payment/config */
export function getPaymentConfig(): Promise<PaymentConfig> {
  return getData(http.get('Payment/config'));
}

/** POST Order/payment/verify: the server checks the signature and records the payment. */
export function verifyPayment(response: ProviderPaymentResponse): Promise<PaymentVerification> {
  return getData(http.post('Order/payment/verify', { json: response }));
}

import { getData, http } from '../lib/http';
import type { PaymentConfig, PaymentVerification, ProviderPaymentResponse } from '../../contract/payment.schemas';

/** GET Payment/config */
export function getPaymentConfig(): Promise<PaymentConfig> {
  return getData(http.get('Payment/config'));
}

/** POST Order/payment/verify: the server checks the signature and records the payment. */
export function verifyPayment(response: ProviderPaymentResponse): Promise<PaymentVerification> {
  return getData(http.post('Order/payment/verify', { json: response }));
}

/**
 * What the shop needs from a card payment provider. Amounts are integer paise, as the
 * provider counts them. Razorpay implements it over HTTP; the sandbox serves the same HTTP
 * API locally, so one implementation covers both (server/payments/razorpay-gateway.ts).
 */

export type ProviderOrderStatus = 'created' | 'attempted' | 'paid';
export type ProviderPaymentStatus = 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';

export interface ProviderOrder {
  id: string;
  amount: number;
  amountPaid: number;
  currency: string;
  receipt: string;
  status: ProviderOrderStatus;
  attempts: number;
}

export interface ProviderPayment {
  id: string;
  orderId: string;
  amount: number;
  currency: string;
  status: ProviderPaymentStatus;
  method: string;
  /** When the payment was made (Unix seconds): how long a UPI request has waited. */
  createdAt: number;
  amountRefunded: number;
  errorCode: string | null;
  errorDescription: string | null;
}

export interface ProviderRefund {
  id: string;
  paymentId: string;
  amount: number;
  status: string;
}

/** A refusal by the provider (its error.description), or the provider being unreachable. */
export class PaymentGatewayError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
  ) {
    super(message);
    this.name = 'PaymentGatewayError';
  }
}

export interface PaymentGateway {
  readonly provider: 'sandbox' | 'razorpay';
  /** The public key the checkout window is opened with. */
  readonly keyId: string;
  /** Where the browser loads the checkout script that defines window.Razorpay. */
  readonly checkoutScriptUrl: string;
  createOrder(input: { amount: number; currency: string; receipt: string; notes?: Record<string, string> }): Promise<ProviderOrder>;
  fetchOrder(providerOrderId: string): Promise<ProviderOrder>;
  /** Every payment attempt made against an order, oldest first. */
  fetchOrderPayments(providerOrderId: string): Promise<ProviderPayment[]>;
  fetchPayment(providerPaymentId: string): Promise<ProviderPayment>;
  capturePayment(providerPaymentId: string, amount: number, currency: string): Promise<ProviderPayment>;
  /** Refunds the whole payment, or `amount` paise of it. */
  refundPayment(providerPaymentId: string, amount?: number, notes?: Record<string, string>): Promise<ProviderRefund>;
  verifyPaymentSignature(input: { providerOrderId: string; providerPaymentId: string; signature: string }): boolean;
  verifyWebhookSignature(rawBody: string, signature: string | undefined): boolean;
}

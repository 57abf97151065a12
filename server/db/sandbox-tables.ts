/**
 * The payment sandbox's own books (server/payments/sandbox).
 * The conventions every table follows are in schema.ts.
 */

export interface SandboxOrderTable {
  id: string;
  amount: number;
  currency: string;
  receipt: string;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes_json: string;
  created_at: number;
}

export interface SandboxPaymentTable {
  id: string;
  order_id: string;
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'failed' | 'refunded';
  method: 'card' | 'upi' | 'netbanking' | 'wallet';
  card_last4: string;
  /** The customer's UPI ID: typed for a collect request, the payer's once a QR payment is approved. */
  vpa: string | null;
  /** Razorpay's bank code (HDFC, SBIN, ...) of a netbanking payment. */
  bank: string | null;
  /** Razorpay's wallet code (amazonpay, phonepe, ...) of a wallet payment. */
  wallet: string | null;
  upi_flow: 'collect' | 'intent' | null;
  email: string;
  contact: string;
  error_code: string | null;
  error_description: string | null;
  error_source: string | null;
  error_step: string | null;
  error_reason: string | null;
  /** How a payment still waiting for the customer ends by itself, at decides_at (ms); null waits for expires_at (ms). */
  decision: 'captured' | 'failed' | null;
  decides_at: number | null;
  expires_at: number | null;
  amount_refunded: number;
  captured: number;
  created_at: number;
}

export interface SandboxRefundTable {
  id: string;
  payment_id: string;
  amount: number;
  created_at: number;
}

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
  method: string;
  card_last4: string;
  email: string;
  contact: string;
  error_code: string | null;
  error_description: string | null;
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

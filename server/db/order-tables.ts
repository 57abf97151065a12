import type { ColumnType, Generated } from 'kysely';

/**
 * Orders and money: order lines and events, payments and provider webhooks, wallet and loyalty ledgers, return reasons.
 * The conventions every table follows are in schema.ts.
 */

export interface OrderTable {
  id: Generated<number>;
  order_no: string;
  company_id: number;
  branch_id: number;
  customer_id: number;
  status: string;
  payment_method: 'ONLINE' | 'COD';
  payment_status: 'PENDING' | 'CAPTURED' | 'FAILED' | 'REFUNDED' | 'NOT_REQUIRED';
  delivery_slot_id: number | null;
  slot_label: string;
  address_json: string;
  coupon_code: string | null;
  gross_amount: number;
  discount_amount: number;
  delivery_charge: number;
  wallet_amount: number;
  loyalty_points: number;
  loyalty_amount: number;
  net_amount: number;
  refund_amount: number;
  provider_order_id: string | null;
  provider_payment_id: string | null;
  created_at: string;
  updated_at: string;
  expires_at: string | null;
  paid_at: string | null;
  delivered_at: string | null;
  cancelled_at: string | null;
  cancel_reason: string | null;
  return_reason: string | null;
  return_remark: string | null;
  return_image: string | null;
  returned_at: string | null;
  review: string | null;
  rating: number | null;
  reviewed_at: string | null;
  /** Loyalty points credited for this order (when it was delivered). */
  earned_points: Generated<number>;
  /** Paise of this order's own payment refunded at the payment provider. */
  provider_refunded: Generated<number>;
  /** Paise kept back from a refund for earned points that were already spent. */
  refund_withheld: Generated<number>;
  /** The Idempotency-Key of the request that created the order; unique per customer. */
  idempotency_key: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface OrderItemTable {
  id: Generated<number>;
  order_id: number;
  product_id: number;
  variant_id: number;
  item_name: string;
  variant_name: string;
  image: string;
  qty: number;
  rate: number;
  value: number;
  /** The selling rate when ordered (paise per unit); null for lines ordered before it was kept. */
  list_rate: ColumnType<number | null, number | null | undefined, number | null>;
  /** Net grams of one unit when ordered; null for a line not sold by weight. */
  net_grams: ColumnType<number | null, number | null | undefined, number | null>;
  /** Grams the shop packed for the whole line; null until packed, final once set. */
  packed_grams: ColumnType<number | null, number | null | undefined, number | null>;
  /** Paise credited to the wallet because the pack was lighter than ordered. */
  weight_refunded: ColumnType<number, number | undefined, number>;
  /** Signed paise the delivery collects beyond the net amount (less, for cash on delivery, when lighter). */
  weight_due: ColumnType<number, number | undefined, number>;
  packed_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The HSN code the line was sold under; null for lines ordered before it was kept. */
  hsn_code: ColumnType<string | null, string | null | undefined, string | null>;
  /** The GST rate the line was sold under, in basis points (500 = 5 %); null as hsn_code. */
  gst_rate_bp: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface OrderEventTable {
  id: Generated<number>;
  order_id: number;
  status: string;
  note: string;
  actor: 'customer' | 'shop' | 'system' | 'provider';
  created_at: string;
}

export interface PaymentTable {
  id: Generated<number>;
  order_id: number;
  provider: string;
  provider_order_id: string;
  provider_payment_id: string | null;
  amount: number;
  status: 'CREATED' | 'CAPTURED' | 'FAILED' | 'REFUNDED';
  method: string;
  refund_id: string | null;
  error_reason: string | null;
  created_at: string;
  updated_at: string;
  captured_at: string | null;
}

export interface WebhookEventTable {
  event_id: string;
  event_type: string;
  received_at: string;
}

export interface WalletLedgerTable {
  id: Generated<number>;
  customer_id: number;
  order_id: number | null;
  /** Signed paise: credits positive, debits negative. */
  amount: number;
  reason: string;
  balance_after: number;
  created_at: string;
}

export interface LoyaltyLedgerTable {
  id: Generated<number>;
  customer_id: number;
  order_id: number | null;
  points: number;
  reason: string;
  balance_after: number;
  created_at: string;
}

export interface ReturnReasonTable {
  id: Generated<number>;
  company_id: number;
  type: string;
  reason: string;
  sort_order: number;
}

/** A delivered order's tax invoice number, sequential per shop, given on the first download and kept. */
export interface InvoiceTable {
  order_id: number;
  company_id: number;
  invoice_no: number;
  issued_at: string;
}

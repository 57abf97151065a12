import crypto from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { SandboxOrderTable, SandboxPaymentTable, SandboxRefundTable } from '../../db/sandbox-tables.js';

/**
 * The sandbox's orders, payments and refunds rendered exactly as Razorpay's API renders them,
 * their ids, and refusals in Razorpay's error format.
 */

export type Db = Kysely<Database>;
export type OrderRow = Selectable<SandboxOrderTable>;
export type PaymentRow = Selectable<SandboxPaymentTable>;
export type RefundRow = Selectable<SandboxRefundTable>;

/** A refusal in Razorpay's error format: { error: { code, description, ... } }. */
export class SandboxError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code = 'BAD_REQUEST_ERROR',
    readonly reason = 'input_validation_failed',
    readonly field: string | null = null,
  ) {
    super(message);
    this.name = 'SandboxError';
  }
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
let sequence = 0;

/**
 * Razorpay style ids: a prefix and 14 characters. Like Razorpay's, they grow with time: ten
 * lowercase base-36 characters of the creation time (sorting the same under any collation),
 * then four random ones.
 */
export function sandboxId(prefix: 'order' | 'pay' | 'rfnd' | 'evt'): string {
  sequence = (sequence + 1) % 1000;
  const time = (Date.now() * 1000 + sequence).toString(36).padStart(10, '0').slice(-10);
  const bytes = crypto.randomBytes(4);
  return `${prefix}_${time}${Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('')}`;
}

export const unixNow = (): number => Math.floor(Date.now() / 1000);

export function orderEntity(row: OrderRow, amountPaid: number) {
  return {
    id: row.id,
    entity: 'order',
    amount: row.amount,
    amount_paid: amountPaid,
    amount_due: Math.max(0, row.amount - amountPaid),
    currency: row.currency,
    receipt: row.receipt,
    offer_id: null,
    status: row.status,
    attempts: row.attempts,
    notes: JSON.parse(row.notes_json) as Record<string, string>,
    created_at: row.created_at,
  };
}

/** A stable figure of `digits` digits for a payment, like the reference numbers banks give (UPI's RRN, a bank's transaction id). */
function referenceOf(id: string, digits: number): string {
  const hex = crypto.createHash('sha256').update(id).digest('hex');
  return (BigInt(`0x${hex.slice(0, 16)}`) % 10n ** BigInt(digits)).toString().padStart(digits, '0');
}

/** Where Razorpay reports each method's reference once the money has moved. */
function acquirerData(row: PaymentRow): Record<string, string> {
  if (row.captured !== 1) return {};
  if (row.method === 'upi') return { rrn: referenceOf(row.id, 12) };
  if (row.method === 'netbanking') return { bank_transaction_id: referenceOf(row.id, 10) };
  if (row.method === 'wallet') return { transaction_id: referenceOf(row.id, 14) };
  return { auth_code: referenceOf(row.id, 6) };
}

export function paymentEntity(row: PaymentRow) {
  const failed = row.status === 'failed';
  const card = row.method === 'card' && row.card_last4 !== '';
  return {
    id: row.id,
    entity: 'payment',
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    order_id: row.order_id,
    invoice_id: null,
    international: false,
    method: row.method,
    amount_refunded: row.amount_refunded,
    refund_status: row.amount_refunded === 0 ? null : row.amount_refunded >= row.amount ? 'full' : 'partial',
    captured: row.captured === 1,
    description: 'Order Placement',
    card_id: card ? `card_${row.id.slice(4)}` : null,
    card: card
      ? {
          id: `card_${row.id.slice(4)}`,
          entity: 'card',
          name: '',
          last4: row.card_last4,
          network: 'Visa',
          type: 'credit',
          issuer: null,
          international: false,
          emi: false,
          sub_type: 'consumer',
        }
      : null,
    bank: row.method === 'netbanking' ? row.bank : null,
    wallet: row.method === 'wallet' ? row.wallet : null,
    vpa: row.method === 'upi' ? row.vpa : null,
    upi: row.method === 'upi' ? { vpa: row.vpa, flow: row.upi_flow } : undefined,
    email: row.email,
    contact: row.contact,
    notes: [],
    fee: null,
    tax: null,
    error_code: row.error_code,
    error_description: row.error_description,
    error_source: failed ? (row.error_source ?? 'bank') : null,
    error_step: failed ? (row.error_step ?? 'payment_authorization') : null,
    error_reason: failed ? (row.error_reason ?? 'payment_declined') : null,
    acquirer_data: acquirerData(row),
    created_at: row.created_at,
  };
}

export function refundEntity(row: RefundRow) {
  return {
    id: row.id,
    entity: 'refund',
    amount: row.amount,
    currency: 'INR',
    payment_id: row.payment_id,
    notes: {},
    receipt: null,
    acquirer_data: {},
    created_at: row.created_at,
    batch_id: null,
    status: 'processed',
    speed_processed: 'normal',
    speed_requested: 'normal',
  };
}

export type OrderEntity = ReturnType<typeof orderEntity>;
export type PaymentEntity = ReturnType<typeof paymentEntity>;
export type RefundEntity = ReturnType<typeof refundEntity>;

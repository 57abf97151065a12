import crypto from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { SandboxOrderTable, SandboxPaymentTable, SandboxRefundTable } from '../../db/sandbox-tables.js';
import { preparedQuery } from '../../db/prepared-query.js';

/**
 * The sandbox's own books, kept in the sandbox_* tables: the orders, payments and refunds a
 * Razorpay account would hold. Entities are rendered exactly as Razorpay's API renders them.
 */

type Db = Kysely<Database>;
type OrderRow = Selectable<SandboxOrderTable>;
type PaymentRow = Selectable<SandboxPaymentTable>;
type RefundRow = Selectable<SandboxRefundTable>;

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

export const TEST_CARDS = {
  /** Succeeds: the payment is authorised and captured at once. */
  success: '4111111111111111',
  /** Declined by the issuing bank. */
  declined: '4000000000000002',
} as const;

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

const unixNow = (): number => Math.floor(Date.now() / 1000);

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

const selectSandboxOrder = preparedQuery((db, id: string) => db.selectFrom('sandbox_orders').selectAll().where('id', '=', id));
const selectSandboxPayment = preparedQuery((db, id: string) => db.selectFrom('sandbox_payments').selectAll().where('id', '=', id));

const notFoundId = () => new SandboxError(400, 'The id provided does not exist');

async function amountPaid(db: Db, orderId: string): Promise<number> {
  const row = await db
    .selectFrom('sandbox_payments')
    .select(sql<number>`coalesce(sum(amount), 0)`.as('paid'))
    .where('order_id', '=', orderId)
    .where('status', 'in', ['captured', 'refunded'])
    .executeTakeFirst();
  return Number(row?.paid ?? 0);
}

export async function createOrder(db: Db, input: { amount: number; currency: string; receipt?: string; notes?: Record<string, string> }) {
  if (input.currency !== 'INR') throw new SandboxError(400, 'Currency is not supported', 'BAD_REQUEST_ERROR', 'input_validation_failed', 'currency');
  if (input.amount < 100) throw new SandboxError(400, 'The amount must be at least INR 1.00', 'BAD_REQUEST_ERROR', 'input_validation_failed', 'amount');
  const row: OrderRow = {
    id: sandboxId('order'),
    amount: input.amount,
    currency: input.currency,
    receipt: input.receipt ?? '',
    status: 'created',
    attempts: 0,
    notes_json: JSON.stringify(input.notes ?? {}),
    created_at: unixNow(),
  };
  await db.insertInto('sandbox_orders').values(row).execute();
  return orderEntity(row, 0);
}

export async function findOrder(db: Db, id: string) {
  const row = (await selectSandboxOrder(db, id))[0];
  if (!row) throw notFoundId();
  return orderEntity(row, await amountPaid(db, id));
}

export async function orderPayments(db: Db, orderId: string) {
  await findOrder(db, orderId);
  const rows = await db.selectFrom('sandbox_payments').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
  return rows.map(paymentEntity);
}

async function paymentRow(db: Db, id: string): Promise<PaymentRow> {
  const row = (await selectSandboxPayment(db, id))[0];
  if (!row) throw notFoundId();
  return row;
}

export async function findPayment(db: Db, id: string) {
  return paymentEntity(await paymentRow(db, id));
}

/**
 * One attempt from the checkout window. The success card is authorised and captured at once
 * (automatic capture, Razorpay's default); the declined card fails; anything else is refused
 * without creating a payment, as a real card form refuses a number it cannot route.
 */
export async function payOrder(
  db: Db,
  input: { orderId: string; cardNumber: string; email: string; contact: string },
): Promise<{ payment: PaymentEntity; order: OrderEntity }> {
  const order = (await selectSandboxOrder(db, input.orderId))[0];
  if (!order) throw notFoundId();
  if (order.status === 'paid') throw new SandboxError(400, 'This order has already been paid.', 'BAD_REQUEST_ERROR', 'order_already_paid');
  const card = input.cardNumber.replace(/\D/g, '');
  if (card !== TEST_CARDS.success && card !== TEST_CARDS.declined) {
    throw new SandboxError(
      400,
      'Use a sandbox test card: 4111 1111 1111 1111 succeeds, 4000 0000 0000 0002 is declined.',
      'BAD_REQUEST_ERROR',
      'invalid_card',
      'card_number',
    );
  }
  const ok = card === TEST_CARDS.success;
  const row: PaymentRow = {
    id: sandboxId('pay'),
    order_id: order.id,
    amount: order.amount,
    currency: order.currency,
    status: ok ? 'captured' : 'failed',
    method: 'card',
    card_last4: card.slice(-4),
    vpa: null,
    bank: null,
    wallet: null,
    upi_flow: null,
    email: input.email,
    contact: input.contact,
    error_code: ok ? null : 'BAD_REQUEST_ERROR',
    error_description: ok ? null : 'Your payment has been declined by the bank. Try another card.',
    error_source: ok ? null : 'bank',
    error_step: ok ? null : 'payment_authorization',
    error_reason: ok ? null : 'payment_declined',
    decision: null,
    decides_at: null,
    expires_at: null,
    amount_refunded: 0,
    captured: ok ? 1 : 0,
    created_at: unixNow(),
  };
  const after = await db.transaction().execute(async (trx) => {
    await trx.insertInto('sandbox_payments').values(row).execute();
    const moved = await trx
      .updateTable('sandbox_orders')
      .set({ status: ok ? 'paid' : 'attempted', attempts: sql`attempts + 1` })
      .where('id', '=', order.id)
      .where('status', '!=', 'paid')
      .returning(['status', 'attempts'])
      .executeTakeFirst();
    // Two tabs paying the same order at once: only the first payment counts.
    if (!moved) throw new SandboxError(400, 'This order has already been paid.', 'BAD_REQUEST_ERROR', 'order_already_paid');
    return moved;
  });
  // An order not yet paid has no captured payment (capturing marks it paid), so this payment is all that is paid.
  return { payment: paymentEntity(row), order: orderEntity({ ...order, ...after }, ok ? row.amount : 0) };
}

/** Razorpay's test UPI IDs, and one of the sandbox's own. */
export const TEST_VPAS = {
  /** Approved in the customer's UPI app after a short wait. */
  success: 'success@razorpay',
  /** Declined in the customer's UPI app. */
  failure: 'failure@razorpay',
  /** Never answered, so the collect request expires (the sandbox's own: Razorpay has no such value). */
  expire: 'expire@razorpay',
} as const;

/** A UPI ID as NPCI shapes it: a name of letters, digits, dots, hyphens or underscores, then '@' and the provider's handle. */
export const VPA_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{1,255}@[A-Za-z][A-Za-z0-9]{1,63}$/;
export const BAD_VPA_MESSAGE = 'Enter a valid UPI ID, such as name@bank.';

/** Where the QR code's money goes: the sandbox merchant's UPI ID. */
export const SANDBOX_MERCHANT_VPA = 'shoal.sandbox@razorpay';
/** The payer a simulated QR scan reports when it names none. */
export const SANDBOX_PAYER_VPA = 'sandbox.payer@okhdfcbank';

/** A few of the banks Razorpay's checkout lists, by Razorpay's bank codes. */
export const NETBANKING_BANKS = [
  { code: 'SBIN', name: 'State Bank of India' },
  { code: 'HDFC', name: 'HDFC Bank' },
  { code: 'ICIC', name: 'ICICI Bank' },
  { code: 'UTIB', name: 'Axis Bank' },
  { code: 'KKBK', name: 'Kotak Mahindra Bank' },
] as const;

/** Wallets Razorpay's checkout offers, by Razorpay's wallet codes. */
export const WALLETS = [
  { code: 'phonepe', name: 'PhonePe' },
  { code: 'amazonpay', name: 'Amazon Pay' },
  { code: 'mobikwik', name: 'MobiKwik' },
] as const;

/** A method whose payment waits for the customer: a UPI request or QR code, a bank's or wallet's page. */
export type WaitingMethod =
  | { method: 'upi'; flow: 'collect'; vpa: string }
  | { method: 'upi'; flow: 'intent' }
  | { method: 'netbanking'; bank: string }
  | { method: 'wallet'; wallet: string };

/** A failure as Razorpay reports it on the payment and in payment.failed. */
export interface PaymentFailure {
  code: string;
  description: string;
  source: string;
  step: string;
  reason: string;
}

export const FAILURES = {
  upiDeclined: {
    code: 'BAD_REQUEST_ERROR',
    description: 'The payment was declined in the UPI app.',
    source: 'customer',
    step: 'payment_authentication',
    reason: 'payment_declined',
  },
  upiCollectExpired: {
    code: 'BAD_REQUEST_ERROR',
    description: 'Payment was unsuccessful as you could not complete it in time.',
    source: 'customer',
    step: 'payment_authentication',
    reason: 'payment_collect_request_expired',
  },
  timedOut: {
    code: 'BAD_REQUEST_ERROR',
    description: 'Payment was unsuccessful as you could not complete it in time.',
    source: 'customer',
    step: 'payment_authentication',
    reason: 'payment_timed_out',
  },
  bankFailed: {
    code: 'BAD_REQUEST_ERROR',
    description: 'Your payment could not be completed by the bank. Try another bank or method.',
    source: 'issuer_bank',
    step: 'payment_authorization',
    reason: 'payment_failed',
  },
  walletFailed: {
    code: 'BAD_REQUEST_ERROR',
    description: 'Your payment could not be completed by the wallet. Try another method.',
    source: 'customer',
    step: 'payment_authorization',
    reason: 'payment_failed',
  },
  alreadyPaid: {
    code: 'BAD_REQUEST_ERROR',
    description: 'This order has already been paid.',
    source: 'business',
    step: 'payment_authorization',
    reason: 'order_already_paid',
  },
} as const satisfies Record<string, PaymentFailure>;

/** How long a waiting payment takes to end by itself (milliseconds). */
export interface WaitingTimes {
  /** From a test UPI ID's request to its approval or decline in the "UPI app". */
  decideAfterMs: number;
  /** From the request to its expiry when nobody answers it. */
  expireAfterMs: number;
}

function waitingProblem(choice: WaitingMethod): SandboxError | null {
  if (choice.method === 'upi' && choice.flow === 'collect') {
    if (!VPA_PATTERN.test(choice.vpa)) return new SandboxError(400, BAD_VPA_MESSAGE, 'BAD_REQUEST_ERROR', 'invalid_vpa', 'vpa');
    if (!Object.values(TEST_VPAS).includes(choice.vpa.toLowerCase() as never)) {
      return new SandboxError(
        400,
        'Use a sandbox test UPI ID: success@razorpay is approved, failure@razorpay is declined, expire@razorpay expires.',
        'BAD_REQUEST_ERROR',
        'invalid_vpa',
        'vpa',
      );
    }
  }
  if (choice.method === 'netbanking' && !NETBANKING_BANKS.some((b) => b.code === choice.bank)) {
    return new SandboxError(400, 'Choose a bank from the list.', 'BAD_REQUEST_ERROR', 'input_validation_failed', 'bank');
  }
  if (choice.method === 'wallet' && !WALLETS.some((w) => w.code === choice.wallet)) {
    return new SandboxError(400, 'Choose a wallet from the list.', 'BAD_REQUEST_ERROR', 'input_validation_failed', 'wallet');
  }
  return null;
}

/**
 * A payment that waits for the customer, as Razorpay creates one when the customer picks UPI,
 * a bank or a wallet: status 'created', the order 'attempted'. A test UPI ID decides it by
 * itself after `decideAfterMs`; anything else waits for an answer (the bank's or wallet's page,
 * a simulated QR scan) until it expires.
 */
export async function startWaitingPayment(
  db: Db,
  input: { orderId: string; choice: WaitingMethod; email: string; contact: string; times: WaitingTimes; nowMs?: number },
): Promise<PaymentEntity> {
  const problem = waitingProblem(input.choice);
  if (problem) throw problem;
  const order = (await selectSandboxOrder(db, input.orderId))[0];
  if (!order) throw notFoundId();
  if (order.status === 'paid') throw new SandboxError(400, 'This order has already been paid.', 'BAD_REQUEST_ERROR', 'order_already_paid');
  const now = input.nowMs ?? Date.now();
  const choice = input.choice;
  const vpa = choice.method === 'upi' && choice.flow === 'collect' ? choice.vpa.toLowerCase() : null;
  const decision = vpa === TEST_VPAS.success ? 'captured' : vpa === TEST_VPAS.failure ? 'failed' : null;
  const row: PaymentRow = {
    id: sandboxId('pay'),
    order_id: order.id,
    amount: order.amount,
    currency: order.currency,
    status: 'created',
    method: choice.method,
    card_last4: '',
    vpa,
    bank: choice.method === 'netbanking' ? choice.bank : null,
    wallet: choice.method === 'wallet' ? choice.wallet : null,
    upi_flow: choice.method === 'upi' ? choice.flow : null,
    email: input.email,
    contact: input.contact,
    error_code: null,
    error_description: null,
    error_source: null,
    error_step: null,
    error_reason: null,
    decision,
    decides_at: decision ? now + input.times.decideAfterMs : null,
    expires_at: now + input.times.expireAfterMs,
    amount_refunded: 0,
    captured: 0,
    created_at: Math.floor(now / 1000),
  };
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('sandbox_payments').values(row).execute();
    const moved = await trx
      .updateTable('sandbox_orders')
      .set({ status: 'attempted', attempts: sql`attempts + 1` })
      .where('id', '=', order.id)
      .where('status', '!=', 'paid')
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw new SandboxError(400, 'This order has already been paid.', 'BAD_REQUEST_ERROR', 'order_already_paid');
  });
  return paymentEntity(row);
}

/** A waiting payment's row as stored, with its times (for the window's countdown and the timers). */
export async function waitingPayment(db: Db, id: string): Promise<PaymentRow> {
  return paymentRow(db, id);
}

/** Every payment still waiting, for the timers a restarted sandbox sets again. */
export async function allWaitingPayments(db: Db): Promise<PaymentRow[]> {
  return db.selectFrom('sandbox_payments').selectAll().where('status', '=', 'created').execute();
}

class AlreadySettled extends Error {}

/** A settled payment and its order, for the webhooks Razorpay sends. */
export interface Settled {
  payment: PaymentEntity;
  order: OrderEntity;
}

/**
 * Ends a waiting payment once, whoever asks first (its timer, a read, the customer's answer):
 * captured (the order paid, unless another payment paid it first, which fails this one) or
 * failed. Answers null when it had already ended.
 */
export async function settleWaitingPayment(db: Db, id: string, outcome: 'captured' | PaymentFailure, payerVpa?: string): Promise<Settled | null> {
  try {
    await db.transaction().execute(async (trx) => {
      let failure = outcome === 'captured' ? null : outcome;
      if (!failure) {
        const paid = await trx
          .updateTable('sandbox_orders')
          .set({ status: 'paid' })
          .where('id', '=', (eb) => eb.selectFrom('sandbox_payments').select('order_id').where('id', '=', id).where('status', '=', 'created'))
          .where('status', '!=', 'paid')
          .executeTakeFirst();
        if (Number(paid.numUpdatedRows) !== 1) failure = FAILURES.alreadyPaid;
      }
      const moved = await trx
        .updateTable('sandbox_payments')
        .set(
          failure
            ? {
                status: 'failed',
                error_code: failure.code,
                error_description: failure.description,
                error_source: failure.source,
                error_step: failure.step,
                error_reason: failure.reason,
              }
            : { status: 'captured', captured: 1, ...(payerVpa ? { vpa: payerVpa } : {}) },
        )
        .where('id', '=', id)
        .where('status', '=', 'created')
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) throw new AlreadySettled();
    });
  } catch (error) {
    if (error instanceof AlreadySettled) return null;
    throw error;
  }
  const row = await paymentRow(db, id);
  const order = (await selectSandboxOrder(db, row.order_id))[0]!;
  return { payment: paymentEntity(row), order: orderEntity(order, await amountPaid(db, order.id)) };
}

/** How a waiting payment ends when nobody answered it in time. */
export function expiryOf(row: Pick<PaymentRow, 'method' | 'upi_flow'>): PaymentFailure {
  return row.method === 'upi' && row.upi_flow === 'collect' ? FAILURES.upiCollectExpired : FAILURES.timedOut;
}

/** Settles the waiting payments (of one payment or order, or all) whose time has come; answers those this call ended. */
export async function settleDuePayments(db: Db, filter: { paymentId?: string; orderId?: string }, nowMs = Date.now()): Promise<Settled[]> {
  let query = db
    .selectFrom('sandbox_payments')
    .selectAll()
    .where('status', '=', 'created')
    .where((eb) => eb.or([eb('decides_at', '<=', nowMs), eb('expires_at', '<=', nowMs)]));
  if (filter.paymentId) query = query.where('id', '=', filter.paymentId);
  if (filter.orderId) query = query.where('order_id', '=', filter.orderId);
  const due = await query.orderBy('id').execute();
  const settled: Settled[] = [];
  for (const row of due) {
    const decided = row.decision !== null && row.decides_at !== null && row.decides_at <= nowMs;
    const outcome = decided ? (row.decision === 'captured' ? 'captured' : FAILURES.upiDeclined) : expiryOf(row);
    const result = await settleWaitingPayment(db, row.id, outcome);
    if (result) settled.push(result);
  }
  return settled;
}

export async function capturePayment(db: Db, id: string, amount: number, currency: string) {
  const row = await paymentRow(db, id);
  if (row.status === 'captured') throw new SandboxError(400, 'This payment has already been captured');
  if (row.status !== 'authorized') throw new SandboxError(400, 'Only payments which have been authorized and not yet captured can be captured');
  if (amount !== row.amount || currency !== row.currency) {
    throw new SandboxError(400, 'Capture amount must be equal to the amount authorized', 'BAD_REQUEST_ERROR', 'input_validation_failed', 'amount');
  }
  await db.updateTable('sandbox_payments').set({ status: 'captured', captured: 1 }).where('id', '=', id).where('status', '=', 'authorized').execute();
  await db.updateTable('sandbox_orders').set({ status: 'paid' }).where('id', '=', row.order_id).execute();
  return findPayment(db, id);
}

export async function refundPayment(db: Db, paymentId: string, amount?: number) {
  const row = await paymentRow(db, paymentId);
  if (row.captured !== 1) throw new SandboxError(400, 'The payment has not been captured and cannot be refunded');
  const left = row.amount - row.amount_refunded;
  const value = amount ?? left;
  if (left <= 0) throw new SandboxError(400, 'The payment has been fully refunded already');
  if (!Number.isInteger(value) || value < 100)
    throw new SandboxError(400, 'The refund amount must be at least INR 1.00', 'BAD_REQUEST_ERROR', 'input_validation_failed', 'amount');
  if (value > left)
    throw new SandboxError(400, 'The refund amount provided is greater than amount captured', 'BAD_REQUEST_ERROR', 'input_validation_failed', 'amount');
  const refund: RefundRow = { id: sandboxId('rfnd'), payment_id: paymentId, amount: value, created_at: unixNow() };
  await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('sandbox_payments')
      .set({ amount_refunded: sql`amount_refunded + ${value}`, status: value === left ? 'refunded' : row.status })
      .where('id', '=', paymentId)
      .where(sql<boolean>`amount - amount_refunded >= ${value}`)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new SandboxError(400, 'The payment has been fully refunded already');
    await trx.insertInto('sandbox_refunds').values(refund).execute();
  });
  return refundEntity(refund);
}

export async function listRefunds(db: Db, filter: { paymentId?: string; count?: number; skip?: number }) {
  let query = db.selectFrom('sandbox_refunds').selectAll();
  if (filter.paymentId) query = query.where('payment_id', '=', filter.paymentId);
  const rows = await query
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(filter.count ?? 10)
    .offset(filter.skip ?? 0)
    .execute();
  return { entity: 'collection' as const, count: rows.length, items: rows.map(refundEntity) };
}

export async function findRefund(db: Db, id: string) {
  const row = await db.selectFrom('sandbox_refunds').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFoundId();
  return refundEntity(row);
}

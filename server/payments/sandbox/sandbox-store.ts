import { sql } from 'kysely';
import { preparedQuery } from '../../db/prepared-query.js';
import {
  SandboxError,
  orderEntity,
  paymentEntity,
  refundEntity,
  sandboxId,
  unixNow,
  type Db,
  type OrderEntity,
  type OrderRow,
  type PaymentEntity,
  type PaymentRow,
  type RefundRow,
} from './sandbox-entities.js';

/**
 * The sandbox's own books, kept in the sandbox_* tables: the orders, payments and refunds a
 * Razorpay account would hold. Here are orders, card payments, captures and refunds; the
 * payments that wait for the customer are in sandbox-waiting-store.ts.
 */

export const TEST_CARDS = {
  /** Succeeds: the payment is authorised and captured at once. */
  success: '4111111111111111',
  /** Declined by the issuing bank. */
  declined: '4000000000000002',
} as const;

export const selectSandboxOrder = preparedQuery((db, id: string) => db.selectFrom('sandbox_orders').selectAll().where('id', '=', id));
const selectSandboxPayment = preparedQuery((db, id: string) => db.selectFrom('sandbox_payments').selectAll().where('id', '=', id));

export const notFoundId = () => new SandboxError(400, 'The id provided does not exist');

export async function amountPaid(db: Db, orderId: string): Promise<number> {
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

export async function paymentRow(db: Db, id: string): Promise<PaymentRow> {
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

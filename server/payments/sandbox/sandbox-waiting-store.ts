import { sql } from 'kysely';
import { SandboxError, orderEntity, paymentEntity, sandboxId, type Db, type OrderEntity, type PaymentEntity, type PaymentRow } from './sandbox-entities.js';
import { BAD_VPA_MESSAGE, FAILURES, NETBANKING_BANKS, TEST_VPAS, VPA_PATTERN, WALLETS, type PaymentFailure, type WaitingMethod } from './sandbox-methods.js';
import { amountPaid, notFoundId, paymentRow, selectSandboxOrder } from './sandbox-store.js';

/**
 * The payments that wait for the customer (a UPI collect request or QR code, a bank's or
 * wallet's page), kept in sandbox_payments with the times they end by themselves.
 */

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

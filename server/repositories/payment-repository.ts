import type { Insertable, Kysely, Transaction } from 'kysely';
import type { PaymentTable } from '../db/order-tables.js';
import type { Database } from '../db/schema.js';
import { preparedQuery, preparedWrite } from '../db/prepared-query.js';

type Db = Kysely<Database> | Transaction<Database>;

const insertPaymentRow = preparedWrite((db, values: Insertable<PaymentTable>) => db.insertInto('payments').values(values));

export async function insertPayment(db: Db, values: Insertable<PaymentTable>): Promise<void> {
  await insertPaymentRow(db, values);
}

/**
 * Claims the refund of a provider order's payment with a marker, so only one caller asks the
 * provider for it. False when it is claimed or refunded already.
 */
export async function claimRefund(db: Db, providerOrderId: string, claim: string, at: string): Promise<boolean> {
  const claimed = await db
    .updateTable('payments')
    .set({ refund_id: claim, updated_at: at })
    .where('provider_order_id', '=', providerOrderId)
    .where('refund_id', 'is', null)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** Lets the refund be claimed again: the provider could not be asked. */
export async function releaseRefundClaim(db: Db, providerOrderId: string, claim: string): Promise<void> {
  await db.updateTable('payments').set({ refund_id: null }).where('provider_order_id', '=', providerOrderId).where('refund_id', '=', claim).execute();
}

export async function recordRefund(db: Db, providerOrderId: string, refund: { refundId: string; reason: string; at: string }): Promise<void> {
  await db
    .updateTable('payments')
    .set({ refund_id: refund.refundId, status: 'REFUNDED', error_reason: refund.reason, updated_at: refund.at })
    .where('provider_order_id', '=', providerOrderId)
    .execute();
}

/** A failed attempt; a payment that has since been captured or refunded keeps its status. */
export async function recordPaymentFailure(db: Db, providerOrderId: string, failure: { reason: string; method: string; at: string }): Promise<void> {
  await db
    .updateTable('payments')
    .set({ status: 'FAILED', error_reason: failure.reason, method: failure.method, updated_at: failure.at })
    .where('provider_order_id', '=', providerOrderId)
    .where('status', 'in', ['CREATED', 'FAILED'])
    .execute();
}

export async function recordCapture(db: Db, providerOrderId: string, capture: { providerPaymentId: string; method: string; at: string }): Promise<void> {
  await db
    .updateTable('payments')
    .set({
      status: 'CAPTURED',
      provider_payment_id: capture.providerPaymentId,
      method: capture.method,
      error_reason: null,
      captured_at: capture.at,
      updated_at: capture.at,
    })
    .where('provider_order_id', '=', providerOrderId)
    .execute();
}

/** The webhook event with this id, if it was handled already (hot: every webhook reads it). */
export const selectWebhookEvent = preparedQuery((db, eventId: string) => db.selectFrom('webhook_events').select('event_id').where('event_id', '=', eventId));

const insertWebhookEvent = preparedQuery((db, eventId: string, type: string, at: string) =>
  db
    .insertInto('webhook_events')
    .values({ event_id: eventId, event_type: type, received_at: at })
    .onConflict((oc) => oc.column('event_id').doNothing()),
);

/** Marks a webhook event handled; an event already marked (a racing delivery of it) is left as is. */
export async function recordWebhookEvent(db: Db, event: { eventId: string; type: string; at: string }): Promise<void> {
  await insertWebhookEvent(db, event.eventId, event.type, event.at);
}

import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { toRupees } from '../lib/money.js';
import { formatPaise } from '../../contract/money.rules.js';
import type { OrderRefund } from '../../contract/order-history.schemas.js';
import type { OrderRow } from './order-history-repository.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * An order's refunds as the customer reads them, put together from what the money moves already
 * record: the wallet lines of the order, the order events of refunds made at the payment provider
 * (their amount is in the note, written by providerRefundNote) and the provider refunds the shop
 * made itself of payments that came after the order no longer needed them.
 */

const PROVIDER_REFUND_NOTE_END = ' refunded to the original payment method.';

/** The order event's note for paise refunded at the payment provider; listOrderRefunds reads the amount back from it. */
export function providerRefundNote(paise: number): string {
  return `${formatPaise(paise)}${PROVIDER_REFUND_NOTE_END}`;
}

/** The reason of the wallet line that takes back a wallet refund the provider has since refunded to the card. */
export const WALLET_TAKEN_BACK_REASON = 'Refunded to the original payment method instead';

/** A refund claim on the payments row while the provider is being asked (server/services/payment-service.ts). */
const CLAIM_PREFIX = 'claim:';
/** What the payments row holds when the provider had already refunded the payment: the shop sent nothing. */
const NOTHING_SENT = 'already-refunded';

function paiseInNote(note: string): number | null {
  if (!note.endsWith(PROVIDER_REFUND_NOTE_END)) return null;
  const written = note.slice(0, -PROVIDER_REFUND_NOTE_END.length);
  const match = /^₹([\d,]+\.\d{2})$/.exec(written);
  return match?.[1] ? Math.round(Number(match[1].replace(/,/g, '')) * 100) : null;
}

type Order = Pick<OrderRow, 'id' | 'provider_payment_id' | 'provider_refunded' | 'updated_at'>;

/** Every refund of the order, oldest first; empty when nothing went back. */
export async function listOrderRefunds(db: Db, order: Order): Promise<OrderRefund[]> {
  const [walletLines, providerEvents, payments] = await Promise.all([
    db.selectFrom('wallet_ledger').select(['id', 'amount', 'reason', 'created_at']).where('order_id', '=', order.id).orderBy('id').execute(),
    db
      .selectFrom('order_events')
      .select(['note', 'created_at'])
      .where('order_id', '=', order.id)
      .where('actor', '=', 'provider')
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    db.selectFrom('payments').select(['amount', 'refund_id', 'updated_at']).where('order_id', '=', order.id).where('refund_id', 'is not', null).execute(),
  ]);
  const refunds: OrderRefund[] = [];
  for (const line of walletLines) {
    // A credit to the wallet tied to an order is money of that order coming back. Of the debits,
    // only the take-back below is a refund reversed: the order's own payment from the wallet and
    // the charge for earned points already spent (order-value.ts) are not refunds.
    if (line.amount > 0)
      refunds.push({ Amount: toRupees(line.amount), Destination: 'WALLET', Status: 'PROCESSED', Reference: String(line.id), At: line.created_at });
    else if (line.reason.startsWith(WALLET_TAKEN_BACK_REASON))
      refunds.push({ Amount: toRupees(-line.amount), Destination: 'WALLET', Status: 'REVERSED', Reference: String(line.id), At: line.created_at });
  }
  const reference = order.provider_payment_id ?? '';
  const atProvider = providerEvents.flatMap((e) => {
    const paise = paiseInNote(e.note);
    return paise === null ? [] : [{ paise, at: e.created_at }];
  });
  if (atProvider.reduce((sum, r) => sum + r.paise, 0) === order.provider_refunded) {
    for (const r of atProvider) refunds.push({ Amount: toRupees(r.paise), Destination: 'ORIGINAL', Status: 'PROCESSED', Reference: reference, At: r.at });
  } else if (order.provider_refunded > 0) {
    // Notes written otherwise than providerRefundNote writes them: the total still stands.
    refunds.push({
      Amount: toRupees(order.provider_refunded),
      Destination: 'ORIGINAL',
      Status: 'PROCESSED',
      Reference: reference,
      At: atProvider.at(-1)?.at ?? order.updated_at,
    });
  }
  for (const p of payments) {
    if (p.refund_id === null || p.refund_id === NOTHING_SENT) continue;
    const pending = p.refund_id.startsWith(CLAIM_PREFIX);
    refunds.push({
      Amount: toRupees(p.amount),
      Destination: 'ORIGINAL',
      Status: pending ? 'PENDING' : 'PROCESSED',
      Reference: pending ? '' : p.refund_id,
      At: p.updated_at,
    });
  }
  // A provider refund and what it causes (a cancel's wallet credit, a take-back) can share one instant: cause first.
  const rank = (r: OrderRefund) => (r.Status === 'REVERSED' ? 2 : r.Destination === 'WALLET' ? 1 : 0);
  return refunds.sort((a, b) => (a.At < b.At ? -1 : a.At > b.At ? 1 : rank(a) - rank(b)));
}

import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { badRequest } from '../lib/http-errors.js';
import { nowIso } from '../lib/clock.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Moves money in or out of a customer's wallet (signed paise) and writes the ledger line in
 * the same transaction, so the balance always equals the sum of the history. A debit larger
 * than the balance is refused.
 */
export async function postWallet(db: Db, customerId: number, amount: number, reason: string, orderId: number | null): Promise<number> {
  if (!Number.isInteger(amount) || amount === 0) throw new Error('wallet amount must be a non-zero whole number of paise');
  const updated = await db
    .updateTable('customers')
    .set({ wallet_balance: sql`wallet_balance + ${amount}`, updated_at: nowIso() })
    .where('id', '=', customerId)
    .where(sql<boolean>`wallet_balance + ${amount} >= 0`)
    .returning('wallet_balance')
    .executeTakeFirst();
  if (!updated) throw badRequest('Your wallet balance is not enough for this order.');
  await db
    .insertInto('wallet_ledger')
    .values({ customer_id: customerId, order_id: orderId, amount, reason, balance_after: updated.wallet_balance, created_at: nowIso() })
    .execute();
  return updated.wallet_balance;
}

/** The same for loyalty points. */
export async function postLoyalty(db: Db, customerId: number, points: number, reason: string, orderId: number | null): Promise<number> {
  if (!Number.isInteger(points) || points === 0) throw new Error('loyalty points must be a non-zero whole number');
  const updated = await db
    .updateTable('customers')
    .set({ loyalty_points: sql`loyalty_points + ${points}`, updated_at: nowIso() })
    .where('id', '=', customerId)
    .where(sql<boolean>`loyalty_points + ${points} >= 0`)
    .returning('loyalty_points')
    .executeTakeFirst();
  if (!updated) throw badRequest('You do not have enough loyalty points for this order.');
  await db
    .insertInto('loyalty_ledger')
    .values({ customer_id: customerId, order_id: orderId, points, reason, balance_after: updated.loyalty_points, created_at: nowIso() })
    .execute();
  return updated.loyalty_points;
}

import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { badRequest } from '../lib/http-errors.js';
import { nowIso } from '../lib/clock.js';
import { addToLoyaltyPoints, addToWalletBalance, insertLoyaltyLine, insertWalletLine } from '../repositories/ledger-repository.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Moves money in or out of a customer's wallet (signed paise) and writes the ledger line in
 * the same transaction, so the balance always equals the sum of the history. A debit larger
 * than the balance is refused.
 */
export async function postWallet(db: Db, customerId: number, amount: number, reason: string, orderId: number | null): Promise<number> {
  if (!Number.isInteger(amount) || amount === 0) throw new Error('wallet amount must be a non-zero whole number of paise');
  const balance = await addToWalletBalance(db, customerId, amount, nowIso());
  if (balance === undefined) throw badRequest('Your wallet balance is not enough for this order.');
  await insertWalletLine(db, { customer_id: customerId, order_id: orderId, amount, reason, balance_after: balance, created_at: nowIso() });
  return balance;
}

/** The same for loyalty points. */
export async function postLoyalty(db: Db, customerId: number, points: number, reason: string, orderId: number | null): Promise<number> {
  if (!Number.isInteger(points) || points === 0) throw new Error('loyalty points must be a non-zero whole number');
  const balance = await addToLoyaltyPoints(db, customerId, points, nowIso());
  if (balance === undefined) throw badRequest('You do not have enough loyalty points for this order.');
  await insertLoyaltyLine(db, { customer_id: customerId, order_id: orderId, points, reason, balance_after: balance, created_at: nowIso() });
  return balance;
}

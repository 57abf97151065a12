import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { LoyaltyLedgerTable, WalletLedgerTable } from '../db/order-tables.js';
import type { Database } from '../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Adds signed paise to the customer's wallet in one guarded UPDATE that refuses to take the
 * balance below zero, so racing debits cannot overdraw it. Answers the new balance, or
 * undefined when the balance is not enough (nothing changed).
 */
export async function addToWalletBalance(db: Db, customerId: number, amount: number, at: string): Promise<number | undefined> {
  const updated = await db
    .updateTable('customers')
    .set({ wallet_balance: sql`wallet_balance + ${amount}`, updated_at: at })
    .where('id', '=', customerId)
    .where(sql<boolean>`wallet_balance + ${amount} >= 0`)
    .returning('wallet_balance')
    .executeTakeFirst();
  return updated?.wallet_balance;
}

/** One line of a wallet's history. */
export async function insertWalletLine(db: Db, line: Insertable<WalletLedgerTable>): Promise<void> {
  await db.insertInto('wallet_ledger').values(line).execute();
}

/** The same as addToWalletBalance for loyalty points: never below zero; undefined when there are not enough. */
export async function addToLoyaltyPoints(db: Db, customerId: number, points: number, at: string): Promise<number | undefined> {
  const updated = await db
    .updateTable('customers')
    .set({ loyalty_points: sql`loyalty_points + ${points}`, updated_at: at })
    .where('id', '=', customerId)
    .where(sql<boolean>`loyalty_points + ${points} >= 0`)
    .returning('loyalty_points')
    .executeTakeFirst();
  return updated?.loyalty_points;
}

/** One line of a customer's loyalty history. */
export async function insertLoyaltyLine(db: Db, line: Insertable<LoyaltyLedgerTable>): Promise<void> {
  await db.insertInto('loyalty_ledger').values(line).execute();
}

/** Every wallet line of the customer, newest first, with the number of the order it belongs to. */
export function listWalletLines(db: Db, customerId: number) {
  return db
    .selectFrom('wallet_ledger as w')
    .leftJoin('orders as o', 'o.id', 'w.order_id')
    .select(['w.id', 'w.order_id', 'o.order_no', 'w.amount', 'w.reason', 'w.balance_after', 'w.created_at'])
    .where('w.customer_id', '=', customerId)
    .orderBy('w.id', 'desc')
    .execute();
}

/** Every loyalty line of the customer, newest first, with the number of the order it belongs to. */
export function listLoyaltyLines(db: Db, customerId: number) {
  return db
    .selectFrom('loyalty_ledger as l')
    .leftJoin('orders as o', 'o.id', 'l.order_id')
    .select(['l.id', 'l.order_id', 'o.order_no', 'l.points', 'l.reason', 'l.balance_after', 'l.created_at'])
    .where('l.customer_id', '=', customerId)
    .orderBy('l.id', 'desc')
    .execute();
}

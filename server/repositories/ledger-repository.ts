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

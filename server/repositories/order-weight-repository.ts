import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Catch weight: the lines of an order as packing reads them, and what their packing settled. */

/** The order's lines in the order they were written, with what packing needs. */
export function orderLinesForPacking(db: Db, orderId: number) {
  return db
    .selectFrom('order_items')
    .select(['id', 'product_id', 'variant_id', 'item_name', 'variant_name', 'qty', 'value', 'net_grams', 'packed_grams', 'weight_refunded', 'weight_due'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
}

/**
 * Records a line's packed weight and its settlement, once: the update only touches a line not
 * yet packed, so two packings racing for it cannot both settle. False when it was packed already.
 */
export async function markLinePacked(
  db: Db,
  itemId: number,
  packed: { packedGrams: number; weightRefunded: number; weightDue: number; at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('order_items')
    .set({ packed_grams: packed.packedGrams, weight_refunded: packed.weightRefunded, weight_due: packed.weightDue, packed_at: packed.at })
    .where('id', '=', itemId)
    .where('packed_grams', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** What packing settled for a whole order: paise credited to the wallet, and signed paise the delivery collects beyond the net amount. */
export async function orderWeightTotals(db: Db, orderId: number): Promise<{ refunded: number; due: number }> {
  const row = await db
    .selectFrom('order_items')
    .select([sql<number>`coalesce(sum(weight_refunded), 0)`.as('refunded'), sql<number>`coalesce(sum(weight_due), 0)`.as('due')])
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  return { refunded: Number(row?.refunded ?? 0), due: Number(row?.due ?? 0) };
}

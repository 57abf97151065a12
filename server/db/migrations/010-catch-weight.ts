import type { Kysely } from 'kysely';

/**
 * Fish sold by weight, and what the shop actually packed.
 *
 * - `products` (without variants) and `variants`: `gross_grams` (before cleaning), `net_grams`
 *   (after cleaning, what the price per kg is worked out from), `pieces` ('6-8') and `serves`
 *   ('2-3'); all null for what is not sold by weight.
 * - `order_items`: `net_grams`, the net weight of one unit when ordered (null for a line not sold
 *   by weight); `packed_grams`, what the shop packed for the whole line (null until packed; final
 *   once set); `weight_refunded`, paise credited to the wallet for a lighter pack;
 *   `weight_due`, signed paise the delivery collects beyond (or, for cash on delivery, short of)
 *   the order's net amount; `packed_at`.
 */
export function catchWeightMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      for (const table of ['products', 'variants']) {
        await db.schema.alterTable(table).addColumn('gross_grams', 'integer').execute();
        await db.schema.alterTable(table).addColumn('net_grams', 'integer').execute();
        await db.schema.alterTable(table).addColumn('pieces', 'text').execute();
        await db.schema.alterTable(table).addColumn('serves', 'text').execute();
      }
      await db.schema.alterTable('order_items').addColumn('net_grams', 'integer').execute();
      await db.schema.alterTable('order_items').addColumn('packed_grams', 'integer').execute();
      await db.schema
        .alterTable('order_items')
        .addColumn('weight_refunded', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('order_items')
        .addColumn('weight_due', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('order_items').addColumn('packed_at', 'text').execute();
    },
  };
}

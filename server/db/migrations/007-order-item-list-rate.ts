import type { Kysely } from 'kysely';

/**
 * `order_items.list_rate`: the selling rate of a line when it was ordered (paise per unit), beside
 * `rate`, what the customer paid per unit (the offer rate when there was one). Their difference is
 * what the offer saved, shown on the order as "You saved". Lines ordered before keep it null and
 * count no offer saving.
 */
export function orderItemListRateMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('order_items').addColumn('list_rate', 'integer').execute();
    },
  };
}

import type { Kysely } from 'kysely';

/**
 * A customer's cart lines in one branch, indexed in the order the cart and the checkout show
 * them (oldest first): the reads of the cart, the checkout summary and order placement take the
 * lines in the index's order instead of sorting them on every read.
 */
export function cartLineOrderMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.createIndex('cart_items_customer_added').on('cart_items').columns(['customer_id', 'branch_id', 'added_at', 'id']).execute();
    },
  };
}

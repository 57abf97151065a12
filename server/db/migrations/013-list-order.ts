import type { Kysely } from 'kysely';

/**
 * Indexes that hand the lists their rows already in list order, so a page reads its rows and stops
 * instead of sorting every match: the product lists (sort_order, then id) for the whole catalogue
 * and for one category, and a customer's orders (newest first, then by id). Each replaces the
 * index whose columns it starts with.
 */
export function listOrderMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.createIndex('products_company_order').on('products').columns(['company_id', 'sort_order', 'id']).execute();
      await db.schema.createIndex('products_company_category_order').on('products').columns(['company_id', 'category_id', 'sort_order', 'id']).execute();
      await db.schema.dropIndex('products_company_category').execute();
      await db.schema.createIndex('orders_customer_created').on('orders').columns(['customer_id', 'created_at', 'id']).execute();
      await db.schema.dropIndex('orders_customer').execute();
    },
  };
}

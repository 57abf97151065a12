import { type CreateTableBuilder, type Kysely } from 'kysely';
import type { SqlDialect } from '../database.js';

type Table = CreateTableBuilder<string, string>;

/**
 * Two additions of the shop:
 *
 * - `stock_notices`: a customer's "Notify me" for a product or variant that is out of stock in a
 *   branch, one row per customer, branch, product and variant. `WAITING` until the shop restocks;
 *   the restock claims it (`SENT`, `sent_at`) before the text message goes, so it goes once.
 * - GST: each category carries its HSN code and GST rate (basis points: 500 is 5 %), a product
 *   may carry its own; an order line keeps the code and rate it was sold under; `invoices` gives a
 *   delivered order its invoice number, sequential per shop, on the first download.
 */
export function stockNoticesAndGstMigration(dialect: SqlDialect) {
  const id = (t: Table): Table =>
    dialect === 'postgres' ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const s = db.schema;
      await id(s.createTable('stock_notices') as Table)
        .addColumn('company_id', 'integer', (c) => c.notNull())
        .addColumn('branch_id', 'integer', (c) => c.notNull())
        .addColumn('customer_id', 'integer', (c) => c.notNull())
        .addColumn('product_id', 'integer', (c) => c.notNull())
        .addColumn('variant_id', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'text')
        .addUniqueConstraint('stock_notices_line', ['customer_id', 'branch_id', 'product_id', 'variant_id'])
        .execute();
      await s.createIndex('stock_notices_waiting').on('stock_notices').columns(['branch_id', 'product_id', 'variant_id', 'status']).execute();

      await s
        .alterTable('categories')
        .addColumn('hsn_code', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await s
        .alterTable('categories')
        .addColumn('gst_rate_bp', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await s.alterTable('products').addColumn('hsn_code', 'text').execute();
      await s.alterTable('products').addColumn('gst_rate_bp', 'integer').execute();
      await s.alterTable('order_items').addColumn('hsn_code', 'text').execute();
      await s.alterTable('order_items').addColumn('gst_rate_bp', 'integer').execute();

      await s
        .createTable('invoices')
        .addColumn('order_id', 'integer', (c) => c.primaryKey())
        .addColumn('company_id', 'integer', (c) => c.notNull())
        .addColumn('invoice_no', 'integer', (c) => c.notNull())
        .addColumn('issued_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('invoices_number', ['company_id', 'invoice_no'])
        .execute();
    },
  };
}

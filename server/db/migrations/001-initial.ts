import type { CreateTableBuilder, Kysely } from 'kysely';
import type { SqlDialect } from '../database.js';

type Table = CreateTableBuilder<string, string>;

/** The whole first schema, written once for both dialects. */
export function initialMigration(dialect: SqlDialect) {
  const id = (t: Table): Table =>
    dialect === 'postgres' ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  const fixedId = (t: Table): Table => t.addColumn('id', 'integer', (c) => c.primaryKey());
  const flag = (t: Table, name: string, value = 1): Table => t.addColumn(name, 'integer', (c) => c.notNull().defaultTo(value));
  const text = (t: Table, name: string): Table => t.addColumn(name, 'text', (c) => c.notNull().defaultTo(''));
  const int = (t: Table, name: string, value = 0): Table => t.addColumn(name, 'integer', (c) => c.notNull().defaultTo(value));
  const nullable = (t: Table, name: string, type: 'text' | 'integer' | 'real'): Table => t.addColumn(name, type);
  const apply = (t: Table, ...steps: ((t: Table) => Table)[]): Table => steps.reduce((acc, step) => step(acc), t);

  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const s = db.schema;
      await s
        .createTable('app_secrets')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();

      await apply(
        s.createTable('companies') as Table,
        fixedId,
        (t) => text(t, 'name'),
        (t) => text(t, 'display_name'),
        (t) => text(t, 'currency_symbol'),
        (t) => text(t, 'currency_code'),
        (t) => int(t, 'decimal_value', 2),
        (t) => text(t, 'phone'),
        (t) => text(t, 'email'),
        (t) => text(t, 'address'),
        (t) => text(t, 'about'),
        (t) => text(t, 'theme_color'),
        (t) => text(t, 'logo'),
        (t) => int(t, 'return_window_hours', 48),
        (t) => text(t, 'created_at'),
      ).execute();

      await apply(
        s.createTable('branches') as Table,
        fixedId,
        (t) => int(t, 'company_id'),
        (t) => text(t, 'name'),
        (t) => text(t, 'address'),
        (t) => text(t, 'phone'),
        (t) => flag(t, 'active'),
      ).execute();

      await apply(
        s.createTable('settings') as Table,
        id,
        (t) => int(t, 'company_id'),
        (t) => text(t, 'key_code'),
        (t) => text(t, 'value'),
        (t) => flag(t, 'active'),
        (t) => text(t, 'description'),
      )
        .addUniqueConstraint('settings_company_key', ['company_id', 'key_code'])
        .execute();

      await apply(
        s.createTable('company_pages') as Table,
        id,
        (t) => int(t, 'company_id'),
        (t) => text(t, 'slug'),
        (t) => text(t, 'title'),
        (t) => text(t, 'body'),
      )
        .addUniqueConstraint('company_pages_slug', ['company_id', 'slug'])
        .execute();

      for (const name of ['categories', 'special_categories']) {
        await apply(
          s.createTable(name) as Table,
          fixedId,
          (t) => int(t, 'company_id'),
          (t) => text(t, 'name'),
          (t) => text(t, 'description'),
          (t) => text(t, 'image'),
          (t) => int(t, 'sort_order'),
          (t) => flag(t, 'active'),
        ).execute();
      }

      await apply(
        s.createTable('special_category_products') as Table,
        (t) => int(t, 'special_category_id'),
        (t) => int(t, 'product_id'),
        (t) => int(t, 'sort_order'),
      )
        .addPrimaryKeyConstraint('special_category_products_pk', ['special_category_id', 'product_id'])
        .execute();

      await apply(
        s.createTable('products') as Table,
        fixedId,
        (t) => int(t, 'company_id'),
        (t) => int(t, 'category_id'),
        (t) => text(t, 'name'),
        (t) => text(t, 'description'),
        (t) => text(t, 'image'),
        (t) => text(t, 'unit_label'),
        (t) => flag(t, 'is_variant_enabled', 0),
        (t) => flag(t, 'active'),
        (t) => text(t, 'search_text'),
        (t) => int(t, 'sort_order'),
        (t) => text(t, 'created_at'),
        (t) => text(t, 'updated_at'),
      ).execute();
      await s.createIndex('products_company_category').on('products').columns(['company_id', 'category_id']).execute();

      await apply(
        s.createTable('variants') as Table,
        fixedId,
        (t) => int(t, 'product_id'),
        (t) => text(t, 'name'),
        (t) => flag(t, 'active'),
        (t) => int(t, 'sort_order'),
      ).execute();
      await s.createIndex('variants_product').on('variants').column('product_id').execute();

      await apply(
        s.createTable('branch_stock') as Table,
        id,
        (t) => int(t, 'branch_id'),
        (t) => int(t, 'product_id'),
        (t) => int(t, 'variant_id'),
        (t) => int(t, 's_rate'),
        (t) => nullable(t, 'o_rate', 'integer'),
        (t) => int(t, 'available'),
        (t) => int(t, 'reserved'),
        (t) => int(t, 'sold'),
        (t) => flag(t, 'active'),
        (t) => text(t, 'updated_at'),
      )
        .addUniqueConstraint('branch_stock_line', ['branch_id', 'product_id', 'variant_id'])
        .execute();

      await apply(
        s.createTable('offers') as Table,
        fixedId,
        (t) => int(t, 'company_id'),
        (t) => nullable(t, 'branch_id', 'integer'),
        (t) => text(t, 'title'),
        (t) => text(t, 'description'),
        (t) => text(t, 'image'),
        (t) => text(t, 'badge'),
        (t) => nullable(t, 'category_id', 'integer'),
        (t) => flag(t, 'active'),
        (t) => text(t, 'starts_at'),
        (t) => text(t, 'ends_at'),
        (t) => int(t, 'sort_order'),
      ).execute();

      await apply(
        s.createTable('offer_products') as Table,
        (t) => int(t, 'offer_id'),
        (t) => int(t, 'product_id'),
      )
        .addPrimaryKeyConstraint('offer_products_pk', ['offer_id', 'product_id'])
        .execute();

      await apply(
        s.createTable('delivery_slots') as Table,
        id,
        (t) => int(t, 'company_id'),
        (t) => int(t, 'branch_id'),
        (t) => text(t, 'slot_date'),
        (t) => text(t, 'start_time'),
        (t) => text(t, 'end_time'),
        (t) => text(t, 'starts_at'),
        (t) => text(t, 'ends_at'),
        (t) => int(t, 'capacity'),
        (t) => int(t, 'booked'),
        (t) => flag(t, 'active'),
      )
        .addUniqueConstraint('delivery_slots_window', ['company_id', 'branch_id', 'starts_at'])
        .execute();

      await apply(
        s.createTable('coupons') as Table,
        id,
        (t) => int(t, 'company_id'),
        (t) => text(t, 'code'),
        (t) => text(t, 'title'),
        (t) => text(t, 'description'),
        (t) => text(t, 'discount_type'),
        (t) => int(t, 'discount_value'),
        (t) => nullable(t, 'max_discount', 'integer'),
        (t) => int(t, 'min_order'),
        (t) => int(t, 'per_customer_limit', 1),
        (t) => text(t, 'valid_from'),
        (t) => text(t, 'valid_to'),
        (t) => flag(t, 'active'),
      )
        .addUniqueConstraint('coupons_code', ['company_id', 'code'])
        .execute();

      await apply(
        s.createTable('coupon_redemptions') as Table,
        id,
        (t) => int(t, 'coupon_id'),
        (t) => int(t, 'customer_id'),
        (t) => int(t, 'order_id'),
        (t) => text(t, 'status'),
        (t) => text(t, 'created_at'),
      ).execute();
      await s.createIndex('coupon_redemptions_customer').on('coupon_redemptions').columns(['coupon_id', 'customer_id']).execute();

      await apply(
        s.createTable('faqs') as Table,
        id,
        (t) => int(t, 'company_id'),
        (t) => text(t, 'question'),
        (t) => text(t, 'answer'),
        (t) => int(t, 'sort_order'),
        (t) => flag(t, 'active'),
      ).execute();

      await apply(
        s.createTable('customers') as Table,
        id,
        (t) => int(t, 'company_id'),
        (t) => text(t, 'mobile'),
        (t) => text(t, 'name'),
        (t) => text(t, 'email'),
        (t) => int(t, 'wallet_balance'),
        (t) => int(t, 'loyalty_points'),
        (t) => text(t, 'created_at'),
        (t) => text(t, 'updated_at'),
      )
        .addUniqueConstraint('customers_mobile', ['company_id', 'mobile'])
        .execute();

      await apply(
        s.createTable('otp_codes') as Table,
        id,
        (t) => int(t, 'company_id'),
        (t) => text(t, 'mobile'),
        (t) => text(t, 'code_hash'),
        (t) => text(t, 'client_ip'),
        (t) => int(t, 'attempts'),
        (t) => text(t, 'expires_at'),
        (t) => nullable(t, 'consumed_at', 'text'),
        (t) => text(t, 'created_at'),
      ).execute();
      await s.createIndex('otp_codes_mobile').on('otp_codes').columns(['company_id', 'mobile', 'created_at']).execute();
      await s.createIndex('otp_codes_ip').on('otp_codes').columns(['client_ip', 'created_at']).execute();

      await apply(
        s.createTable('cart_items') as Table,
        id,
        (t) => int(t, 'customer_id'),
        (t) => int(t, 'company_id'),
        (t) => int(t, 'branch_id'),
        (t) => int(t, 'product_id'),
        (t) => int(t, 'variant_id'),
        (t) => int(t, 'qty'),
        (t) => text(t, 'added_at'),
        (t) => text(t, 'updated_at'),
      )
        .addUniqueConstraint('cart_items_line', ['customer_id', 'branch_id', 'product_id', 'variant_id'])
        .execute();

      await apply(
        s.createTable('addresses') as Table,
        id,
        (t) => int(t, 'customer_id'),
        (t) => text(t, 'name'),
        (t) => text(t, 'phone'),
        (t) => text(t, 'house'),
        (t) => text(t, 'street'),
        (t) => text(t, 'landmark'),
        (t) => text(t, 'city'),
        (t) => text(t, 'state'),
        (t) => text(t, 'pincode'),
        (t) => nullable(t, 'latitude', 'real'),
        (t) => nullable(t, 'longitude', 'real'),
        (t) => flag(t, 'is_default', 0),
        (t) => text(t, 'created_at'),
        (t) => text(t, 'updated_at'),
      ).execute();
      await s.createIndex('addresses_customer').on('addresses').column('customer_id').execute();

      await apply(
        s.createTable('orders') as Table,
        id,
        (t) => text(t, 'order_no'),
        (t) => int(t, 'company_id'),
        (t) => int(t, 'branch_id'),
        (t) => int(t, 'customer_id'),
        (t) => text(t, 'status'),
        (t) => text(t, 'payment_method'),
        (t) => text(t, 'payment_status'),
        (t) => nullable(t, 'delivery_slot_id', 'integer'),
        (t) => text(t, 'slot_label'),
        (t) => text(t, 'address_json'),
        (t) => nullable(t, 'coupon_code', 'text'),
        (t) => int(t, 'gross_amount'),
        (t) => int(t, 'discount_amount'),
        (t) => int(t, 'delivery_charge'),
        (t) => int(t, 'wallet_amount'),
        (t) => int(t, 'loyalty_points'),
        (t) => int(t, 'loyalty_amount'),
        (t) => int(t, 'net_amount'),
        (t) => int(t, 'refund_amount'),
        (t) => nullable(t, 'provider_order_id', 'text'),
        (t) => nullable(t, 'provider_payment_id', 'text'),
        (t) => text(t, 'created_at'),
        (t) => text(t, 'updated_at'),
        (t) => nullable(t, 'expires_at', 'text'),
        (t) => nullable(t, 'paid_at', 'text'),
        (t) => nullable(t, 'delivered_at', 'text'),
        (t) => nullable(t, 'cancelled_at', 'text'),
        (t) => nullable(t, 'cancel_reason', 'text'),
        (t) => nullable(t, 'return_reason', 'text'),
        (t) => nullable(t, 'return_remark', 'text'),
        (t) => nullable(t, 'return_image', 'text'),
        (t) => nullable(t, 'returned_at', 'text'),
        (t) => nullable(t, 'review', 'text'),
        (t) => nullable(t, 'rating', 'integer'),
        (t) => nullable(t, 'reviewed_at', 'text'),
      )
        .addUniqueConstraint('orders_order_no', ['order_no'])
        .execute();
      await s.createIndex('orders_customer').on('orders').columns(['customer_id', 'created_at']).execute();
      await s.createIndex('orders_status_expiry').on('orders').columns(['status', 'expires_at']).execute();
      await s.createIndex('orders_provider_order').on('orders').column('provider_order_id').execute();

      await apply(
        s.createTable('order_items') as Table,
        id,
        (t) => int(t, 'order_id'),
        (t) => int(t, 'product_id'),
        (t) => int(t, 'variant_id'),
        (t) => text(t, 'item_name'),
        (t) => text(t, 'variant_name'),
        (t) => text(t, 'image'),
        (t) => int(t, 'qty'),
        (t) => int(t, 'rate'),
        (t) => int(t, 'value'),
      ).execute();
      await s.createIndex('order_items_order').on('order_items').column('order_id').execute();

      await apply(
        s.createTable('order_events') as Table,
        id,
        (t) => int(t, 'order_id'),
        (t) => text(t, 'status'),
        (t) => text(t, 'note'),
        (t) => text(t, 'actor'),
        (t) => text(t, 'created_at'),
      ).execute();
      await s.createIndex('order_events_order').on('order_events').column('order_id').execute();

      await apply(
        s.createTable('payments') as Table,
        id,
        (t) => int(t, 'order_id'),
        (t) => text(t, 'provider'),
        (t) => text(t, 'provider_order_id'),
        (t) => nullable(t, 'provider_payment_id', 'text'),
        (t) => int(t, 'amount'),
        (t) => text(t, 'status'),
        (t) => text(t, 'method'),
        (t) => nullable(t, 'refund_id', 'text'),
        (t) => nullable(t, 'error_reason', 'text'),
        (t) => text(t, 'created_at'),
        (t) => text(t, 'updated_at'),
        (t) => nullable(t, 'captured_at', 'text'),
      )
        .addUniqueConstraint('payments_provider_order', ['provider_order_id'])
        .addUniqueConstraint('payments_provider_payment', ['provider_payment_id'])
        .execute();
      await s.createIndex('payments_order').on('payments').column('order_id').execute();

      await s
        .createTable('webhook_events')
        .addColumn('event_id', 'text', (c) => c.primaryKey())
        .addColumn('event_type', 'text', (c) => c.notNull())
        .addColumn('received_at', 'text', (c) => c.notNull())
        .execute();

      await apply(
        s.createTable('wallet_ledger') as Table,
        id,
        (t) => int(t, 'customer_id'),
        (t) => nullable(t, 'order_id', 'integer'),
        (t) => int(t, 'amount'),
        (t) => text(t, 'reason'),
        (t) => int(t, 'balance_after'),
        (t) => text(t, 'created_at'),
      ).execute();
      await s.createIndex('wallet_ledger_customer').on('wallet_ledger').column('customer_id').execute();

      await apply(
        s.createTable('loyalty_ledger') as Table,
        id,
        (t) => int(t, 'customer_id'),
        (t) => nullable(t, 'order_id', 'integer'),
        (t) => int(t, 'points'),
        (t) => text(t, 'reason'),
        (t) => int(t, 'balance_after'),
        (t) => text(t, 'created_at'),
      ).execute();
      await s.createIndex('loyalty_ledger_customer').on('loyalty_ledger').column('customer_id').execute();

      await apply(
        s.createTable('return_reasons') as Table,
        id,
        (t) => int(t, 'company_id'),
        (t) => text(t, 'type'),
        (t) => text(t, 'reason'),
        (t) => int(t, 'sort_order'),
      ).execute();

      await apply(
        s.createTable('uploads') as Table,
        id,
        (t) => int(t, 'customer_id'),
        (t) => text(t, 'file_name'),
        (t) => text(t, 'mime'),
        (t) => int(t, 'size'),
        (t) => text(t, 'created_at'),
      ).execute();

      await s
        .createTable('sandbox_orders')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('amount', 'integer', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('receipt', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('notes_json', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('created_at', 'integer', (c) => c.notNull())
        .execute();

      await s
        .createTable('sandbox_payments')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('order_id', 'text', (c) => c.notNull())
        .addColumn('amount', 'integer', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('method', 'text', (c) => c.notNull().defaultTo('card'))
        .addColumn('card_last4', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('contact', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('error_code', 'text')
        .addColumn('error_description', 'text')
        .addColumn('amount_refunded', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('captured', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'integer', (c) => c.notNull())
        .execute();
      await s.createIndex('sandbox_payments_order').on('sandbox_payments').column('order_id').execute();

      await s
        .createTable('sandbox_refunds')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('payment_id', 'text', (c) => c.notNull())
        .addColumn('amount', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'integer', (c) => c.notNull())
        .execute();
    },
  };
}

import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The invoice already given to an order, if any. */
export function findInvoice(db: Db, orderId: number) {
  return db.selectFrom('invoices').select(['invoice_no', 'issued_at']).where('order_id', '=', orderId).executeTakeFirst();
}

/**
 * Gives the order the shop's next invoice number. The unique keys (one invoice per order, one
 * order per number in a shop) make a racing second caller fail instead of doubling a number;
 * the caller reads the invoice again and tries once more.
 */
export async function insertNextInvoice(db: Db, invoice: { orderId: number; companyId: number; at: string }): Promise<void> {
  const last = await db
    .selectFrom('invoices')
    .select((eb) => eb.fn.max('invoice_no').as('last'))
    .where('company_id', '=', invoice.companyId)
    .executeTakeFirst();
  await db
    .insertInto('invoices')
    .values({ order_id: invoice.orderId, company_id: invoice.companyId, invoice_no: Number(last?.last ?? 0) + 1, issued_at: invoice.at })
    .execute();
}

/** The order's lines as an invoice needs them, with the tax class of each line's product today for lines sold before it was kept. */
export function invoiceLines(db: Db, orderId: number) {
  return db
    .selectFrom('order_items as i')
    .leftJoin('products as p', 'p.id', 'i.product_id')
    .leftJoin('categories as c', 'c.id', 'p.category_id')
    .select([
      'i.id',
      'i.item_name',
      'i.variant_name',
      'i.qty',
      'i.rate',
      'i.value',
      'i.hsn_code',
      'i.gst_rate_bp',
      (eb) => eb.fn.coalesce('p.hsn_code', 'c.hsn_code').as('current_hsn'),
      (eb) => eb.fn.coalesce('p.gst_rate_bp', 'c.gst_rate_bp').as('current_rate'),
    ])
    .where('i.order_id', '=', orderId)
    .orderBy('i.id')
    .execute();
}

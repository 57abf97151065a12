import { sql, type Kysely } from 'kysely';

/** How orders created before this migration carried their key: in the note of their first event. */
export const LEGACY_KEY_NOTE_PREFIX = 'Order created (Idempotency-Key ';

/**
 * `orders.idempotency_key`: the client's Idempotency-Key of the request that created the order,
 * unique per customer, so a retried checkout finds its order by an index and two racing requests
 * with one key cannot both insert. Orders created before kept the key in the note of their
 * creation event ("Order created (Idempotency-Key …)"); it moves to the column and the note
 * becomes the plain "Order created" new orders get.
 */
export function orderIdempotencyKeyMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('orders').addColumn('idempotency_key', 'varchar(100)').execute();
      const start = LEGACY_KEY_NOTE_PREFIX.length + 1;
      const pattern = `${LEGACY_KEY_NOTE_PREFIX}%)`;
      await sql`
        update orders set idempotency_key = (
          select substr(e.note, ${sql.lit(start)}, length(e.note) - ${sql.lit(start)})
          from order_events e
          where e.order_id = orders.id and e.note like ${sql.lit(pattern)}
          order by e.id limit 1)
        where exists (select 1 from order_events e where e.order_id = orders.id and e.note like ${sql.lit(pattern)})`.execute(db);
      // The old look-up answered one order per key; should two ever share one, the first keeps it.
      await sql`
        update orders set idempotency_key = null
        where idempotency_key is not null and exists (
          select 1 from orders earlier
          where earlier.customer_id = orders.customer_id and earlier.idempotency_key = orders.idempotency_key and earlier.id < orders.id)`.execute(db);
      await sql`update order_events set note = 'Order created' where note like ${sql.lit(pattern)}`.execute(db);
      await db.schema.createIndex('orders_customer_idempotency_key').unique().on('orders').columns(['customer_id', 'idempotency_key']).execute();
    },
  };
}

import { sql, type Kysely } from 'kysely';

/**
 * `product_ratings`: each product's rating from the reviews customers left on the orders that
 * held it (an order counts once per product, whatever its variants), kept as a sum and a count so
 * a list of products reads its ratings by primary key. Filled from the reviews already written.
 */
export function productRatingsMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('product_ratings')
        .addColumn('product_id', 'integer', (c) => c.primaryKey())
        .addColumn('rating_sum', 'integer', (c) => c.notNull())
        .addColumn('rating_count', 'integer', (c) => c.notNull())
        .execute();
      await sql`
        insert into product_ratings (product_id, rating_sum, rating_count)
        select held.product_id, sum(o.rating), count(*)
        from (select distinct order_id, product_id from order_items) held
        join orders o on o.id = held.order_id
        where o.rating is not null
        group by held.product_id`.execute(db);
    },
  };
}

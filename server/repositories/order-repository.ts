import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The order a customer's earlier request with this Idempotency-Key created (index orders_customer_idempotency_key). */
export function findOrderByIdempotencyKey(db: Db, customerId: number, key: string) {
  return db.selectFrom('orders').selectAll().where('customer_id', '=', customerId).where('idempotency_key', '=', key).executeTakeFirst();
}

import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The customer's own address with this id; undefined for anyone else's. */
export function findCustomerAddress(db: Db, customerId: number, addressId: number) {
  return db.selectFrom('addresses').selectAll().where('id', '=', addressId).where('customer_id', '=', customerId).executeTakeFirst();
}

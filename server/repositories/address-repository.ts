import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import type { Database } from '../db/schema.js';
import type { AddressTable } from '../db/customer-tables.js';
import { preparedQuery } from '../db/prepared-query.js';

type Db = Kysely<Database> | Transaction<Database>;

const selectCustomerAddress = preparedQuery((db, customerId: number, addressId: number) =>
  db.selectFrom('addresses').selectAll().where('id', '=', addressId).where('customer_id', '=', customerId),
);

/** The customer's own address with this id; undefined for anyone else's. */
export async function findCustomerAddress(db: Db, customerId: number, addressId: number) {
  const [address] = await selectCustomerAddress(db, customerId, addressId);
  return address;
}

/** The customer's addresses, the default first, then oldest first. */
export function listCustomerAddresses(db: Db, customerId: number) {
  return db.selectFrom('addresses').selectAll().where('customer_id', '=', customerId).orderBy('is_default', 'desc').orderBy('id', 'asc').execute();
}

/** How many addresses the customer keeps. */
export async function countCustomerAddresses(db: Db, customerId: number): Promise<number> {
  const count = await db
    .selectFrom('addresses')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('customer_id', '=', customerId)
    .executeTakeFirstOrThrow();
  return Number(count.n);
}

/** The id of the customer's oldest address; undefined when none is left. */
export async function findOldestAddressId(db: Db, customerId: number): Promise<number | undefined> {
  return (await db.selectFrom('addresses').select('id').where('customer_id', '=', customerId).orderBy('id', 'asc').executeTakeFirst())?.id;
}

/** Stores a new address and answers its id. */
export async function insertAddress(db: Db, values: Insertable<AddressTable>): Promise<number> {
  return (await db.insertInto('addresses').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateAddress(db: Db, addressId: number, changes: Updateable<AddressTable>): Promise<void> {
  await db.updateTable('addresses').set(changes).where('id', '=', addressId).execute();
}

export async function deleteAddress(db: Db, addressId: number): Promise<void> {
  await db.deleteFrom('addresses').where('id', '=', addressId).execute();
}

/** Clears the default flag of every other address of the customer that has it. */
export async function clearOtherDefaultAddresses(db: Db, customerId: number, addressId: number, at: string): Promise<void> {
  await db
    .updateTable('addresses')
    .set({ is_default: 0, updated_at: at })
    .where('customer_id', '=', customerId)
    .where('id', '!=', addressId)
    .where('is_default', '=', 1)
    .execute();
}

export async function markAddressDefault(db: Db, addressId: number, at: string): Promise<void> {
  await db.updateTable('addresses').set({ is_default: 1, updated_at: at }).where('id', '=', addressId).execute();
}

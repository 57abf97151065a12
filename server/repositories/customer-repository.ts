import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { preparedQuery } from '../db/prepared-query.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Creates the customer of a first login with an empty wallet and no points; a customer who
 * already exists (company and mobile are unique) is left as is. True when this call created one.
 */
export async function insertCustomerIfNew(db: Db, customer: { companyId: number; mobile: string; at: string }): Promise<boolean> {
  const inserted = await db
    .insertInto('customers')
    .values({
      company_id: customer.companyId,
      mobile: customer.mobile,
      name: '',
      email: '',
      wallet_balance: 0,
      loyalty_points: 0,
      created_at: customer.at,
      updated_at: customer.at,
    })
    .onConflict((oc) => oc.columns(['company_id', 'mobile']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** The company's customer with this mobile number, who the caller knows exists. */
export function getCustomerByMobile(db: Db, companyId: number, mobile: string) {
  return db
    .selectFrom('customers')
    .select(['id', 'company_id', 'mobile', 'name'])
    .where('company_id', '=', companyId)
    .where('mobile', '=', mobile)
    .executeTakeFirstOrThrow();
}

/** Whose a token is and which token version is current (a sign-out raises it); undefined when the customer is gone. */
export function findCustomerStanding(db: Db, customerId: number) {
  return db.selectFrom('customers').select(['company_id', 'token_version']).where('id', '=', customerId).executeTakeFirst();
}

/** The customer's current token version; undefined when the customer is gone. */
export function findTokenVersion(db: Db, customerId: number) {
  return db.selectFrom('customers').select('token_version').where('id', '=', customerId).executeTakeFirst();
}

/**
 * Raises the customer's token version by one in a single statement (every earlier token stops
 * working) and answers the new one; undefined when no such customer is in the company.
 */
export function bumpTokenVersion(db: Db, customerId: number, companyId: number) {
  return db
    .updateTable('customers')
    .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
    .where('id', '=', customerId)
    .where('company_id', '=', companyId)
    .returning('token_version')
    .executeTakeFirst();
}

/** The customer's wallet balance (paise) and loyalty points, for a customer the caller knows exists. */
export function getWalletAndPoints(db: Db, customerId: number) {
  return db.selectFrom('customers').select(['wallet_balance', 'loyalty_points']).where('id', '=', customerId).executeTakeFirstOrThrow();
}

/** The customer's wallet balance (paise), for a customer the caller knows exists. */
export async function getWalletBalance(db: Db, customerId: number): Promise<number> {
  return (await db.selectFrom('customers').select('wallet_balance').where('id', '=', customerId).executeTakeFirstOrThrow()).wallet_balance;
}

/** The customer's loyalty points, for a customer the caller knows exists. */
export async function getLoyaltyPoints(db: Db, customerId: number): Promise<number> {
  return (await db.selectFrom('customers').select('loyalty_points').where('id', '=', customerId).executeTakeFirstOrThrow()).loyalty_points;
}

/** Whom a mail about an order goes to (hot: every placed order's confirmation reads it). */
export const selectCustomerContact = preparedQuery((db, id: number) => db.selectFrom('customers').select(['name', 'email']).where('id', '=', id));

/** The company's customer with this id, whole row; undefined for another company's or a missing customer. */
export function findCompanyCustomer(db: Db, customerId: number, companyId: number) {
  return db.selectFrom('customers').selectAll().where('id', '=', customerId).where('company_id', '=', companyId).executeTakeFirst();
}

/** Sets the customer's name and email; false when no such customer is in the company. */
export async function updateCustomerProfile(
  db: Db,
  profile: { customerId: number; companyId: number; name: string; email: string; at: string },
): Promise<boolean> {
  const updated = await db
    .updateTable('customers')
    .set({ name: profile.name, email: profile.email, updated_at: profile.at })
    .where('id', '=', profile.customerId)
    .where('company_id', '=', profile.companyId)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

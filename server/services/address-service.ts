import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import type { AddressTable } from '../db/customer-tables.js';
import { badRequest, notFound } from '../lib/http-errors.js';
import { nowIso } from '../lib/clock.js';
import {
  clearOtherDefaultAddresses,
  countCustomerAddresses,
  deleteAddress,
  findCustomerAddress,
  findOldestAddressId,
  insertAddress,
  listCustomerAddresses,
  markAddressDefault,
  updateAddress,
} from '../repositories/address-repository.js';
import { ADDRESS_LIMITS } from '../../contract/address.rules.js';
import type { AddressInput } from '../../contract/address.schemas.js';

type Db = Kysely<Database> | Transaction<Database>;
export type AddressRow = Selectable<AddressTable>;

function columns(address: AddressInput) {
  return {
    name: address.Name,
    phone: address.Phone,
    house: address.House,
    street: address.Street,
    landmark: address.Landmark ?? '',
    city: address.City,
    state: address.State,
    pincode: address.Pincode,
    latitude: address.Latitude ?? null,
    longitude: address.Longitude ?? null,
  };
}

/** Reads an address of the caller; another customer's address is simply not found. */
async function ownAddress(db: Db, customerId: number, id: number): Promise<AddressRow> {
  const row = await findCustomerAddress(db, customerId, id);
  if (!row) throw notFound('That address was not found.');
  return row;
}

/** Exactly one default per customer: the chosen one, every other cleared. */
async function makeDefault(db: Db, customerId: number, id: number): Promise<void> {
  const now = nowIso();
  await clearOtherDefaultAddresses(db, customerId, id, now);
  await markAddressDefault(db, id, now);
}

/** The customer's saved addresses, default first. */
export function listAddresses(db: Db, customerId: number): Promise<AddressRow[]> {
  return listCustomerAddresses(db, customerId);
}

/** Adds a checked address within the customer's limit; the first one, or one marked IsDefault, becomes the default. */
export function addAddress(db: Kysely<Database>, customerId: number, address: AddressInput): Promise<AddressRow> {
  return db.transaction().execute(async (trx) => {
    const existing = await countCustomerAddresses(trx, customerId);
    if (existing >= ADDRESS_LIMITS.perCustomer) {
      throw badRequest(`You can keep at most ${ADDRESS_LIMITS.perCustomer} addresses. Delete one you no longer use first.`);
    }
    const now = nowIso();
    const id = await insertAddress(trx, { customer_id: customerId, ...columns(address), is_default: 0, created_at: now, updated_at: now });
    if (existing === 0 || address.IsDefault) await makeDefault(trx, customerId, id);
    return ownAddress(trx, customerId, id);
  });
}

/** Changes a checked address of the customer; IsDefault true makes it the default. */
export function changeAddress(db: Kysely<Database>, customerId: number, id: number, address: AddressInput): Promise<AddressRow> {
  return db.transaction().execute(async (trx) => {
    await ownAddress(trx, customerId, id);
    await updateAddress(trx, id, { ...columns(address), updated_at: nowIso() });
    // Clearing IsDefault is ignored: a customer always has one default, changed by choosing another.
    if (address.IsDefault) await makeDefault(trx, customerId, id);
    return ownAddress(trx, customerId, id);
  });
}

/** Deletes an address of the customer; deleting the default promotes the oldest remaining one. Answers the addresses left. */
export function removeAddress(db: Kysely<Database>, customerId: number, id: number): Promise<AddressRow[]> {
  return db.transaction().execute(async (trx) => {
    const row = await ownAddress(trx, customerId, id);
    await deleteAddress(trx, row.id);
    if (row.is_default === 1) {
      const next = await findOldestAddressId(trx, customerId);
      if (next !== undefined) await makeDefault(trx, customerId, next);
    }
    return listAddresses(trx, customerId);
  });
}
